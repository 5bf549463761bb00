/// A decoded feed held in memory: the posts that passed validation, in feed order, the
/// next-page URL and a warning for each skipped post.
///
/// For large files use `FeedReader` (one post at a time) or `FeedStore.importFeed(from:)`.
public struct Feed: Sendable, Hashable {
    public var posts: [Post]
    /// URL of the next page (infinite scroll), as given; nil when absent.
    public var next: String?
    /// Skipped posts and ignored fields, in feed order.
    public var warnings: [FeedWarning]

    public init(posts: [Post], next: String? = nil, warnings: [FeedWarning] = []) {
        self.posts = posts
        self.next = next
        self.warnings = warnings
    }
}
