import NIOHTTP1

/// Pure decisions of the server, exposed for tests (they are not part of the protocol).
public enum FeedServerTesting {
    /// Whether an image request path (after `/images/`, not decoded) is one the server
    /// would look up at all.
    public static func isPlainImagePath(_ path: String) -> Bool {
        ImageFiles.isPlainPath(path[...])
    }
}

extension FeedServerTesting {
    /// Whether an `Accept-Encoding` value lets a page be sent gzip-compressed.
    public static func acceptsGzip(_ header: String?) -> Bool {
        ContentNegotiation.acceptsGzip(header)
    }

    /// The status code a head refused by the HTTP decoder is answered with (`overflow`: too
    /// large; `inRequestLine`: the request line had not ended).
    public static func refusedHeadStatus(overflow: Bool, inRequestLine: Bool) -> Int {
        Int(HTTPVersionHandler.answer(to: overflow ? .headerOverflow : .invalidConstant, inRequestLine: inRequestLine).0.code)
    }
}
