/// The author of a post, as the feed gives it (FEED-FORMAT.md `user`).
///
/// A plain value: made on whatever thread decodes the feed or reads the store, then read
/// from any thread.
public struct User: Sendable, Hashable, Identifiable {
    /// Stable author id (`user.id`), not shown; used to key avatars and taps.
    public let id: String
    /// Display name (`user.name`); any Unicode.
    public let name: String
    /// Avatar image URL (`user.avatar`), absolute or relative to the feed; nil when absent.
    public let avatar: String?
    /// Whether the verified badge is shown (`user.verified`, default false).
    public let verified: Bool

    public init(id: String, name: String, avatar: String? = nil, verified: Bool = false) {
        self.id = id
        self.name = name
        self.avatar = avatar
        self.verified = verified
    }
}
