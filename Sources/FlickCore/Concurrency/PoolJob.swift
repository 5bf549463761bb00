/// One submission waiting in a lane's heap. Smaller `priority` runs first; equal priorities
/// run in submission order.
struct PoolJob<Context>: Comparable, Sendable {
    let priority: Double
    let sequence: UInt64
    let ticket: WorkTicket
    let work: @Sendable (WorkerSession<Context>) -> Void
    /// Called once the job has run or been skipped as cancelled.
    let onDone: @Sendable () -> Void

    static func < (lhs: PoolJob, rhs: PoolJob) -> Bool {
        if lhs.priority != rhs.priority { return lhs.priority < rhs.priority }
        return lhs.sequence < rhs.sequence
    }

    static func == (lhs: PoolJob, rhs: PoolJob) -> Bool {
        lhs.sequence == rhs.sequence
    }
}
