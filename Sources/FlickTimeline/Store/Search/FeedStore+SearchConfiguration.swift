extension FeedStore {
    /// How the find index is built and searched (`Configuration.search`).
    public struct SearchConfiguration: Sendable, Hashable {
        /// Posts indexed per committed transaction by `buildSearchIndex`. Default 5,000: a
        /// batch commits in tens of milliseconds, so a writer (a live page) waits at most that
        /// long, and a million posts report progress 200 times.
        public var backfillBatchSize: Int = 5_000
        /// Rows not yet indexed that one `search` call decodes and checks before it returns a
        /// page (possibly short, with `next` set). Default 20,000: about 100 ms of decoding,
        /// so a search during a backfill or on a read-only store without an index stays
        /// responsive and pages on.
        public var scanBudget: Int = 20_000
        /// Positions counted per step of `countMatches` before it reports a partial count
        /// ("1,204+"). Default 262,144: four steps per million posts, each well under the
        /// 50 ms a find bar can wait for news.
        public var countWindow: Int = 262_144
        /// Largest page `search` returns. Default 1,000 (a page is for a find bar or an HTTP
        /// response; more is another page).
        public var maxPageSize: Int = 1_000

        public init() {}

        /// The defaults above.
        public static let `default` = SearchConfiguration()
    }
}
