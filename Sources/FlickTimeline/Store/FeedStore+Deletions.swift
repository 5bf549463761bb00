import GRDB

extension FeedStore {
    /// Tombstones kept at most; the oldest go first. Default-free constant: 10,000 ids (about
    /// 200 KB) covers any reader's cache for days of a busy timeline's deletions.
    public static let maxDeletedIDs = 10_000

    /// Records that the posts with `ids` were deleted by their server (their rows stay; lists
    /// leave them out). Bounded to `maxDeletedIDs`. Worker thread, one transaction.
    public func markDeleted(_ ids: [String]) throws(Error) {
        guard !ids.isEmpty else { return }
        try performWrite("recording \(ids.count) deleted posts") {
            try pool.write { db in
                let statement = try db.cachedStatement(sql: "INSERT OR IGNORE INTO deleted_posts (id) VALUES (?)")
                for id in ids.prefix(Self.maxDeletedIDs) {
                    statement.setUncheckedArguments([id])
                    try statement.execute()
                    try unindex(id: id, db: db)
                }
                try db.execute(
                    sql: "DELETE FROM deleted_posts WHERE seq <= (SELECT MAX(seq) FROM deleted_posts) - ?",
                    arguments: [Self.maxDeletedIDs])
            }
        }
    }

    /// The ids recorded by `markDeleted` (at most `maxDeletedIDs`). Any thread; one read.
    public func deletedIDs() throws(Error) -> Set<String> {
        try perform("reading deleted posts") {
            try pool.read { db in Set(try String.fetchAll(db, sql: "SELECT id FROM deleted_posts")) }
        }
    }
}
