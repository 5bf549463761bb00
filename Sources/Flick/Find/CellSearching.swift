import FlickCore
import FlickList

/// Find over a `CellList`'s cells held in memory (`ListFind`'s searcher): a snapshot of the
/// cells taken on the main thread when the find starts (values), each row's
/// `CellKind.searchableText` searched on the find's workers with the same rules as the
/// timeline's index (`SearchQuery`).
public struct CellSearching<ID: Hashable & Sendable>: ListSearching {
    public let cells: [Cell<ID>]

    public init(cells: [Cell<ID>]) {
        self.cells = cells
    }

    public func matchingRows(
        _ query: SearchQuery, from row: Int?, direction: FindDirection, limit: Int, isCancelled: () -> Bool
    ) throws -> [Int] {
        guard !query.isEmpty, limit > 0 else { return [] }
        let start = row.map { $0 + 1 } ?? 0
        let end = min(cells.count, row ?? cells.count)
        let count = direction == .next ? max(0, cells.count - start) : max(0, end)
        var rows: [Int] = []
        for checked in 0..<count {
            let index = direction == .next ? start + checked : end - 1 - checked
            if checked % CellSearch.cancellationStride == 0, isCancelled() { break }
            guard let text = cells[index].searchableText, query.matches(text) else { continue }
            rows.append(index)
            if rows.count == limit { break }
        }
        return rows
    }

    public func countMatches(_ query: SearchQuery, in rows: Range<Int>?, progress: (SearchCount) -> Bool) throws -> SearchCount {
        guard !query.isEmpty else { return SearchCount(count: 0, isComplete: true) }
        let range = (rows ?? 0..<cells.count).clamped(to: 0..<cells.count)
        var count = 0
        for index in range {
            if (index - range.lowerBound) % CellSearch.cancellationStride == CellSearch.cancellationStride - 1,
                !progress(SearchCount(count: count, isComplete: false))
            {
                return SearchCount(count: count, isComplete: false)
            }
            if let text = cells[index].searchableText, query.matches(text) { count += 1 }
        }
        return SearchCount(count: count, isComplete: true)
    }
}
