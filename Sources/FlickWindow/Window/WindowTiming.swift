/// Frame timing from the window's own clock: when each frame's work began and when its present
/// returned. Counts frames whose work overran the budget, and hitches: a present that came more
/// than half a frame late, so the frame before it stayed on screen for an extra refresh (or
/// more). Running totals, O(1) per frame, so the HUD can show them for a run of any length.
/// Pure value; any thread.
public struct WindowTiming: Hashable, Sendable {
    /// One frame interval, ms (1000 / hz).
    public let budgetMilliseconds: Double
    public private(set) var frames = 0
    /// Frames whose work — events, engine, drawing and present — took longer than the budget.
    public private(set) var framesOverBudget = 0
    /// Refreshes that showed a frame again because the next one was late (whole intervals
    /// between presents beyond the first, counted when the gap is over 1.5 intervals).
    public private(set) var missedFrames = 0
    /// Milliseconds by which presents were late: for each gap between presents over 1.5
    /// intervals, the gap minus one interval (Apple's hitch time).
    public private(set) var hitchMilliseconds = 0.0
    /// Seconds the window slept at rest (`rested(until:)`): no frame was due.
    public private(set) var restedSeconds = 0.0
    private var firstStart: Double?
    /// The last present, for the gap to the next; nil after a rest.
    private var lastEnd: Double?
    private var lastPresent: Double?

    public init(hz: Double) {
        budgetMilliseconds = 1000 / max(1, hz)
    }

    /// Adds a frame that began at `start` and was presented at `end`, seconds on the window's clock.
    public mutating func add(start: Double, end: Double) {
        frames += 1
        if (end - start) * 1000 > budgetMilliseconds { framesOverBudget += 1 }
        if firstStart == nil { firstStart = start }
        if let lastEnd {
            let gap = (end - lastEnd) * 1000
            if gap > budgetMilliseconds * 1.5 {
                hitchMilliseconds += gap - budgetMilliseconds
                missedFrames += max(1, Int((gap / budgetMilliseconds).rounded()) - 1)
            }
        }
        lastEnd = end
        lastPresent = end
    }

    /// The window slept at rest from its last present until `time` (seconds on its clock): no
    /// frame was due, so the gap is no hitch and no part of the run's time.
    public mutating func rested(until time: Double) {
        guard let lastEnd else { return }
        restedSeconds += max(0, time - lastEnd)
        self.lastEnd = nil
    }

    /// Seconds from the first frame's start to the last present, rests left out.
    public var seconds: Double {
        guard let firstStart, let lastPresent else { return 0 }
        return max(0, lastPresent - firstStart - restedSeconds)
    }

    /// Hitch milliseconds per second of the run (Apple's hitch-time ratio; under 5 is good).
    public var hitchMillisecondsPerSecond: Double { seconds > 0 ? hitchMilliseconds / seconds : 0 }

    public var overBudgetPercent: Double { frames > 0 ? Double(framesOverBudget) / Double(frames) * 100 : 0 }
}
