import Dispatch
#if canImport(Glibc)
import CFlickSys
import Glibc
#endif

/// One serial queue of the pool and the context only it may touch.
///
/// `@unchecked Sendable` is sound because `context` is read and written only inside blocks
/// running on `queue` (checked by `dispatchPrecondition` in debug builds).
final class PoolWorker<Context>: @unchecked Sendable {
    let id: WorkerID
    let queue: DispatchQueue
    private let makeContext: @Sendable (WorkerID) -> Context
    private var context: Context?

    /// Nice value the worker's thread runs at (see `QueuePool.workerNice`).
    private let nice: Int32

    init(id: WorkerID, label: String, nice: Int32, makeContext: @escaping @Sendable (WorkerID) -> Context) {
        self.id = id
        self.nice = nice
        self.makeContext = makeContext
        queue = DispatchQueue(label: "\(label).\(id)", qos: id.lane.qos)
    }

    /// Runs `job` unless it was cancelled before starting. Call only on `queue`.
    func run(_ job: PoolJob<Context>) {
        dispatchPrecondition(condition: .onQueue(queue))
        defer { job.onDone() }
        guard job.ticket.begin() else { return }
        let context = self.context ?? makeContext(id)
        self.context = context
        job.work(WorkerSession(context: context, worker: id, ticket: job.ticket))
        job.ticket.finish()
    }

    /// Dispatch's QoS does not change thread priority on Linux, so a busy pool would take the
    /// CPU from the main thread on a 2-core machine. Each drain of the queue first sets its
    /// thread's nice value (per thread on Linux) so the compositing main thread always wins;
    /// a drain runs on one thread from start to end. Call only on `queue`.
    func lowerThreadPriority() {
        #if os(Linux)
        guard nice != 0 else { return }
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(flick_current_thread_id()), nice)
        #endif
    }
}
