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
    /// a drain runs on one thread from start to end. Returns the thread's nice value before,
    /// for `restoreThreadPriority`. Call only on `queue`.
    func lowerThreadPriority() -> Int32? {
        #if os(Linux)
        guard nice != 0 else { return nil }
        let thread = id_t(flick_current_thread_id())
        errno = 0
        let previous = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread)
        guard errno == 0, previous != nice else { return nil }
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, nice)
        return previous
        #else
        return nil
        #endif
    }

    /// Gives the thread back its nice value at the end of a drain: dispatch threads are shared
    /// with every other queue of their QoS (the data window's loads, the height writer), which
    /// must not inherit the pool's. Lowering nice needs `CAP_SYS_NICE`; without it the thread
    /// stays niced, the only effect being that later work on it yields to the main thread too.
    func restoreThreadPriority(_ previous: Int32?) {
        #if os(Linux)
        guard let previous else { return }
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(flick_current_thread_id()), previous)
        #endif
    }
}
