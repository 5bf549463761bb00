import Foundation

/// The original post embedded in a retweet (FEED-FORMAT.md `retweeted`). Same fields as a
/// `Post` minus `retweeted`: a deeper retweet in a feed is ignored, so the model cannot
/// nest more than one level.
public struct RetweetedPost: PostContent, Identifiable {
    public let id: String
    /// Creation time, rounded to whole milliseconds.
    public let createdAt: Date
    public let source: String?
    public let user: User
    public let text: String
    /// 0…9 pictures.
    public let pics: [Picture]
    public let reposts: Int
    public let comments: Int
    public let likes: Int

    /// Normalizes like `Post.init`: negative counts become 0, pictures beyond nine are dropped.
    public init(
        id: String, createdAt: Date, source: String? = nil, user: User, text: String,
        pics: [Picture] = [], reposts: Int = 0, comments: Int = 0, likes: Int = 0
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
    }
}
