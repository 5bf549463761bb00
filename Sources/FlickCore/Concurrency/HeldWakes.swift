/// Worker wake-ups held while the main thread composes a frame, and started when it is done.
///
/// Waking an idle pool queue posts a semaphore to one of dispatch's threads, and on a loaded
/// 2-core machine the woken thread often takes the core from the thread that woke it before it
/// has lowered its own priority (`QueuePool.workerNice` is applied at the start of a drain).
/// A jump submits dozens of layouts in one frame: each wake could cost the frame a slice of a
/// worker's run — measured as 7–18 ms frames whose main-thread CPU was under 1.5 ms. While a
/// frame holds the wakes, submissions only queue their work (priorities, cancellation and
/// order are unchanged) and the queues they would have woken are started together when the
/// frame's work ends: by then the frame is composed, and the workers have the cores until the
/// next one.
///
/// Process-wide: any pool's submissions during a hold wait for its end, whatever thread they
/// come from — at most one frame's work, well under a millisecond normally. Holds nest.
/// Thread-safe.
public enum HeldWakes {
    private struct State: Sendable {
        var depth = 0
        var pending: [@Sendable () -> Void] = []
    }

    private static let state = LockedBox(State())

    /// Runs `body` with worker wake-ups held, then starts every queue a submission in it would
    /// have woken. For the main thread's frame; never wait for pool work inside `body` (the
    /// work may not have started).
    public static func holding<Value>(_ body: () throws -> Value) rethrows -> Value {
        let hold = begin()
        do {
            let value = try body()
            hold.end()
            return value
        } catch {
            hold.end()
            throw error
        }
    }

    /// Holds wake-ups until the returned hold ends (`end()`, or when it is dropped): for a
    /// frame whose phases are separate calls (a toolkit's update and paint), held from the
    /// first to the last.
    public static func begin() -> Hold {
        state.withLock { $0.depth += 1 }
        return Hold()
    }

    /// A hold on worker wake-ups; ending it (or dropping it) starts what it held once no
    /// other hold is in effect.
    public struct Hold: ~Copyable {
        fileprivate init() {}

        /// Ends the hold now.
        public consuming func end() {}

        deinit { HeldWakes.release() }
    }

    private static func release() {
        let starts = state.withLock { state -> [@Sendable () -> Void] in
            state.depth -= 1
            guard state.depth == 0 else { return [] }
            let pending = state.pending
            state.pending = []
            return pending
        }
        for start in starts { start() }
    }

    /// Whether a hold is in effect now (tests and diagnostics).
    public static var isHolding: Bool { state.withLock { $0.depth > 0 } }

    /// Runs `start` — a call that wakes another thread, such as a queue's `async` — now, or
    /// when the current hold ends. Pool submissions go through it; so do the other wakes a
    /// frame causes (page reads, background releases). `first`: started before the wakes
    /// held so far (the frame's own pixels, which a display waits for, before the workers'
    /// queues). Any thread.
    public static func wake(first: Bool = false, _ start: @escaping @Sendable () -> Void) {
        let held = state.withLock { state -> Bool in
            guard state.depth > 0 else { return false }
            if first { state.pending.insert(start, at: 0) } else { state.pending.append(start) }
            return true
        }
        if !held { start() }
    }
}
