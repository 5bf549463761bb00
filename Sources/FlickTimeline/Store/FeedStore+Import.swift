import Foundation
import GRDB

extension FeedStore {
    /// Imports the feed file at `url`: new posts are appended in feed order, posts whose id
    /// is already stored are updated in place (`upsert`), and posts that break a rule or
    /// repeat an id within the feed are skipped with a warning.
    ///
    /// Runs on the calling thread (a worker; a big file takes seconds) and streams: memory
    /// stays at one read chunk plus one batch of posts whatever the file size. The file is
    /// read twice: first a syntax pass that keeps nothing, so a feed found invalid at its last
    /// byte changes nothing; then the import pass, committing every
    /// `Configuration.importBatchSize` posts. Readers see batches as they commit; other writes
    /// wait until the import ends. If the second pass fails anyway (the file changed), the
    /// appended rows are removed before the error is thrown.
    ///
    /// - Throws: `.feed(path:_:)` for a rejected feed (invalid JSON with line and column,
    ///   missing `posts`, unreadable file); store errors otherwise.
    public func importFeed(from url: URL) throws(Error) -> ImportReport {
        let readerConfiguration = configuration.feedReading
        do {
            var syntax = try FeedReader(contentsOf: url, configuration: readerConfiguration)
            _ = try syntax.validateToEnd()
        } catch {
            throw .feed(path: path, error)
        }
        return try perform("importing \(url.path)") {
            try pool.writeWithoutTransaction { db in
                var session = ImportSession(store: self, base: try nextPosition(db))
                do {
                    var reader = try FeedReader(contentsOf: url, configuration: readerConfiguration)
                    try session.run(&reader, db: db)
                    session.report.next = reader.next
                } catch {
                    try? db.execute(sql: "DELETE FROM posts WHERE position >= ?", arguments: [session.base])
                    if let error = error as? FeedDecoder.Error { throw Error.feed(path: path, error) }
                    throw error
                }
                let baseRow = session.base - (try FeedStore.firstPosition(db))
                session.report.appendedRows = baseRow..<(baseRow + session.report.appended)
                return session.report
            }
        }
    }
}

/// The state of one import pass: the batch being filled and the report so far.
private struct ImportSession {
    let store: FeedStore
    /// Rows at or after `base` were appended by this import.
    let base: Int
    var report = ImportReport()
    private var batch: [(index: Int, post: Post)] = []
    /// Ids updated in place by this import, to catch a second occurrence in the feed.
    private var updatedIDs: Set<String> = []

    init(store: FeedStore, base: Int) {
        self.store = store
        self.base = base
    }

    mutating func run(_ reader: inout FeedReader, db: Database) throws {
        let batchSize = max(1, store.configuration.importBatchSize)
        while let item = try reader.nextItem() {
            switch item {
            case .post(let index, let post):
                batch.append((index, post))
                if batch.count >= batchSize { try flush(db) }
            case .skipped(let warning):
                if warning.postIndex != nil { report.skipped += 1 }
                report.warn(warning, limit: store.configuration.maxReportedWarnings)
            case .repaired(let warning):
                report.repaired += 1
                report.warn(warning, limit: store.configuration.maxReportedWarnings)
            }
        }
        try flush(db)
    }

    /// Writes the batch in one transaction.
    private mutating func flush(_ db: Database) throws {
        guard !batch.isEmpty else { return }
        try db.inTransaction {
            for (index, post) in batch {
                try write(post, index: index, db: db)
            }
            return .commit
        }
        batch.removeAll(keepingCapacity: true)
    }

    private mutating func write(_ post: Post, index: Int, db: Database) throws {
        let existing = try Int.fetchOne(db, sql: "SELECT position FROM posts WHERE id = ?", arguments: [post.id])
        if let existing, existing >= base || updatedIDs.contains(post.id) {
            report.skipped += 1
            let reason = FeedDecoder.duplicateReason(post.id, firstIndex: nil)
            report.warn(FeedWarning(postIndex: index, reason: reason), limit: store.configuration.maxReportedWarnings)
            return
        }
        switch try store.upsert(post, in: db) {
        case .inserted: report.appended += 1
        case .updated, .unchanged:
            report.updated += 1
            updatedIDs.insert(post.id)
        }
    }
}
