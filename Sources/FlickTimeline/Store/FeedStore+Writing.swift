import Foundation
import GRDB

extension FeedStore {
    /// What `upsert` did.
    public enum UpsertOutcome: Sendable, Hashable {
        /// A new id, appended at `row`.
        case inserted(row: Int)
        /// A known id whose content changed; it kept `row`, and its old heights were dropped.
        case updated(row: Int)
        /// A known id with identical content; nothing was written.
        case unchanged(row: Int)

        public var row: Int {
            switch self {
            case .inserted(let row), .updated(let row), .unchanged(let row): row
            }
        }
    }

    static let insertSQL = "INSERT INTO posts (position, id, version, body) VALUES (?, ?, ?, ?)"

    /// Rows per multi-row INSERT in `insert`: one statement execution per 64 rows halves the
    /// per-row cost of a debug build's statement machinery (measured: 18 → 9 µs per row);
    /// 256 bound values stay far below SQLite's variable limit.
    static let rowsPerStatement = 64

    static func multiRowInsertSQL(rows: Int) -> String {
        "INSERT INTO posts (position, id, version, body) VALUES "
            + Array(repeating: "(?, ?, ?, ?)", count: rows).joined(separator: ", ")
    }

    /// Appends `posts` at the end of the timeline, in order, and returns their rows.
    ///
    /// Runs on the calling thread (a worker: this is the generator's bulk path). Commits every
    /// `Configuration.insertBatchSize` posts, binding `rowsPerStatement` posts per execution
    /// of a cached prepared statement; readers see each committed batch. All or nothing: an
    /// id already stored (or repeated) throws `.duplicatePostID` and the rows this call
    /// appended are removed again.
    @discardableResult
    public func insert(_ posts: some Collection<Post>) throws(Error) -> Range<Int> {
        let batchSize = max(1, configuration.insertBatchSize)
        let posts = Array(posts)
        return try performWrite("inserting posts") {
            try pool.writeWithoutTransaction { db in
                let base = try nextPosition(db)
                var committed = 0
                do {
                    for batchStart in stride(from: 0, to: posts.count, by: batchSize) {
                        let batch = posts[batchStart..<min(posts.count, batchStart + batchSize)]
                        try db.inTransaction {
                            try append(batch, at: base + batchStart, db: db)
                            return .commit
                        }
                        committed = batchStart + batch.count
                    }
                } catch {
                    try? db.inTransaction {
                        for (offset, post) in posts[0..<committed].enumerated() {
                            try SearchIndex.remove(post, at: base + offset, db)
                        }
                        try db.execute(sql: "DELETE FROM posts WHERE position >= ?", arguments: [base])
                        return .commit
                    }
                    throw error
                }
                return base..<(base + posts.count)
            }
        }
    }

    /// Inserts `posts` at consecutive positions from `position`, inside an open transaction.
    private func append(_ posts: ArraySlice<Post>, at position: Int, db: Database) throws {
        let pending = try SearchIndex.pending(db)
        var values: [(any DatabaseValueConvertible)?] = []
        values.reserveCapacity(Self.rowsPerStatement * 4)
        var start = posts.startIndex
        while start < posts.endIndex {
            let chunk = posts[start..<min(posts.endIndex, start + Self.rowsPerStatement)]
            values.removeAll(keepingCapacity: true)
            for (offset, post) in chunk.enumerated() {
                values.append(position + (start - posts.startIndex) + offset)
                values.append(post.id)
                values.append(Int64(bitPattern: post.contentVersion))
                values.append(Data(PostRecord.encode(post)))
            }
            let statement = try db.cachedStatement(sql: Self.multiRowInsertSQL(rows: chunk.count))
            statement.setUncheckedArguments(StatementArguments(values))
            do {
                try statement.execute()
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                throw Error.duplicatePostID(path: path, id: try duplicateID(in: chunk, db: db) ?? "?")
            }
            for (offset, post) in chunk.enumerated() {
                try SearchIndex.add(post, at: position + (start - posts.startIndex) + offset, pending: pending, db)
            }
            start = chunk.endIndex
        }
    }

    /// The first id of `posts` that repeats within them or is already stored.
    private func duplicateID(in posts: ArraySlice<Post>, db: Database) throws -> String? {
        var seen: Set<String> = []
        for post in posts {
            if !seen.insert(post.id).inserted { return post.id }
            let stored = try Int.fetchOne(db, sql: "SELECT 1 FROM posts WHERE id = ?", arguments: [post.id])
            if stored != nil { return post.id }
        }
        return nil
    }

    /// Inserts one post at `position` with a prepared `insertSQL` statement.
    func append(_ post: Post, at position: Int, with statement: Statement) throws {
        statement.setUncheckedArguments([
            position, post.id, Int64(bitPattern: post.contentVersion), Data(PostRecord.encode(post)),
        ])
        do {
            try statement.execute()
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw Error.duplicatePostID(path: path, id: post.id)
        }
    }

    /// Stores `post`: a new id is appended; a known id keeps its row and takes the new
    /// content (and version), dropping heights cached for its other versions.
    ///
    /// Runs on the calling thread (a worker), in one transaction.
    @discardableResult
    public func upsert(_ post: Post) throws(Error) -> UpsertOutcome {
        try performWrite("storing post \(post.id)") {
            try pool.write { db in try upsert(post, in: db) }
        }
    }

    /// `upsert` inside an open transaction.
    func upsert(_ post: Post, in db: Database) throws -> UpsertOutcome {
        let version = Int64(bitPattern: post.contentVersion)
        let sql = "SELECT position, version, body FROM posts WHERE id = ?"
        let existing = try Row.fetchOne(db, sql: sql, arguments: [post.id])
        if let row = existing {
            let position: Int = try row.decode(atIndex: 0)
            // A stored version that is not an integer (a damaged or crafted file) cannot match:
            // the new content replaces the row, which repairs it. (GRDB's non-throwing
            // subscript would trap on it.)
            let first = try Self.firstPosition(db)
            guard (try? row.decode(Int64.self, atIndex: 1)) != version else { return .unchanged(row: position - first) }
            try reindex(post, replacing: row, at: position, db: db)
            try db.execute(
                sql: "UPDATE posts SET version = ?, body = ? WHERE position = ?",
                arguments: [version, Data(PostRecord.encode(post)), position])
            try db.execute(
                sql: "DELETE FROM layout_heights WHERE post_id = ? AND version != ?", arguments: [post.id, version])
            return .updated(row: position - first)
        }
        let position = try nextPosition(db)
        try append(post, at: position, with: try db.cachedStatement(sql: Self.insertSQL))
        try SearchIndex.add(post, at: position, pending: try SearchIndex.pending(db), db)
        return .inserted(row: position - (try Self.firstPosition(db)))
    }

    /// Removes every post and cached height (a fresh timeline), in one transaction.
    public func removeAll() throws(Error) {
        try performWrite("removing all posts") {
            try pool.write { db in
                try db.execute(sql: "DELETE FROM posts")
                try db.execute(sql: "DELETE FROM layout_heights")
                try SearchIndex.removeAll(db)
            }
        }
    }
}
