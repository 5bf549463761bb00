import FlickCore

/// The HUD's frame-time graph as rectangles: one bar per frame, newest at the right, height
/// proportional to its main-thread milliseconds, a line at the frame budget. Pure geometry in
/// viewport points; the window fills the bars with plain rects (no text on the main thread).
public struct FrameGraph: Hashable, Sendable {
    public struct Bar: Hashable, Sendable {
        public let rect: Rect
        /// The frame took longer than its budget (a dropped frame at this rate).
        public let overBudget: Bool
    }

    public let bars: [Bar]
    /// y of the budget line, points.
    public let budgetLineY: Double
    /// Milliseconds at the graph's top edge.
    public let ceilingMilliseconds: Double

    /// - Parameters:
    ///   - milliseconds: frame times, oldest first; only the newest that fit are drawn.
    ///   - frame: where the graph goes.
    ///   - budget: the frame budget (1000 / Hz), milliseconds.
    ///   - barWidth: points per bar; default 1.5.
    public init(milliseconds: [Double], in frame: Rect, budget: Double, barWidth: Double = 1.5) {
        let budget = max(0.1, budget)
        // The scale shows at least twice the budget, and grows in whole budgets to fit spikes
        // up to four budgets (taller spikes are clipped: the graph stays readable).
        let peak = milliseconds.max() ?? 0
        let ceiling = budget * min(4, max(2, (peak / budget).rounded(.up)))
        ceilingMilliseconds = ceiling
        let fitting = max(0, Int(frame.width / max(0.1, barWidth)))
        let shown = milliseconds.suffix(fitting)
        let startX = frame.maxX - Double(shown.count) * barWidth
        bars = shown.enumerated().map { index, value in
            let height = min(frame.height, max(0, value) / ceiling * frame.height)
            return Bar(
                rect: Rect(x: startX + Double(index) * barWidth, y: frame.maxY - height, width: barWidth, height: height),
                overBudget: value > budget)
        }
        budgetLineY = frame.maxY - budget / ceiling * frame.height
    }
}
