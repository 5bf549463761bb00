import Dispatch

/// One serial queue of the pool and the context only it may touch.
///
/// `@unchecked Sendable` is sound because `context` is read and written only inside blocks
/// running on `queue` (checked by `dispatchPrecondition` in debug builds).
final class PoolWorker<Context>: @unchecked Sendable {
    let id: WorkerID
    let queue: DispatchQueue
    private let makeContext: @Sendable (WorkerID) -> Context
    private var context: Context?

    init(id: WorkerID, label: String, makeContext: @escaping @Sendable (WorkerID) -> Context) {
        self.id = id
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
}
