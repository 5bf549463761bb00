import FlickCore

/// One row of a `CellList` that matches a find query: where it is and where in its
/// searchable text (`CellKind.searchableText`) the query matched. Value; crosses threads.
public struct CellMatch<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The row's index in the cells searched (list order).
    public let row: Int
    public let id: ID
    /// The matches in the row's searchable text, as UTF-8 byte offsets (what text layout
    /// indexes runs by, for the highlight overlay), in order, not overlapping.
    public let utf8Ranges: [Range<Int>]
}

/// Find over the rows of a `CellList` held in memory (a chat, a settings list): every row's
/// searchable text, literal and case-insensitive (`SearchQuery`; the same rules as the
/// timeline store's index).
///
/// ```swift
/// let cells = source.items                      // main thread: a snapshot (values)
/// let matches = await CellSearch.run(SearchQuery(typed), in: cells)   // searched on a worker
/// ```
public enum CellSearch {
    /// Matches in `cells`, in list order. Runs on the calling thread, which should be a
    /// worker: it reads every row's text (about 1 µs per 100 characters). `isCancelled` is
    /// asked every `cancellationStride` rows; when it says true the search stops and returns
    /// what it found (a newer query superseded this one). At most `limit` matches.
    public static func matches<ID>(
        _ query: SearchQuery, in cells: [Cell<ID>], limit: Int = .max, isCancelled: () -> Bool = { false }
    ) -> [CellMatch<ID>] {
        guard !query.isEmpty, limit > 0 else { return [] }
        var found: [CellMatch<ID>] = []
        for (row, cell) in cells.enumerated() {
            if row % cancellationStride == 0, isCancelled() { break }
            guard let text = cell.searchableText else { continue }
            let ranges = query.ranges(in: text)
            guard !ranges.isEmpty else { continue }
            let utf8 = ranges.map { range in
                text.utf8.distance(from: text.startIndex, to: range.lowerBound)..<text.utf8.distance(from: text.startIndex, to: range.upperBound)
            }
            found.append(CellMatch(row: row, id: cell.id, utf8Ranges: utf8))
            if found.count == limit { break }
        }
        return found
    }

    /// `matches` run off the main thread (a detached task at user-initiated priority); the
    /// caller awaits the result as an immutable value. Cancelling the awaiting task stops the
    /// search early (it returns what it found).
    public static func run<ID>(_ query: SearchQuery, in cells: [Cell<ID>], limit: Int = .max) async -> [CellMatch<ID>] {
        let task = Task.detached(priority: .userInitiated) {
            CellSearch.matches(query, in: cells, limit: limit, isCancelled: { Task.isCancelled })
        }
        return await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }

    /// Rows between two cancellation checks: 1,024 (a check costs a lock; 1,024 rows take well
    /// under a millisecond).
    public static let cancellationStride = 1_024
}
