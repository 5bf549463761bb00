import FlickCore

/// One post that matches a find query.
public struct SearchMatch: Sendable, Hashable {
    /// The post's stored position (see `FeedStore.positions()`): stable while posts are
    /// prepended, so a find bar keeps its place as the timeline grows.
    public let position: Int
    /// The row showing it when the page was read (`position - first position`).
    public let row: Int
    /// The post's id.
    public let id: String
}

/// A page of matches, in timeline order (newest first).
public struct SearchPage: Sendable, Hashable {
    public let matches: [SearchMatch]
    /// Pass as `after` for the next page; nil when no match is left. A page may hold fewer
    /// than `limit` matches (even none) and still have a `next`: a search stops after
    /// `SearchConfiguration.scanBudget` rows it had to scan.
    public let next: Int?
    /// Whether the index covered every post; false while `buildSearchIndex` has work left (the
    /// rest was scanned, so the matches are complete either way, only slower).
    public let isIndexComplete: Bool

    public static let empty = SearchPage(matches: [], next: nil, isIndexComplete: true)
}

/// The progress of `FeedStore.buildSearchIndex`.
public struct SearchIndexProgress: Sendable, Hashable {
    /// Posts indexed (or found deleted) by the backfill so far, of `total` it had to do.
    public let done: Int
    public let total: Int
    public var isComplete: Bool { done >= total }
}
