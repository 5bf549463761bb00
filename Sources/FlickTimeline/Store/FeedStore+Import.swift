import Foundation
import GRDB

extension FeedStore {
    /// Imports the feed file at `url`: new posts are appended in feed order, posts whose id
    /// is already stored are updated in place (`upsert`), and posts that break a rule or
    /// repeat an id within the feed are skipped with a warning.
    ///
    /// All or nothing: the whole import is one transaction, so a failure anywhere (invalid
    /// JSON at the last byte, a file that changed or cannot be read midway, a full disk, a
    /// crash) leaves the store exactly as it was — no appended row, no updated post, no
    /// dropped height. Readers see the store as before until the import commits, then all of
    /// it; other writes wait for it (`Configuration.busyTimeout`).
    ///
    /// Runs on the calling thread (a worker; a big file takes seconds) and streams: memory
    /// stays at one read chunk plus one post whatever the file size (SQLite spills the
    /// transaction to its WAL file).
    ///
    /// - Throws: `.feed(path:_:)` for a rejected feed (invalid JSON with line and column,
    ///   missing `posts`, unreadable file); `.readOnly` for a read-only store; store errors
    ///   otherwise.
    public func importFeed(from url: URL) throws(Error) -> ImportReport {
        let readerConfiguration = configuration.feedReading
        return try performWrite("importing \(url.path)") {
            try pool.write { db in
                var session = ImportSession(store: self, base: try nextPosition(db))
                do {
                    var reader = try FeedReader(contentsOf: url, configuration: readerConfiguration)
                    try session.run(&reader, db: db)
                    session.report.next = reader.next
                } catch let error as FeedDecoder.Error {
                    throw Error.feed(path: path, error)
                }
                let baseRow = session.base - (try FeedStore.firstPosition(db))
                session.report.appendedRows = baseRow..<(baseRow + session.report.appended)
                return session.report
            }
        }
    }
}

/// The state of one import: where its appended rows start and the report so far.
private struct ImportSession {
    let store: FeedStore
    /// Rows at or after `base` were appended by this import.
    let base: Int
    var report = ImportReport()
    /// Ids updated in place by this import, to catch a second occurrence in the feed.
    private var updatedIDs: Set<String> = []

    init(store: FeedStore, base: Int) {
        self.store = store
        self.base = base
    }

    /// Reads every item of the feed and writes its posts, inside the caller's transaction.
    mutating func run(_ reader: inout FeedReader, db: Database) throws {
        while let item = try reader.nextItem() {
            switch item {
            case .post(let index, let post):
                try write(post, index: index, db: db)
            case .skipped(let warning):
                if warning.postIndex != nil { report.skipped += 1 }
                report.warn(warning, limit: store.configuration.maxReportedWarnings)
            case .repaired(let warning):
                report.repaired += 1
                report.warn(warning, limit: store.configuration.maxReportedWarnings)
            }
        }
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
