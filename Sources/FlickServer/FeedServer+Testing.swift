/// Pure decisions of the server, exposed for tests (they are not part of the protocol).
public enum FeedServerTesting {
    /// Whether an image request path (after `/images/`, not decoded) is one the server
    /// would look up at all.
    public static func isPlainImagePath(_ path: String) -> Bool {
        ImageFiles.isPlainPath(path[...])
    }
}
