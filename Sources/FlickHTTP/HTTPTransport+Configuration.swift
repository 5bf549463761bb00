import Foundation

extension HTTPTransport {
    /// The limits every transfer of one transport is held to, however the server frames its
    /// body (announced length, chunked, closed by the server, compressed or not). Pages
    /// (`FeedPageFetcher.Configuration`) and images (`ImagePipeline.Configuration`) each build
    /// theirs from their own settings; the defaults here are the page's.
    public struct Configuration: Sendable, Hashable {
        /// Seconds without a byte (waiting for the head, or between body reads) before a
        /// transfer fails with `.idleTimeout`. Default 10: a healthy server answers in
        /// milliseconds, a phone network in a second or two; ten seconds of silence is a stall.
        public var idleTimeout: Double = 10
        /// Seconds a whole transfer may take, redirects included, however steadily bytes
        /// arrive, before it fails with `.totalTimeout`. Default 30: three idle timeouts, so a
        /// server dripping a byte a second cannot hold a transfer open forever.
        public var totalTimeout: Double = 30
        /// Seconds to open a connection. Default 5: a loopback or LAN host connects in
        /// microseconds, the internet in tens of milliseconds; a host that does not answer a
        /// SYN in five seconds is down, and the total timeout would cut it off anyway.
        public var connectTimeout: Double = 5
        /// Largest body accepted, counted as it arrives and after decompression; a larger one
        /// fails with `.tooLarge` as soon as its announced length or its bytes pass this.
        /// Default 16 MiB, a feed page's: a 200-post page of generated posts is about 250 KB, so
        /// this leaves room for long texts while bounding what one page can make the client
        /// hold (the page, its parse and the store's copy stay well under 100 MB).
        public var maxBodyBytes: Int = 16 * 1024 * 1024
        /// Bytes of a non-2xx body kept for its message; the transfer stops reading there.
        /// Default 4 KiB: enough for `{"error": "…"}`, not for an error page's HTML.
        public var maxErrorBodyBytes: Int = 4 * 1024
        /// Largest ratio of inflated to compressed bytes a gzip or deflate body may reach
        /// before it fails with `.inflationTooLarge`, checked inside the inflater as it writes
        /// (so the memory never exists). Default 100: JSON and HTML compress 5–20×; zlib's
        /// ceiling is about 1,030×, which only a bomb (runs of one byte) approaches.
        public var maxInflationRatio: Int = 100
        /// Redirects followed at most before `.tooManyRedirects`. Default 5: a moved page or
        /// an http→https upgrade takes one or two; browsers allow 20, but each hop is a place
        /// the server chose for this machine to connect to.
        public var maxRedirects: Int = 5
        /// Connections opened at once to one host (scheme, host and port). Default 2:
        /// HTTP/1.1's old per-server advice; a feed client needs one, images two.
        public var connectionsPerHost: Int = 2
        /// Seconds an idle kept-alive connection stays in the pool. Default 30: long enough
        /// for the next page of an infinite scroll, short enough not to hold sockets for a
        /// reader who put the phone down.
        public var poolIdleTimeout: Double = 30
        /// `User-Agent` sent with every request. Default `Flick`.
        public var userAgent: String = "Flick"

        public init() {}

        /// The defaults above.
        public static let `default` = Configuration()
    }
}
