import Dispatch

extension DataWindow {
    /// How much of the timeline a data window keeps in memory and how it loads it.
    public struct Configuration: Sendable {
        /// Rows per page, the unit of loading and eviction. Default 64: a page is one indexed
        /// range read of a few tens of KB, about two screenfuls of posts.
        public var pageSize: Int = 64
        /// Pages held in memory, loaded or loading. Default 16 (1,024 rows, roughly 30
        /// screenfuls): memory stays in the low megabytes whatever the store's size.
        public var maxResidentPages: Int = 16
        /// Rows on each side of the target that `prefetch(around:)` loads by default.
        /// Default 128 (two pages each way): the landing screen plus the rows a settling
        /// fling overshoots.
        public var prefetchRadius: Int = 128
        /// QoS of the loading queue the window creates when no executor is given. Default
        /// `.userInitiated`: rows the user is about to see, below drawing work.
        public var qos: DispatchQoS = .userInitiated

        public init() {}

        /// The defaults above.
        public static let `default` = Configuration()

        /// Most rows held in memory: `pageSize × maxResidentPages`.
        public var capacity: Int { pageSize * maxResidentPages }
    }

    /// Counters for tests and debug overlays.
    public struct Statistics: Sendable, Hashable {
        /// Page loads handed to the executor.
        public var submitted = 0
        /// Loads whose posts became resident.
        public var completed = 0
        /// Loads skipped before reading because their page was evicted or reset meanwhile.
        public var cancelled = 0
        /// Loads that read posts but whose page was no longer wanted; the posts were dropped.
        public var dropped = 0
        /// Loads whose read threw.
        public var failed = 0

        public init() {}
    }

    /// Told to the caller (on its callback queue) when a page finished loading.
    public enum Event: Sendable {
        /// `rows` now have posts (`post(at:)` returns them).
        case loaded(rows: Range<Int>)
        /// Reading `rows` failed; they stay placeholders until requested again.
        case failed(rows: Range<Int>, error: any Error)
    }
}
