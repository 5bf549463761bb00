extension FeedServer {
    /// How many connections the server holds and how long it waits on each: what keeps it
    /// fit to bind beyond loopback, where clients are slow, broken or hostile.
    public struct Connections: Sendable, Hashable {
        /// Open connections served at once; one more is answered `503 Service Unavailable`
        /// (with `Retry-After`) and closed. Default 512: half the usual soft limit of 1,024
        /// open files, leaving room for the store, image files and the connections answered
        /// 503 while over the cap; each connection costs ~10 KB of buffers, and a live
        /// stream (`/timeline/stream`) holds one per reader.
        public var maxConnections: Int = 512
        /// A connection with no request under way that receives nothing for this long is
        /// closed. Default 60 s: clients reuse a keep-alive connection within seconds (a
        /// reader paging, a poll), and an idle one still holds a slot of `maxConnections`.
        public var idleTimeout: Duration = .seconds(60)
        /// Once a request's first byte has arrived, its whole head must arrive within this;
        /// otherwise the server answers `408 Request Timeout` and closes. Default 10 s: a
        /// real client sends a head in one packet (a few round trips on a bad network),
        /// while a client dripping a byte at a time would otherwise hold the connection as
        /// long as it likes.
        public var readTimeout: Duration = .seconds(10)
        /// Longest request line (method, target, version), in bytes; longer is answered
        /// `414 URI Too Long`. Default 8 KiB (nginx's buffer for one header line): a page's
        /// target is under 200 bytes.
        public var maxRequestLineBytes: Int = 8 * 1024
        /// Largest request head (request line and every header field), in bytes; larger is
        /// answered `431 Request Header Fields Too Large`. Default 32 KiB: a browser's
        /// heads are 1–2 KB, and the decoder holds the whole head in memory.
        public var maxHeadBytes: Int = 32 * 1024
        /// Most header fields in one request. Default 100 (Apache's `LimitRequestFields`).
        public var maxHeaderFields: Int = 100

        public init() {}
    }

    /// The live stream of new posts (Server-Sent Events).
    public struct LiveStream: Sendable, Hashable {
        /// A comment line sent this often when nothing else is, so proxies keep the stream
        /// open and a client gone away is noticed (its write fails). Default 15 s (the
        /// usual advice for SSE behind proxies that cut idle connections at 30–60 s).
        public var heartbeat: Duration = .seconds(15)
        /// `retry:` told to clients: milliseconds to wait before reconnecting. Default
        /// 2,000: a server restarting is back within seconds, and a reader misses nothing
        /// (the reconnect names the last event it saw).
        public var retryMilliseconds: Int = 2_000
        /// Most posts sent in one event when catching a reconnecting client up; more are
        /// sent as several events. Default 200 (`Configuration.limitRange`'s largest page).
        public var maxPostsPerEvent: Int = 200

        public init() {}
    }
}
