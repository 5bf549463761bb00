/// Metrics of a run, computed from its frame log: what the benchmark prints and what tests
/// check on synthetic logs. Pure; any thread.
public struct RunSummary: Hashable, Sendable {
    /// Main-thread milliseconds per frame above which a frame is janky (one frame interval).
    public let budgetMilliseconds: Double
    public let frameCount: Int
    public let p50: Double
    public let p90: Double
    public let p99: Double
    public let max: Double
    /// Frames whose main-thread work exceeded the budget.
    public let jankyFrames: Int
    /// Milliseconds over budget per second of run time (Apple's hitch-time ratio).
    public let hitchMillisecondsPerSecond: Double
    /// Frames that showed any blank row area.
    public let blankFrames: Int
    /// Mean share of the viewport that was blank, percent.
    public let meanBlankPercent: Double
    /// Mean share of the viewport showing rows' own skeletons, percent.
    public let meanSkeletonPercent: Double
    /// Of `meanSkeletonPercent`: mean share showing kind skeletons (rows with no layout yet,
    /// drawn from their kind and size), percent.
    public let meanKindSkeletonPercent: Double
    /// Mean share of the viewport showing the generic placeholder tile (rows with neither a
    /// layout nor a kind skeleton), percent.
    public let meanPlaceholderPercent: Double
    /// Milliseconds from each settle until the visible rows were fully drawn (0 when drawn at
    /// the settle frame; `nil` entries mean never within the run).
    public let settleToDrawnMilliseconds: [Double?]
    /// Milliseconds from each settle until the visible rows were fully drawn and every image
    /// on them was shown (loaded or its error tile).
    public let settleToImagesMilliseconds: [Double?]

    /// - Parameters:
    ///   - settles: frame indices at which scrolling came to rest.
    public init(frames: [FrameStats], hz: Double, settles: [Int] = []) {
        budgetMilliseconds = 1000 / hz
        frameCount = frames.count
        let sorted = frames.map(\.mainThreadMilliseconds).sorted()
        p50 = Self.percentile(0.5, ofSorted: sorted)
        p90 = Self.percentile(0.9, ofSorted: sorted)
        p99 = Self.percentile(0.99, ofSorted: sorted)
        max = sorted.last ?? 0
        let budget = budgetMilliseconds
        jankyFrames = frames.filter { $0.mainThreadMilliseconds > budget }.count
        let late = frames.reduce(0) { $0 + Swift.max(0, $1.mainThreadMilliseconds - budget) }
        let seconds = Double(frames.count) / hz
        hitchMillisecondsPerSecond = seconds > 0 ? late / seconds : 0
        blankFrames = frames.filter { $0.rowsBlank > 0 || $0.blankPixels > 0 }.count
        let count = Double(Swift.max(1, frames.count))
        meanBlankPercent = frames.reduce(0) { $0 + $1.blankFraction } / count * 100
        meanSkeletonPercent = frames.reduce(0) { $0 + $1.skeletonFraction } / count * 100
        meanKindSkeletonPercent = frames.reduce(0) { $0 + $1.kindSkeletonFraction } / count * 100
        meanPlaceholderPercent = frames.reduce(0) { $0 + $1.placeholderFraction } / count * 100
        settleToDrawnMilliseconds = Self.delays(after: settles, in: frames, hz: hz) { $0.allRowsDrawn }
        settleToImagesMilliseconds = Self.delays(after: settles, in: frames, hz: hz) { $0.allRowsDrawn && $0.imagesPending == 0 }
    }

    /// Milliseconds from each settle to the first frame at or after it that passes `done`
    /// (`nil`: none in the log).
    private static func delays(after settles: [Int], in frames: [FrameStats], hz: Double, until done: (FrameStats) -> Bool) -> [Double?] {
        settles.map { settle in
            frames.first { $0.index >= settle && done($0) }.map { Double($0.index - settle) * 1000 / hz }
        }
    }

    /// The value at percentile `p` (0…1, clamped) of `sorted` (ascending) by nearest rank:
    /// the element at ⌊count × p⌋, the last for p = 1; 0 when empty. The one definition the
    /// benchmark, the demo report and the window's HUD share.
    public static func percentile(_ p: Double, ofSorted sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int(Double(sorted.count) * Swift.min(Swift.max(p, 0), 1))
        return sorted[Swift.min(sorted.count - 1, rank)]
    }

    public var jankyPercent: Double { frameCount == 0 ? 0 : Double(jankyFrames) / Double(frameCount) * 100 }

    /// The settle-to-drawn delay at percentile `p` (never-drawn settles count as infinite).
    public func settleToDrawn(percentile p: Double) -> Double {
        Self.percentile(p, of: settleToDrawnMilliseconds)
    }

    /// The settle-to-images-final delay at percentile `p` (never counts as infinite).
    public func settleToImages(percentile p: Double) -> Double {
        Self.percentile(p, of: settleToImagesMilliseconds)
    }

    private static func percentile(_ p: Double, of delays: [Double?]) -> Double {
        percentile(p, ofSorted: delays.map { $0 ?? .infinity }.sorted())
    }
}
