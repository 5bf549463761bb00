import Dispatch
import Glibc
import HeapModule

/// A fixed pool of serial dispatch queues per QoS lane, each owning a private worker context.
///
/// This is seed 002's "优化六": a concurrent queue would spawn a thread per blocked task
/// under a burst of draws; serial queues, as many per lane as there are active cores, keep
/// each lane able to fill the CPU and no more. Each queue lazily creates its own `Context`
/// on itself the first time it runs work and never lets it leave: for text that context is
/// a Pango font map, which corrupts memory when two threads share it (docs/PLATFORM-NOTES.md).
///
/// Work is ordered by `priority` (smaller first; the row store passes the predicted
/// seconds until a row is on screen), can be pinned to one queue with `affinity` (so a
/// layout and its later raster meet the same font map), and can be cancelled until it
/// starts. All methods are safe to call from any thread and never block on work.
///
/// ```swift
/// let pool = QueuePool<TextContext> { _ in TextContext() }
/// let ticket = pool.submit(.userInteractive, priority: 0.016) { session in
///     let layout = session.context.layout(text, width: 345)
///     ...
/// }
/// ticket.cancel()  // the row left the screen
/// ```
public final class QueuePool<Context>: Sendable {
    /// Serial queues in each lane.
    public let queuesPerLane: Int
    private let lanes: [PoolLane<Context>]
    private let sequence = LockedBox<UInt64>(0)
    private let outstanding = DispatchGroup()

    /// - Parameters:
    ///   - queuesPerLane: serial queues per lane; default: the active core count.
    ///   - label: prefix of the queues' labels, shown in debuggers and crash logs.
    ///   - workerNice: Linux nice value of worker threads; default 10, so the main thread
    ///     (nice 0) gets ~90% of a contended core. 0 leaves priorities alone.
    ///   - makeContext: builds a worker's context; runs on that worker's own queue, once.
    public init(
        queuesPerLane: Int = QueuePool.activeCoreCount,
        label: String = "flick.pool",
        workerNice: Int32 = 10,
        makeContext: @escaping @Sendable (WorkerID) -> Context
    ) {
        precondition(queuesPerLane > 0, "a lane needs at least one queue")
        self.queuesPerLane = queuesPerLane
        lanes = WorkerLane.allCases.map { lane in
            PoolLane(lane: lane, queueCount: queuesPerLane, label: label, nice: workerNice, makeContext: makeContext)
        }
    }

    /// Active processor cores of this machine (seed 002 sizes each lane to them).
    public static var activeCoreCount: Int { ActiveCores.count }

    /// Queues `work` on `lane`.
    ///
    /// - Parameters:
    ///   - priority: smaller runs first among the lane's waiting work.
    ///   - affinity: when set, the work runs on queue `affinity % queuesPerLane` of the lane,
    ///     so work sharing a key shares a worker context; otherwise the first free queue takes it.
    /// - Returns: a ticket that can cancel the work before it starts.
    @discardableResult
    public func submit(
        _ lane: WorkerLane, priority: Double = 0, affinity: UInt64? = nil,
        _ work: @escaping @Sendable (WorkerSession<Context>) -> Void
    ) -> WorkTicket {
        let ticket = WorkTicket()
        let number = sequence.withLock { value -> UInt64 in
            value &+= 1
            return value
        }
        outstanding.enter()
        let group = outstanding
        let job = PoolJob(
            priority: priority, sequence: number, ticket: ticket, work: work, onDone: {
                group.leave()
                FrameWake.shared.signal()  // its result is posted: a host sleeping at rest takes it
            })
        lanes[lane.rawValue].enqueue(job, affinity: affinity)
        return ticket
    }

    /// Blocks the calling thread until every job submitted so far has run or been skipped
    /// as cancelled, and every queue has left its drain loop (a queue that ran its last job
    /// but had not looked at its heaps again would take the next job at once, unheld by
    /// `HeldWakes`). For tests and command-line tools; never call it on the main thread of an
    /// interactive app.
    public func waitUntilIdle() {
        outstanding.wait()
        while lanes.contains(where: \.isDraining) {
            usleep(100)
            outstanding.wait()
        }
    }

    /// Jobs waiting (not yet started) in `lane`, cancelled ones included until skipped.
    public func waitingCount(_ lane: WorkerLane) -> Int {
        lanes[lane.rawValue].waitingCount
    }
}
