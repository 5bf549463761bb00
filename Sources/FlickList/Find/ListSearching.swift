import FlickCore

/// Which way a find goes from the current match: toward later rows (Enter, F3) or earlier
/// ones (Shift+Enter, Shift+F3).
public enum FindDirection: Sendable, Hashable {
    case next, previous
}

/// The data behind a list, searched for a find bar: every row, loaded or not, because rows
/// that are not drawn are not on screen to be found. The timeline searches its store's index
/// (`FeedStoreSearching`); a `CellList` searches its cells' text in memory (`CellSearching`).
///
/// Called on the find's worker queues (`ListFind`), never on the main thread; a searcher is a
/// value or an immutable snapshot, so calls may overlap (one navigating, one counting).
/// Queries are literal text (`SearchQuery`): nothing a user types is syntax.
public protocol ListSearching: Sendable {
    /// Up to `limit` rows matching `query`, nearest first: after `row` (`.next`; nil: from the
    /// first row) or before it (`.previous`; nil: from the last row). Should stop early, with
    /// what it found, once `isCancelled` returns true (a newer query superseded this one).
    func matchingRows(
        _ query: SearchQuery, from row: Int?, direction: FindDirection, limit: Int, isCancelled: () -> Bool
    ) throws -> [Int]

    /// How many rows among `rows` (nil: every row) match `query`, calling `progress` with the
    /// count so far every so often; `progress` returns false to stop, and the count returned
    /// is then partial (`isComplete` false).
    func countMatches(_ query: SearchQuery, in rows: Range<Int>?, progress: (SearchCount) -> Bool) throws -> SearchCount
}
