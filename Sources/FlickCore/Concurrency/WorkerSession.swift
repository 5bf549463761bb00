/// What a piece of pool work receives while it runs on its worker's queue.
///
/// `context` is the worker's own context (for text, its Pango font map). It belongs to that
/// queue alone: use it during the call, never store it or hand it to another thread (the
/// compiler refuses to send a non-`Sendable` context across threads).
public struct WorkerSession<Context> {
    /// The worker's private context, created on this queue the first time it was needed.
    public let context: Context
    /// Which queue is running the work.
    public let worker: WorkerID
    /// The work's ticket: check `isCancelled` between expensive steps.
    public let ticket: WorkTicket

    /// True once someone cancelled this work; stop at the next step boundary.
    public var isCancelled: Bool { ticket.isCancelled }
}
