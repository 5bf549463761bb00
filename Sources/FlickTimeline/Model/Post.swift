import Foundation

/// One timeline entry (FEED-FORMAT.md `posts[]`): an immutable value made on a worker
/// (feed decoding, store reads) and read from any thread.
///
/// `contentVersion` is computed once at init from everything the post displays, so caches
/// keyed by (id, contentVersion) drop an edited post's stale layout and bitmaps.
///
/// ```swift
/// let post = Post(id: "1", createdAt: .now, user: User(id: "u1", name: "Alice"), text: "hi")
/// post.kind            // .textOnly
/// post.contentVersion  // same value on every run and machine
/// ```
public struct Post: PostContent, Identifiable {
    public let id: String
    /// Creation time, rounded to whole milliseconds (the precision feeds and the store keep).
    public let createdAt: Date
    /// Client name shown after the time, e.g. "iPhone 16 Pro".
    public let source: String?
    public let user: User
    /// Raw text with rich-text tokens (mentions, #topics#, URLs, [emoticons]); may be empty.
    public let text: String
    /// 0…9 pictures.
    public let pics: [Picture]
    /// Counts, each ≥ 0.
    public let reposts: Int
    public let comments: Int
    public let likes: Int
    /// The original this post retweets. A `RetweetedPost` has no retweet of its own, so
    /// nesting is at most one level by construction.
    public let retweeted: RetweetedPost?
    /// Stable FNV-1a 64 hash of the displayed content (see `ContentHasher`).
    public private(set) var contentVersion: UInt64 = 0

    /// Builds a post. Values the feed decoder would reject are normalized instead of trapping:
    /// negative counts become 0 and pictures beyond the ninth are dropped.
    public init(
        id: String, createdAt: Date, source: String? = nil, user: User, text: String,
        pics: [Picture] = [], reposts: Int = 0, comments: Int = 0, likes: Int = 0,
        retweeted: RetweetedPost? = nil
    ) {
        self.id = id
        self.createdAt = ISO8601.roundedToMilliseconds(createdAt)
        self.source = source
        self.user = user
        self.text = text
        self.pics = Array(pics.prefix(PostLimits.maxPictures))
        self.reposts = max(0, reposts)
        self.comments = max(0, comments)
        self.likes = max(0, likes)
        self.retweeted = retweeted
        var hasher = ContentHasher()
        hasher.combine(self)
        self.contentVersion = hasher.value
    }

    /// The cell shape: `.retweet` whenever a retweeted original is present.
    public var kind: PostKind {
        // A pattern, not `retweeted == nil`: that picks Optional's `==` for Equatable values,
        // which copies the whole retweeted post into a tuple (a cost on every row a frame reads).
        if case .none = retweeted { return pictureKind }
        return .retweet
    }
}
