/// A part of a feed that was skipped while the rest loaded (usually one post, named by its
/// 0-based position in `posts`), or a post that loaded after a repair.
///
/// `description` reads like `post 3: "created_at" is not an ISO 8601 date with zone: "yesterday"`.
public struct FeedWarning: Sendable, Hashable, CustomStringConvertible {
    /// What became of the part warned about.
    public enum Effect: Sendable, Hashable {
        /// Left out; the rest of the feed loaded.
        case skipped
        /// Loaded, with something in it replaced (`reason` says what).
        case repaired
    }

    /// Position of the post in the feed's `posts` array; nil for a top-level field (such as
    /// a `next` that is not a string).
    public let postIndex: Int?
    /// What was wrong, naming the field.
    public let reason: String
    /// Default `.skipped`.
    public let effect: Effect

    public init(postIndex: Int?, reason: String, effect: Effect = .skipped) {
        self.postIndex = postIndex
        self.reason = reason
        self.effect = effect
    }

    /// Control characters from the feed (in a quoted value) are escaped
    /// (`FeedWarning.escaped`), so printing a warning never prints an escape sequence.
    public var description: String {
        FeedWarning.escaped(postIndex.map { "post \($0): \(reason)" } ?? reason)
    }
}
