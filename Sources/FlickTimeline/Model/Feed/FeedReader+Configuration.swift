extension FeedReader {
    /// Limits that keep any feed, however hostile, within bounded memory and stack.
    public struct Configuration: Sendable, Hashable {
        /// Bytes read from the file at a time. Default 64 KiB: large enough that reads are
        /// few, small enough to be irrelevant next to the posts themselves.
        public var chunkSize: Int = 64 * 1024
        /// Deepest nesting accepted anywhere in the document; deeper is an `invalidJSON` error.
        /// Default 64: a post needs 5 levels. The reader recurses once per level, so values
        /// above `depthCeiling` are treated as `depthCeiling`.
        public var maxDepth: Int = 64

        /// The most nesting any configuration allows: 256 levels of recursion stay far below
        /// the stack of a secondary thread (512 KiB) even in debug builds.
        public static let depthCeiling = 256
        /// Bytes one post may take once parsed (text, keys, about 16 per value). A larger post
        /// is skipped with a warning. Default 8 MiB: text has no cap in the format, but
        /// nothing shown in a cell comes near this.
        public var maxPostBytes: Int = 8 * 1024 * 1024
        /// Characters of a number literal kept; longer numbers are out of range for every
        /// field. Default 64.
        public var maxNumberLength: Int = 64
        /// Bytes of the `next` URL kept; a longer one is ignored with a warning. Default 8 KiB.
        public var maxNextLength: Int = 8 * 1024
        /// Bytes of a page's `deleted` list kept (ids of posts the server deleted); a longer
        /// list is ignored with a warning. Default 256 KiB: thousands of ids, a bounded cost.
        public var maxDeletedBytes: Int = 256 * 1024

        /// Warnings `FeedDecoder` keeps in a `Feed`; more are only counted
        /// (`Feed.omittedWarnings`). Default 1,000, as many as an import report keeps: a
        /// warning is about 100 bytes, and a feed of tiny bad posts (`{},` is 3 bytes) would
        /// otherwise hold 30× its size in warnings.
        public var maxKeptWarnings: Int = 1_000

        public init() {}

        /// The defaults above.
        public static let `default` = Configuration()
    }
}
