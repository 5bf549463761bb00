import FlickList

/// The last few seconds of frames, for the HUD: main-thread milliseconds per frame and when
/// each frame started. Fixed capacity, no allocation after init. Pure value; any thread.
public struct FrameHistory: Sendable {
    public struct Sample: Hashable, Sendable {
        /// Wall-clock start of the frame, seconds.
        public var start: Double
        /// Main-thread work of the frame including present, milliseconds.
        public var milliseconds: Double
        /// Of `milliseconds`: sending the frame to the screen.
        public var presentMilliseconds = 0.0
    }

    public let capacity: Int
    private var ring: [Sample]
    private var next = 0
    public private(set) var count = 0
    /// End-to-end times of the last presents (frame start → the server completed the put), ms.
    private var presented: [Double]
    private var nextPresented = 0
    private var presentedCount = 0

    /// - Parameter capacity: frames kept; default 240 (2 s at 120 Hz, the graph's width).
    public init(capacity: Int = 240) {
        self.capacity = max(1, capacity)
        ring = Array(repeating: Sample(start: 0, milliseconds: 0), count: self.capacity)
        presented = Array(repeating: 0, count: self.capacity)
    }

    /// A present completed `milliseconds` after its frame started (it may land frames later).
    public mutating func notePresented(_ milliseconds: Double) {
        presented[nextPresented] = milliseconds
        nextPresented = (nextPresented + 1) % capacity
        presentedCount = min(presentedCount + 1, capacity)
    }

    /// The `p` percentile (0…1) of the kept presents' end-to-end milliseconds.
    public func presentedPercentile(_ p: Double) -> Double {
        RunSummary.percentile(p, ofSorted: presented.prefix(presentedCount).sorted())
    }

    public mutating func append(start: Double, milliseconds: Double, presentMilliseconds: Double = 0) {
        ring[next] = Sample(start: start, milliseconds: milliseconds, presentMilliseconds: presentMilliseconds)
        next = (next + 1) % capacity
        count = min(count + 1, capacity)
    }

    /// Samples oldest first.
    public var samples: [Sample] {
        (0..<count).map { ring[(next - count + $0 + capacity) % capacity] }
    }

    /// Frames per second over the last `window` seconds before the newest frame (0 with fewer
    /// than two frames in it).
    public func framesPerSecond(window: Double = 1) -> Double {
        let all = samples
        guard let last = all.last else { return 0 }
        let recent = all.filter { $0.start > last.start - window }
        guard recent.count >= 2, let first = recent.first, last.start > first.start else { return 0 }
        return Double(recent.count - 1) / (last.start - first.start)
    }

    /// The `p` percentile (0…1) of main-thread milliseconds over the kept frames.
    public func percentile(_ p: Double) -> Double {
        RunSummary.percentile(p, ofSorted: samples.map(\.milliseconds).sorted())
    }

    /// The `p` percentile (0…1) of present milliseconds over the kept frames.
    public func presentPercentile(_ p: Double) -> Double {
        RunSummary.percentile(p, ofSorted: samples.map(\.presentMilliseconds).sorted())
    }
}
