import Foundation
import GRDB

/// Building the find index of a store made before it (or rebuilt after damage).
extension FeedStore {
    /// Indexes the posts still pending (see `SearchIndex`), in committed batches of
    /// `SearchConfiguration.backfillBatchSize`, calling `progress` after each; `progress`
    /// returns false to stop. Resumable: the position reached is committed with each batch,
    /// so a stop, a crash or a quit picks up there on the next call. Returns the progress
    /// reached. A read-only store does nothing (its searches scan instead).
    ///
    /// Runs on the calling thread, a worker (a million posts take tens of seconds: call it
    /// from a background task after opening). Each batch is one short write transaction, so
    /// live pages and edits interleave with it; reads never wait.
    @discardableResult
    public func buildSearchIndex(
        progress: (SearchIndexProgress) -> Bool = { _ in true }
    ) throws(Error) -> SearchIndexProgress {
        guard !isReadOnly, searchIndexUsable else { return try searchIndexProgress() }
        let batchSize = max(1, configuration.search.backfillBatchSize)
        while true {
            let done = try performWrite("building the find index") {
                try pool.write { db -> Bool in
                    // A deferred index (`deferSearchIndex`) pends up to the end of time: the
                    // rows to do are those stored; later appends are their writers' again.
                    var pending = try SearchIndex.pending(db)
                    let next = try nextPosition(db)
                    if pending.upperBound > next {
                        pending = pending.lowerBound..<max(pending.lowerBound, next)
                        try SearchIndex.setPending(pending, db)
                    }
                    guard !pending.isEmpty else { return true }
                    let batch = pending.lowerBound..<min(pending.upperBound, pending.lowerBound + batchSize)
                    try index(batch, db: db)
                    try SearchIndex.setPending(batch.upperBound..<pending.upperBound, db)
                    return batch.upperBound >= pending.upperBound
                }
            }
            let reached = try searchIndexProgress()
            if done || !progress(reached) { return reached }
        }
    }

    /// Leaves the rows appended from now on out of the index until the next
    /// `buildSearchIndex`, which indexes them in batches (prepends and edits of indexed rows
    /// still index as they write). For a bulk import into a new store: indexing in one pass
    /// afterwards is cheaper than keeping the index current row by row (docs/ARCHITECTURE.md, "Find").
    /// Worker thread, one short transaction.
    public func deferSearchIndex() throws(Error) {
        try performWrite("deferring the find index") {
            try pool.write { db in
                let pending = try SearchIndex.pending(db)
                let next = try nextPosition(db)
                let start = pending.isEmpty ? next : min(pending.lowerBound, next)
                try SearchIndex.setPending(start..<Int(Int64.max), db)
            }
        }
    }

    /// The bytes the database holds (pages in use after a WAL checkpoint), and of those the
    /// find index's (its shadow tables, when SQLite has `dbstat`; nil otherwise). For the
    /// benchmark's size figures. Worker thread.
    public func storedBytes() throws(Error) -> (total: Int, searchIndex: Int?) {
        try perform("measuring the store") {
            if !isReadOnly { try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") } }
            return try pool.read { db in
                let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
                let index = try? Int.fetchOne(
                    db, sql: "SELECT SUM(pgsize) FROM dbstat WHERE name IN ('post_search_data', 'post_search_idx', 'post_search_docsize', 'post_search_config')")
                return ((pages - free) * pageSize, index)
            }
        }
    }

    /// Indexes the stored rows at `positions` (pending ones), leaving out deleted posts and
    /// rows whose body does not decode (a damaged row is not findable; it is not fatal).
    private func index(_ positions: Range<Int>, db: Database) throws {
        let cursor = try Row.fetchCursor(
            db,
            sql: """
                SELECT position, body FROM posts WHERE position >= ? AND position < ?
                AND id NOT IN (SELECT id FROM deleted_posts) ORDER BY position
                """,
            arguments: [positions.lowerBound, positions.upperBound])
        let statement = try db.cachedStatement(sql: "INSERT INTO post_search (rowid, document) VALUES (?, ?)")
        while let row = try cursor.next() {
            let position = try row.decode(Int.self, atIndex: 0)
            let data = try? row.decode(Data.self, atIndex: 1)
            guard let post = try? decode(data, row: position) else { continue }
            statement.setUncheckedArguments([position, SearchIndex.document(for: post)])
            try statement.execute()
        }
    }
}
