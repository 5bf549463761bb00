/// A part of a feed that was skipped while the rest loaded: usually one post, named by its
/// 0-based position in `posts`.
///
/// `description` reads like `post 3: "created_at" is not an ISO 8601 date with zone: "yesterday"`.
public struct FeedWarning: Sendable, Hashable, CustomStringConvertible {
    /// Position of the skipped post in the feed's `posts` array; nil for a top-level field
    /// (such as a `next` that is not a string).
    public let postIndex: Int?
    /// What was wrong, naming the field.
    public let reason: String

    public init(postIndex: Int?, reason: String) {
        self.postIndex = postIndex
        self.reason = reason
    }

    public var description: String {
        postIndex.map { "post \($0): \(reason)" } ?? reason
    }
}
