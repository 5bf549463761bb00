/// The handle to one piece of work submitted to a `QueuePool`.
///
/// Cancelling before the work starts guarantees it never runs; cancelling while it runs
/// raises `isCancelled`, which long work checks between its steps (seed 002 "优化四":
/// cancel draws for rows that scrolled away). Safe to use from any thread.
public final class WorkTicket: Sendable {
    /// Where a piece of work is in its life.
    public enum State: Sendable, Equatable {
        case pending
        case running
        case finished
        /// Cancelled before it started: it never ran and never will.
        case cancelled
    }

    private struct Storage: Sendable {
        var state: State = .pending
        var cancelRequested = false
    }

    private let storage = LockedBox(Storage())

    init() {}

    public var state: State { storage.value.state }

    /// True once `cancel()` was called, whether or not the work had started.
    public var isCancelled: Bool { storage.value.cancelRequested }

    /// Asks the work not to run, or to stop early if it already runs.
    /// - Returns: `true` when the work had not started, so it is now guaranteed never to run.
    @discardableResult
    public func cancel() -> Bool {
        storage.withLock { storage in
            storage.cancelRequested = true
            guard storage.state == .pending else { return false }
            storage.state = .cancelled
            return true
        }
    }

    /// Moves pending → running; `false` when the work was cancelled first (then it must not run).
    func begin() -> Bool {
        storage.withLock { storage in
            guard storage.state == .pending else { return false }
            storage.state = .running
            return true
        }
    }

    func finish() {
        storage.withLock { $0.state = .finished }
    }
}
