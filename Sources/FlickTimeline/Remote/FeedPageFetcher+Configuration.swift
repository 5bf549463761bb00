import Foundation

extension FeedPageFetcher {
    /// Limits of one page fetch. Every fault a server can throw at a client (stalling,
    /// trickling, an endless body) ends within these bounds with a typed `FeedPageError`.
    public struct Configuration: Sendable, Hashable {
        /// Seconds without a byte before a page fails with `.idleTimeout`. Default 10: a
        /// loopback or healthy server answers a page in milliseconds, a phone network in a
        /// second or two; ten seconds of silence is a stalled server, and the reader is
        /// better served by the footer's "tap to retry" than by a longer spinner.
        public var idleTimeout: Double = 10
        /// Seconds a whole page may take, however steadily bytes arrive, before it fails
        /// with `.totalTimeout`. Default 30: three idle timeouts, so a server trickling a
        /// byte every few seconds cannot hold a fetch open forever.
        public var totalTimeout: Double = 30
        /// Largest body accepted, in bytes; a larger one fails with `.tooLarge` as soon as it
        /// is announced or passed. Default 16 MiB: a 200-post page of generated posts is
        /// about 250 KB, so this leaves room for long texts while bounding what one page can
        /// make the client hold.
        public var maxPageBytes: Int = 16 * 1024 * 1024
        /// Bytes of an error response (status outside 200…299) kept for its message.
        /// Default 4 KiB: enough for `{"error": "…"}`, not for an error page's HTML.
        public var maxErrorBodyBytes: Int = 4 * 1024
        /// Limits for parsing the page (nesting, post size, link length).
        public var feedReading: FeedReader.Configuration = .default

        public init() {}

        /// The defaults above.
        public static let `default` = Configuration()
    }
}
