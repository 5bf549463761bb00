/// The cell shape a post needs, decided by its content alone (VVebo's cell kinds).
public enum PostKind: String, Sendable, Hashable, CaseIterable {
    /// Text, no pictures, no retweet.
    case textOnly
    /// Exactly one picture, shown large with its aspect hint.
    case singlePicture
    /// Two to nine pictures, shown as a grid.
    case pictureGrid
    /// Embeds a retweeted original post (whatever its own pictures).
    case retweet
}

extension PostKind {
    /// The kind's position among `allCases`: how the list's height index numbers kinds.
    public var index: Int {
        switch self {
        case .textOnly: 0
        case .singlePicture: 1
        case .pictureGrid: 2
        case .retweet: 3
        }
    }
}
