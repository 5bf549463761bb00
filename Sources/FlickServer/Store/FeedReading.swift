import FlickTimeline

/// What the feed server reads posts from: the seam between the server (pager, page cache,
/// live stream) and where the posts are kept — a SQLite `FeedStore` file, or a PostgreSQL
/// database shared by several server processes (`FlickFeedPostgres`).
///
/// Rows are timeline order, 0 = the newest post, with no gaps: a deleted post keeps its row
/// and is named by `deletedIDs()` (pages leave it out and tell clients), as the SQLite store
/// and the server's own deletions do.
///
/// Threading: every method is synchronous and may block the calling thread for one read (a
/// disk read, or a round trip to the database); the server calls them from a request's task
/// and caches what it can (`PageCache`), so most requests never reach the store. Conformers
/// are `Sendable` and safe to call from many threads at once.
public protocol FeedReading: Sendable {
    /// Where the posts are, for messages: a file path, or a URL without its password.
    var location: String { get }
    /// Posts in the timeline (deleted ones included: they keep their rows).
    func count() throws -> Int
    /// Posts at `rows`, newest first; rows past the end are left out.
    func posts(in rows: Range<Int>) throws -> [Post]
    /// The post with `id`, or nil.
    func post(id: String) throws -> Post?
    /// The row of the post with `id`, or nil.
    func rowIndex(ofPostID id: String) throws -> Int?
    /// A value that changes whenever the stored posts change (added, edited or deleted, by
    /// any process): pages are cached under it. Read at most once per
    /// `LiveTimeline.storeRecheck`, and again at once after `observeChanges` fires.
    func revision() throws -> Int64
    /// Ids the server must leave out because they were deleted in the store, by any process;
    /// empty for a store the server only reads.
    func deletedPostIDs() throws -> Set<String>
    /// Calls `changed` (on any thread; it must be quick) whenever the store learns that
    /// another writer changed it, so servers refresh at once rather than at the next recheck.
    /// A store that cannot tell never calls it.
    func observeChanges(_ changed: @escaping @Sendable () -> Void)
}

/// A store the server writes through: new posts, edits and deletions made while serving go
/// into the store (and so reach every server reading it) instead of the server's memory.
/// Same threading as `FeedReading`.
public protocol FeedWriting: FeedReading {
    /// Puts `posts` (newest first) on top of the timeline, above the current newest post.
    func prepend(_ posts: [Post]) throws
    /// Replaces the stored versions of `posts` (matched by id; unknown ids are ignored).
    func replace(_ posts: [Post]) throws
    /// Marks `ids` deleted: their rows stay, pages leave them out.
    func delete(_ ids: [String]) throws
}

/// Thrown by a store that cannot be reached now (the database went away, a connection was
/// cut): the server answers 503 and tries again on the next request, so it recovers by
/// itself when the store comes back.
public struct FeedStoreUnavailable: Error, Sendable, CustomStringConvertible {
    /// `FeedReading.location` of the store.
    public var location: String
    /// What failed, in words (`"connection refused"`).
    public var reason: String

    public init(location: String, reason: String) {
        self.location = location
        self.reason = reason
    }

    public var description: String { "the feed store at \(location) is unavailable: \(reason)" }
}

/// The SQLite file: the server only reads it, so its revision is its post count (another
/// process importing into it changes the count), and the server's deletions live in its
/// memory (`FeedStore.deletedIDs()` is a feed client's record of what its server deleted,
/// not a deletion to serve).
extension FeedStore: FeedReading {
    public var location: String { path }
    public func revision() throws -> Int64 { Int64(try count()) }
    public func deletedPostIDs() throws -> Set<String> { [] }
    public func observeChanges(_ changed: @escaping @Sendable () -> Void) {}
}
