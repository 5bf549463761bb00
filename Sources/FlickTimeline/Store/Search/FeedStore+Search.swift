import FlickCore
import Foundation
import GRDB

/// Find: searching the store's posts (see `SearchIndex` for the index, `SearchQuery` for the
/// rules a query follows).
extension FeedStore {
    /// The first `limit` posts after position `after` (nil: from the newest) whose author
    /// name, text or retweeted text contains `query`, in timeline order.
    ///
    /// Runs on the calling thread, which must be a worker (a find bar's search task, the
    /// server's request task), never the main thread: it reads the database. One read
    /// transaction (a snapshot). Indexed rows are found through the trigram index; rows not
    /// indexed yet (a backfill under way, a read-only store without an index) are scanned,
    /// at most `SearchConfiguration.scanBudget` per call. Every match is checked against the
    /// post's stored body, so a damaged index can hide a match but never show a wrong one;
    /// an index that fails to read is rebuilt (writable store) and the call scans instead.
    /// Never throws for a query: an empty one gives `SearchPage.empty`.
    public func search(_ query: SearchQuery, after: Int? = nil, limit: Int = 50) throws(Error) -> SearchPage {
        guard !query.isEmpty else { return .empty }
        let limit = min(max(1, limit), configuration.search.maxPageSize)
        do {
            return try perform("searching") {
                try pool.read { db in try search(query, after: after, limit: limit, db: db, useIndex: searchIndexUsable) }
            }
        } catch {
            guard searchIndexUsable, recoverSearchIndex(after: error) else { throw error }
            return try perform("searching") {
                try pool.read { db in try search(query, after: after, limit: limit, db: db, useIndex: true) }
            }
        }
    }

    /// Counts the posts matching `query`, step by step (`SearchConfiguration.countWindow`
    /// positions each), calling `progress` with the count so far after each step; `progress`
    /// returns false to stop (the result is then partial). Worker thread; each step is its own
    /// read. A partial count is a lower bound.
    public func countMatches(
        _ query: SearchQuery, progress: (SearchCount) -> Bool = { _ in true }
    ) throws(Error) -> SearchCount {
        guard !query.isEmpty else { return SearchCount(count: 0, isComplete: true) }
        let all = try positions()
        let window = max(1, configuration.search.countWindow)
        var count = 0
        var start = all.lowerBound
        while start < all.upperBound {
            let range = start..<min(all.upperBound, start + window)
            count += try perform("counting matches") {
                try pool.read { db in try countMatches(query, in: range, db: db) }
            }
            start = range.upperBound
            if start < all.upperBound, !progress(SearchCount(count: count, isComplete: false)) {
                return SearchCount(count: count, isComplete: false)
            }
        }
        let total = SearchCount(count: count, isComplete: true)
        _ = progress(total)
        return total
    }

    /// The find index's progress: posts still to index (`buildSearchIndex`) of all posts.
    public func searchIndexProgress() throws(Error) -> SearchIndexProgress {
        try perform("reading the find index state") {
            try pool.read { db in
                let total = try Self.checkedCount(db, path: path)
                let stored = try Self.firstPosition(db)..<nextPosition(db)
                let pending = try searchIndexUsable ? SearchIndex.pending(db).clamped(to: stored) : stored
                return SearchIndexProgress(done: max(0, total - pending.count), total: total)
            }
        }
    }

    // MARK: - Inside a read

    private func search(_ query: SearchQuery, after: Int?, limit: Int, db: Database, useIndex: Bool) throws -> SearchPage {
        let first = try Self.firstPosition(db)
        let next = try nextPosition(db)
        let pending = try useIndex ? SearchIndex.pending(db).clamped(to: first..<max(first, next)) : first..<next
        let from = max(first, (after ?? first - 1) + 1)
        var matches: [SearchMatch] = []
        let matcher: SearchMatcher? = try useIndex ? SearchMatcher(query, db: db) : nil
        // Indexed rows before the pending run, the pending run scanned, indexed rows after it.
        if let matcher, from < pending.lowerBound {
            matches = try matcher.matches(in: from..<pending.lowerBound, limit: limit, first: first, store: self, db: db)
            if matches.count == limit { return page(matches, pending: pending) }
        }
        let scanFrom = max(from, pending.lowerBound)
        if scanFrom < pending.upperBound {
            let budget = max(1, configuration.search.scanBudget)
            let scanned = try scan(query, in: scanFrom..<pending.upperBound, budget: budget, limit: limit - matches.count, first: first, db: db)
            matches += scanned.matches
            if let stop = scanned.stoppedAt { return SearchPage(matches: matches, next: stop, isIndexComplete: pending.isEmpty) }
        }
        if let matcher {
            let afterPending = max(from, pending.upperBound)
            matches += try matcher.matches(in: afterPending..<Int.max, limit: limit - matches.count, first: first, store: self, db: db)
        }
        return page(matches, pending: pending, full: matches.count == limit)
    }

