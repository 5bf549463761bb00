import FlickHTTP
import Foundation

extension FeedPageFetcher {
    /// Limits of one page fetch. Every fault a server can throw at a client (stalling,
    /// trickling, an endless or compressed-bomb body, redirect games, "retry in a year") ends
    /// within these bounds with a typed `FeedPageError`. The transport (`HTTPTransport`) holds
    /// each request to them; this is the policy.
    public struct Configuration: Sendable, Hashable {
        /// How one page's transfer is held: idle, total and connect timeouts, the body cap
        /// (inflated bytes counted), the error-body cap, the inflation ratio, redirects and the
        /// connections per host. Its defaults are the page's, each with its reason, in
        /// `HTTPTransport.Configuration` (10 s idle, 30 s total, 5 s connect, 16 MiB, 4 KiB,
        /// 100×, 5 redirects, 2 connections: older and newer pages at once).
        public var transport = HTTPTransport.Configuration()
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

        // The transport's limits by their names in a page's errors and `flick import`'s options.

        /// `transport.idleTimeout`: seconds without a byte before `.idleTimeout`.
        public var idleTimeout: Double {
            get { transport.idleTimeout }
            set { transport.idleTimeout = newValue }
        }
        /// `transport.totalTimeout`: seconds a whole page may take before `.totalTimeout`.
        public var totalTimeout: Double {
            get { transport.totalTimeout }
            set { transport.totalTimeout = newValue }
        }
        /// `transport.connectTimeout`: seconds to connect.
        public var connectTimeout: Double {
            get { transport.connectTimeout }
            set { transport.connectTimeout = newValue }
        }
        /// `transport.maxBodyBytes`: the largest page body before `.tooLarge`.
        public var maxPageBytes: Int {
            get { transport.maxBodyBytes }
            set { transport.maxBodyBytes = newValue }
        }
        /// `transport.maxInflationRatio`: the largest inflation of a compressed page.
        public var maxInflationRatio: Int {
            get { transport.maxInflationRatio }
            set { transport.maxInflationRatio = newValue }
        }
    }
}
