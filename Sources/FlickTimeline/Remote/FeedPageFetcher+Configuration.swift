import FlickHTTP
import Foundation

extension FeedPageFetcher {
    /// Limits of one page fetch. Every fault a server can throw at a client (stalling,
    /// trickling, an endless or compressed-bomb body, redirect games, "retry in a year") ends
    /// within these bounds with a typed `FeedPageError`. The transport (`HTTPTransport`) holds
    /// each request to them; this is the policy.
    public struct Configuration: Sendable, Hashable {
        /// Seconds without a byte (waiting for the answer, or between body reads) before a
        /// page fails with `.idleTimeout`. Default 10: a loopback or healthy server answers a
        /// page in milliseconds, a phone network in a second or two; ten seconds of silence is
        /// a stalled server, and the reader is better served by the footer's "tap to retry"
        /// than by a longer spinner.
        public var idleTimeout: Double = 10
        /// Seconds a whole page may take, redirects included, however steadily bytes arrive,
        /// before it fails with `.totalTimeout`. Default 30: three idle timeouts, so a server
        /// dripping a byte every few seconds cannot hold a fetch open forever.
        public var totalTimeout: Double = 30
        /// Seconds to connect. Default 5: a host that does not accept a connection in five
        /// seconds is down or filtered; the footer says so sooner than the total timeout would.
        public var connectTimeout: Double = 5
        /// Largest body accepted, in bytes, counted as it arrives (inflated, when compressed);
        /// a larger one fails with `.tooLarge` as soon as it is announced or passed, whatever
        /// its framing. Default 16 MiB: a 200-post page of generated posts is about 250 KB, so
        /// this leaves room for long texts while bounding what one page can make the client
        /// hold (the page, its parse and the store's copy stay well under 100 MB).
        public var maxPageBytes: Int = 16 * 1024 * 1024
        /// Bytes of an error response (status outside 200…299) kept for its message; the
        /// transfer stops reading there. Default 4 KiB: enough for `{"error": "…"}`, not for
        /// an error page's HTML.
        public var maxErrorBodyBytes: Int = 4 * 1024
        /// Largest ratio of inflated to compressed bytes of a gzip or deflate page, checked
        /// inside the inflater step by step, before the memory exists (`.inflationTooLarge`).
        /// Default 100: feed JSON compresses 4–10×; only a bomb (runs of one byte, up to
        /// zlib's ~1,030×) gets near.
        public var maxInflationRatio: Int = 100
        /// Redirects followed at most (each must stay where the page's links may go:
        /// `FeedPageImporter.refusal` from the URL asked for). Default 5: a moved page takes one.
        public var maxRedirects: Int = 5
        /// Hosts a redirect may lead to besides the origin of the URL asked for (same host and
        /// port; http→https allowed). Default none: a page's server may move it, not send the
        /// client to another host, the viewer's loopback or LAN (the rule of page links,
        /// `FeedPageImporter.refusal`).
        public var allowedRedirectHosts: Set<String> = []
        /// Attempts at a page the server answered "later" (429, 503) or a gateway failed (502,
        /// 504), waiting between them as `Retry-After` says or by `retryBackoff`. Default 3:
        /// rides out a restart or a burst limit; a server still refusing after that is down,
        /// and the error says so. Timeouts and refused connections are not retried (the live
        /// footer's tap retries, the import fails fast).
        public var maxAttempts: Int = 3
        /// Longest `Retry-After` honoured, in seconds; a server asking for longer fails the
        /// page at once with `.retryAfterTooLong` (naming both) instead of holding the import
        /// or the footer for it. Default 60: a rate limit's usual minute; "retry in a day" is
        /// "not now" and should say so.
        public var maxRetryAfter: Double = 60
        /// First wait before retrying a "later" answer that has no `Retry-After`, doubled each
        /// time (1 s, 2 s). Default 1 s.
        public var retryBackoff: Double = 1
        /// Limits for parsing the page (nesting, post size, link length).
        public var feedReading: FeedReader.Configuration = .default

        public init() {}

        /// The defaults above.
        public static let `default` = Configuration()

        /// The transport's limits for these pages.
        var transport: HTTPTransport.Configuration {
            var transport = HTTPTransport.Configuration()
            transport.idleTimeout = idleTimeout
            transport.totalTimeout = totalTimeout
            transport.connectTimeout = connectTimeout
            transport.maxBodyBytes = maxPageBytes
            transport.maxErrorBodyBytes = maxErrorBodyBytes
            transport.maxInflationRatio = maxInflationRatio
            transport.maxRedirects = maxRedirects
            // One page at a time per direction: two connections serve older and newer at once.
            transport.connectionsPerHost = 2
            return transport
        }
    }
}
