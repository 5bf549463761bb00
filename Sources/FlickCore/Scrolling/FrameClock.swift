/// A source of "now", in seconds, for code driven frame by frame. Physics never reads a
/// clock itself — each call takes the time — so tests pass a ``SimulatedClock`` and advance
/// it by hand, and nothing ever sleeps.
public protocol FrameClock {
    /// Seconds since an arbitrary fixed origin; never decreases.
    var now: Double { get }
}

/// A clock that moves only when told (swift-nio's `advanceTime(by:)` idea). Plain value;
/// safe on any thread.
public struct SimulatedClock: FrameClock, Sendable {
    public private(set) var now: Double

    public init(now: Double = 0) {
        self.now = now
    }

    /// Moves time forward by `seconds` (≥ 0).
    public mutating func advance(by seconds: Double) {
        precondition(seconds >= 0 && seconds.isFinite, "time only moves forward, got \(seconds)")
        now += seconds
    }
}

/// The real monotonic clock (`ContinuousClock`), as seconds since this value was made.
public struct MonotonicClock: FrameClock, Sendable {
    private let origin = ContinuousClock.now

    public init() {}

    public var now: Double {
        let elapsed = ContinuousClock.now - origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
}
