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
    /// Mean share of the viewport showing the placeholder tile (rows with no layout yet), percent.
    public let meanPlaceholderPercent: Double
    /// Frames that showed any placeholder tile.
    public let placeholderFrames: Int
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
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? 0 : sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }
        p50 = percentile(0.5)
        p90 = percentile(0.9)
        p99 = percentile(0.99)
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
        meanPlaceholderPercent = frames.reduce(0) { $0 + $1.placeholderFraction } / count * 100
        placeholderFrames = frames.filter { $0.rowsPlaceholder > 0 || $0.placeholderPixels > 0 }.count
        settleToDrawnMilliseconds = settles.map { settle in
            frames.first { $0.index >= settle && $0.allRowsDrawn }
                .map { Double($0.index - settle) * 1000 / hz }
        }
        settleToImagesMilliseconds = settles.map { settle in
            frames.first { $0.index >= settle && $0.allRowsDrawn && $0.imagesPending == 0 }
                .map { Double($0.index - settle) * 1000 / hz }
        }
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
        let values = delays.map { $0 ?? .infinity }.sorted()
        guard !values.isEmpty else { return 0 }
        return values[Swift.min(values.count - 1, Int(Double(values.count) * p))]
    }

    /// Share of settles whose landing rows were fully drawn by the settle frame itself.
    public var settlesDrawnOnArrival: Double {
        guard !settleToDrawnMilliseconds.isEmpty else { return 1 }
        return Double(settleToDrawnMilliseconds.filter { $0 == 0 }.count) / Double(settleToDrawnMilliseconds.count)
    }
}
