import FlickCore
import FlickList

/// How a host rests: the one rule both hosts (the SDL window and the GTK widget) follow.
///
/// After a frame, a host whose engine is at rest (`ListEngine.isAtRest`) and that has nothing
/// of its own under way (a rebuild, a pointer a script holds) runs no more frames: it sleeps
/// until input arrives, a worker's result lands (`FrameWake`), or the earliest deadline (a frame
/// the client asked for — a poll, a find bar's typing pause — or the host's own, a status
/// message to clear) — at most `backstop`. Woken, it runs
/// the next frame at once. Lockstep runs (tests, the benchmark) never rest: their frames are
/// their clock.
public struct RestConfiguration: Sendable, Hashable {
    /// Whether the host sleeps at rest at all. Default true: a list at rest should cost nothing.
    public var enabled = true
    /// The longest sleep with no wake, seconds. Default 5: every result that lands signals
    /// `FrameWake`, so this is only a backstop for one that did not. Each backstop frame wakes
    /// the main thread and the present thread (measured: 2 s cost 1.5–2.6 wake-ups a second
    /// with the HUD on, against the target of ≤ 2).
    public var backstop = 5.0

    public init() {}
}

public enum HostRest {
    /// How long a host may sleep after a frame, seconds (0: a deadline is due now, run the
    /// frame), or nil when the next frame is due on time (something moves, animates or waits).
    /// - Parameters:
    ///   - busy: the host has something of its own under way that needs frames.
    ///   - deadline: when the host itself needs its next frame, on the engine's clock.
    @MainActor
    public static func sleep<Source>(
        engine: ListEngine<Source>, now: Double, busy: Bool, deadline: Double?, configuration: RestConfiguration
    ) -> Double? {
        guard configuration.enabled, !busy, engine.isAtRest else { return nil }
        let earliest = [engine.requestedFrameTime, deadline].compactMap { $0 }.min()
        guard let earliest else { return configuration.backstop }
        return min(configuration.backstop, max(0, earliest - now))
    }
}

/// How often a host slept at rest. Main thread (the host's).
public struct RestStatistics: Sendable, Hashable {
    /// Rests so far.
    public private(set) var rests = 0
    /// Whether a rest is under way.
    public private(set) var isResting = false

    public init() {}

    public mutating func began() {
        guard !isResting else { return }
        rests += 1
        isResting = true
    }

    public mutating func ended() { isResting = false }
}
