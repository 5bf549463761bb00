extension HeightIndex {
    /// How a ``HeightIndex`` estimates rows it has not measured.
    public struct Configuration: Sendable, Hashable {
        /// Height given to unmeasured rows before any row is measured, points. Default 120:
        /// a one-paragraph timeline post; any guess works, a close one only means less
        /// correction as exact heights arrive.
        public var estimatedRowHeight: Double = 120
        /// How estimates follow measurements. Default `.runningAverage`.
        public var estimation: Estimation = .runningAverage
        /// Number of row kinds (0…8) given separate estimates. Default 0: one estimate for all
        /// rows. Each kind adds 4 bytes per covered row, so keep it to the kinds whose heights
        /// really differ (text-only, one image, a grid, a repost…).
        public var kindCount: Int = 0 {
            didSet { precondition((0...Self.maximumKindCount).contains(kindCount), "kindCount must be 0…8, got \(kindCount)") }
        }

        /// The most kinds an index estimates apart.
        public static let maximumKindCount = 8

        public init(estimatedRowHeight: Double = 120, estimation: Estimation = .runningAverage, kindCount: Int = 0) {
            precondition(estimatedRowHeight.isFinite && estimatedRowHeight >= 0, "estimate must be finite and ≥ 0")
            precondition((0...Self.maximumKindCount).contains(kindCount), "kindCount must be 0…8, got \(kindCount)")
            self.estimatedRowHeight = estimatedRowHeight
            self.estimation = estimation
            self.kindCount = kindCount
        }

        public static let standard = Configuration()
    }

    /// How estimates follow measurements.
    public enum Estimation: Sendable, Hashable {
        /// Always `estimatedRowHeight`, for every kind.
        case fixed
        /// The mean of the exact heights currently held — per kind for tagged rows, overall for
        /// untagged ones — falling back to `estimatedRowHeight` while there are none. The
        /// estimate moves every time a height is measured; anchor the viewport with
        /// ``HeightIndex/setExactHeights(_:anchoredAt:)`` so visible rows do not jump.
        case runningAverage
    }

    /// Running sums of exact heights, and the estimates derived from them (recomputed in
    /// O(K) on every change so reads are free).
    struct Statistics: Sendable {
        let configuration: Configuration
        private(set) var exactSum = 0.0
        private(set) var exactCount = 0
        private(set) var exactSumByKind: [Double]
        private(set) var exactCountByKind: [Int]
        private(set) var overallEstimate: Double
        private(set) var kindEstimates: [Double]

        init(configuration: Configuration) {
            self.configuration = configuration
            exactSumByKind = Array(repeating: 0, count: configuration.kindCount)
            exactCountByKind = Array(repeating: 0, count: configuration.kindCount)
            overallEstimate = configuration.estimatedRowHeight
            kindEstimates = Array(repeating: configuration.estimatedRowHeight, count: configuration.kindCount)
        }

        /// Records an exact height joining (`sign` +1) or leaving (−1) the index.
        mutating func record(_ height: Double, kind: Int?, sign: Int) {
            exactCount += sign
            exactSum = exactCount == 0 ? 0 : exactSum + Double(sign) * height
            if let kind {
                exactCountByKind[kind] += sign
                exactSumByKind[kind] = exactCountByKind[kind] == 0 ? 0 : exactSumByKind[kind] + Double(sign) * height
            }
        }

        /// Brings the estimates up to date after a batch of `record` calls.
        mutating func refresh() {
            let fallback = configuration.estimatedRowHeight
            guard configuration.estimation == .runningAverage else { return }
            overallEstimate = exactCount > 0 ? max(0, exactSum / Double(exactCount)) : fallback
            for kind in kindEstimates.indices {
                let count = exactCountByKind[kind]
                kindEstimates[kind] = count > 0 ? max(0, exactSumByKind[kind] / Double(count)) : overallEstimate
            }
        }
    }
}
