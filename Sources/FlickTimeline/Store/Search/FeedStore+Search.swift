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
        try search(query, from: after, direction: .forward, limit: limit)
    }

    /// The `limit` posts nearest before position `before` (nil: from the oldest post), nearest
    /// first: a find bar's "previous match", walking toward the newest post. Pass the page's
    /// `next` as `before` for the page after it. The same rules, thread and cost as
    /// `search(_:after:limit:)`.
    public func search(_ query: SearchQuery, before: Int?, limit: Int = 50) throws(Error) -> SearchPage {
        try search(query, from: before, direction: .backward, limit: limit)
    }

    private func search(_ query: SearchQuery, from: Int?, direction: SearchDirection, limit: Int) throws(Error) -> SearchPage {
        guard !query.isEmpty else { return .empty }
        let limit = min(max(1, limit), configuration.search.maxPageSize)
        let read = { (useIndex: Bool) in
            try self.pool.read { db in try self.search(query, from: from, direction: direction, limit: limit, db: db, useIndex: useIndex) }
        }
        do {
            return try perform("searching") { try read(searchIndexUsable) }
        } catch {
            guard searchIndexUsable, recoverSearchIndex(after: error) else { throw error }
            return try perform("searching") { try read(true) }
        }
    }

    /// Counts the posts matching `query` (those at `positions` only, when given), step by step
    /// (`SearchConfiguration.countWindow` positions each), calling `progress` with the count so
    /// far after each step; `progress` returns false to stop (the result is then partial).
    /// Worker thread; each step is its own read. A partial count is a lower bound.
    public func countMatches(
        _ query: SearchQuery, in positions: Range<Int>? = nil, progress: (SearchCount) -> Bool = { _ in true }
    ) throws(Error) -> SearchCount {
        guard !query.isEmpty else { return SearchCount(count: 0, isComplete: true) }
        let stored = try self.positions()
        let all = positions.map { stored.clamped(to: $0) } ?? stored
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

    /// One page in `direction` from `from` (exclusive; nil: from the end the direction starts
    /// at). The stored positions split into indexed rows, the pending run (scanned, at most
    /// `scanBudget` rows a call) and indexed rows again, visited in the direction's order.
    private func search(
        _ query: SearchQuery, from: Int?, direction: SearchDirection, limit: Int, db: Database, useIndex: Bool
    ) throws -> SearchPage {
        let first = try Self.firstPosition(db)
        let next = max(first, try nextPosition(db))
        let pending = try useIndex ? SearchIndex.pending(db).clamped(to: first..<next) : first..<next
        let span =
            switch direction {
            case .forward: max(first, (from ?? first - 1) + 1)..<next
            case .backward: first..<max(first, min(next, from ?? next))
            }
        guard !span.isEmpty else { return page([], pending: pending, full: false) }
        let matcher: SearchMatcher? = try useIndex ? SearchMatcher(query, db: db) : nil
        let parts: [(positions: Range<Int>, scanned: Bool)] = [
            (span.lowerBound..<max(span.lowerBound, min(span.upperBound, pending.lowerBound)), false),
            (span.clamped(to: pending), true),
            (min(span.upperBound, max(span.lowerBound, pending.upperBound))..<span.upperBound, false),
        ]
        var matches: [SearchMatch] = []
        for part in direction == .forward ? parts : parts.reversed() where !part.positions.isEmpty {
            if part.scanned {
                let budget = max(1, configuration.search.scanBudget)
                let scanned = try scan(
                    query, in: part.positions, direction: direction, budget: budget, limit: limit - matches.count, first: first, db: db)
                matches += scanned.matches
                if let stop = scanned.stoppedAt { return SearchPage(matches: matches, next: stop, isIndexComplete: pending.isEmpty) }
            } else if let matcher {
                matches += try matcher.matches(
                    in: part.positions, direction: direction, limit: limit - matches.count, first: first, store: self, db: db)
            }
            if matches.count == limit { return page(matches, pending: pending) }
        }
        return page(matches, pending: pending, full: false)
    }

    private func page(_ matches: [SearchMatch], pending: Range<Int>, full: Bool = true) -> SearchPage {
        SearchPage(matches: matches, next: full ? matches.last?.position : nil, isIndexComplete: pending.isEmpty)
    }

    /// Decodes rows at `positions` in `direction`'s order and checks each, until `limit`
    /// matches or `budget` rows; `stoppedAt` is the last position checked when it stopped early.
    private func scan(
        _ query: SearchQuery, in positions: Range<Int>, direction: SearchDirection = .forward, budget: Int, limit: Int, first: Int,
        db: Database
    ) throws -> (matches: [SearchMatch], stoppedAt: Int?) {
        let cursor = try Row.fetchCursor(
            db,
            sql: """
                SELECT position, id, body FROM posts WHERE position >= ? AND position < ?
                AND id NOT IN (SELECT id FROM deleted_posts) ORDER BY position \(direction.sql)
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
