import Foundation

/// What a post and the original it retweets have in common: everything a cell shows for
/// one post body. Lets layout, hashing and encoding treat both the same way.
public protocol PostContent: Sendable, Hashable {
    var id: String { get }
    var createdAt: Date { get }
    var source: String? { get }
    var user: User { get }
    var text: String { get }
    var pics: [Picture] { get }
    var reposts: Int { get }
    var comments: Int { get }
    var likes: Int { get }
}

/// Limits shared by `Post` and `RetweetedPost`.
public enum PostLimits {
    /// At most nine pictures per post (the 3×3 grid).
    public static let maxPictures = 9
    /// Longest id (`id`, `user.id`, also of a retweeted original) a feed may give, in UTF-8
    /// bytes: 256. Ids are keys (store rows, caches), never shown, and a cut id could collide
    /// with another, so a post with a longer one is skipped with a warning.
    public static let maxIDBytes = 256
    /// Longest `user.name` and `source`, in UTF-8 bytes: 1,024. Each is shown on one line
    /// (about 60 characters at most); a longer one is cut at a Unicode scalar boundary and
    /// the post loads with a `.repaired` warning.
    public static let maxNameBytes = 1_024
    /// Longest URL (`user.avatar`, `pics[].url`), in UTF-8 bytes: 8,192, more than browsers
    /// and servers accept. A cut URL would name another resource, so a post with a longer one
    /// is skipped with a warning.
    public static let maxURLBytes = 8 * 1024
}

extension PostContent {
    /// Layout shape ignoring any retweet: text only, one picture, or a grid.
    public var pictureKind: PostKind {
        switch pics.count {
        case 0: .textOnly
        case 1: .singlePicture
        default: .pictureGrid
        }
    }

    /// `createdAt` in whole milliseconds since 1970, the precision Flick keeps.
    public var createdAtMilliseconds: Int64 { ISO8601.milliseconds(createdAt) }
}
