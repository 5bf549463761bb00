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