    private func page(_ matches: [SearchMatch], pending: Range<Int>, full: Bool = true) -> SearchPage {
        SearchPage(matches: matches, next: full ? matches.last?.position : nil, isIndexComplete: pending.isEmpty)
    }

    /// Decodes rows at `positions` in order and checks each, until `limit` matches or `budget`
    /// rows; `stoppedAt` is the last position checked when it stopped early.
    private func scan(
        _ query: SearchQuery, in positions: Range<Int>, budget: Int, limit: Int, first: Int, db: Database
    ) throws -> (matches: [SearchMatch], stoppedAt: Int?) {
        let cursor = try Row.fetchCursor(
            db,
            sql: """
                SELECT position, id, body FROM posts WHERE position >= ? AND position < ?
                AND id NOT IN (SELECT id FROM deleted_posts) ORDER BY position
                """,
            arguments: [positions.lowerBound, positions.upperBound])
        var matches: [SearchMatch] = []
        var checked = 0
        var last = positions.lowerBound
        while let row = try cursor.next() {
            last = try row.decode(Int.self, atIndex: 0)
            checked += 1
            if let match = checkedMatch(row, query: query, first: first) {
                matches.append(match)
                if matches.count == limit { return (matches, last) }
            }
            if checked == budget { return (matches, last) }
        }
        return (matches, nil)
    }

    /// The row (position, id, body) as a match when its post contains `query`; nil when it
    /// does not or its body does not decode (a damaged row is not a match).
    func checkedMatch(_ row: Row, query: SearchQuery, first: Int) -> SearchMatch? {
        guard let position = try? row.decode(Int.self, atIndex: 0), let id = try? row.decode(String.self, atIndex: 1) else { return nil }
        let data = try? row.decode(Data.self, atIndex: 2)
        guard let post = try? decode(data, row: position - first) else { return nil }
        let document = Array(SearchIndex.document(for: post).unicodeScalars)
        guard SearchFolding.contains(document, query.folded) else { return nil }
        return SearchMatch(position: position, row: position - first, id: id)
    }

    private func countMatches(_ query: SearchQuery, in range: Range<Int>, db: Database) throws -> Int {
        var pending = range
        var count = 0
        if searchIndexUsable {
            // An index that fails to read is not fatal: this step scans instead.
            do {
                let indexPending = try SearchIndex.pending(db)
                if let expression = try SearchMatcher(query, db: db).expression {
                    let sql = "SELECT COUNT(*) FROM post_search WHERE post_search MATCH ? AND rowid >= ? AND rowid < ?"
                    let parts = [
                        range.lowerBound..<max(range.lowerBound, min(range.upperBound, indexPending.lowerBound)),
                        min(range.upperBound, max(range.lowerBound, indexPending.upperBound))..<range.upperBound,
                    ]
                    for part in parts where !part.isEmpty {
                        count += try Int.fetchOne(db, sql: sql, arguments: [expression, part.lowerBound, part.upperBound]) ?? 0
                    }
                }
                pending = indexPending
            } catch {
                count = 0
            }
        }
        let scanned = range.clamped(to: pending)
        if !scanned.isEmpty {
            let first = try Self.firstPosition(db)
            count += try scan(query, in: scanned, budget: Int.max, limit: Int.max, first: first, db: db).matches.count
        }
        return count
    }

    /// After a search through the index failed (a damaged index reads as SQLITE_CORRUPT, or
    /// worse): rebuilds the index (writable store) and returns true, so the search runs again,
    /// scanning until `buildSearchIndex` is done. An error that was not the index's fails the
    /// scan as well and reaches the caller.
    private func recoverSearchIndex(after error: Error) -> Bool {
        guard !isReadOnly else { return false }
        warn("the find index of \(path) failed (\(error)); it is rebuilt")
        do {
            try pool.writeWithoutTransaction { db in
                try db.inTransaction {
                    try SearchIndex.rebuild(db)
                    return .commit
                }
            }
            return true
        } catch {
            return false
        }
    }
}
