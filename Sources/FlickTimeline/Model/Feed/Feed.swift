/// A decoded feed held in memory: the posts that passed validation, in feed order, the
/// next-page URL and a warning for each skipped post.
///
/// For large files use `FeedReader` (one post at a time) or `FeedStore.importFeed(from:)`.
public struct Feed: Sendable, Hashable {
    public var posts: [Post]
    /// URL of the next page (infinite scroll), as given; nil when absent.
    public var next: String?
    /// Skipped posts, repaired posts and ignored fields, in feed order: the first
    /// `FeedReader.Configuration.maxKeptWarnings`; the rest are only counted in
    /// `omittedWarnings`, so a feed of a million bad posts cannot grow this without bound.
    public var warnings: [FeedWarning]
    /// Warnings beyond those kept in `warnings`.
    public var omittedWarnings: Int = 0

    public init(posts: [Post], next: String? = nil, warnings: [FeedWarning] = []) {
        self.posts = posts
        self.next = next
        self.warnings = warnings
    }
}
