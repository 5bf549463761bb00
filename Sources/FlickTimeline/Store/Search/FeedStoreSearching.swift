import FlickCore
import FlickList

/// Find over a timeline's store (`ListFind`'s searcher): rows are the store's posts in
/// timeline order, row 0 the first stored (`SearchMatch.row`), every one searched through the
/// find index whether its page is in memory or not. Called on the find's workers, as
/// `ListSearching` asks; the store's reads are snapshots, so a count and a step may overlap.
public struct FeedStoreSearching: ListSearching {
    public let store: FeedStore

    public init(store: FeedStore) {
        self.store = store
    }

    public func matchingRows(
        _ query: SearchQuery, from row: Int?, direction: FindDirection, limit: Int, isCancelled: () -> Bool
    ) throws -> [Int] {
        guard limit > 0 else { return [] }
        let first = try store.positions().lowerBound
        var rows: [Int] = []
        var cursor = row.map { first + $0 }
        // A page may come back short with a `next` (a pending run scanned up to its budget).
        while rows.count < limit, !isCancelled() {
            let page =
                switch direction {
                case .next: try store.search(query, after: cursor, limit: limit - rows.count)
                case .previous: try store.search(query, before: cursor, limit: limit - rows.count)
                }
            rows += page.matches.map(\.row)
            guard let next = page.next else { break }
            cursor = next
        }
        return Array(rows.prefix(limit))
    }

    public func countMatches(_ query: SearchQuery, in rows: Range<Int>?, progress: (SearchCount) -> Bool) throws -> SearchCount {
        let first = try store.positions().lowerBound
        return try store.countMatches(query, in: rows.map { (first + $0.lowerBound)..<(first + $0.upperBound) }, progress: progress)
    }
}
