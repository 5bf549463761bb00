import GRDB

/// Tables, migrations and the checks run at open.
extension FeedStore {
    /// `posts`: one row per timeline entry. `position` is the timeline order (0 = newest, as
    /// the feed gives it) and the rowid, so a range read is one B-tree walk; `version` is the
    /// content version's bit pattern; `body` the `PostRecord` encoding.
    static let createPosts = """
        CREATE TABLE posts (
            position INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            version INTEGER NOT NULL,
            body BLOB NOT NULL
        )
        """

    /// `layout_heights`: a measured cell height per post content and layout key (width,
    /// scale, font scale...), so a relaunch can size the whole list without laying it out.
    static let createLayoutHeights = """
        CREATE TABLE layout_heights (
            post_id TEXT NOT NULL,
            version INTEGER NOT NULL,
            layout_key TEXT NOT NULL,
            height REAL NOT NULL,
            PRIMARY KEY (post_id, version, layout_key)
        ) WITHOUT ROWID
        """

    /// `paging_state`: where a feed client left off (one row): the feed's URL, the next older
    /// page's URL, the URL asking for newer posts, and whether the oldest page was reached.
    static let createPagingState = """
        CREATE TABLE paging_state (
            singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
            source TEXT,
            older TEXT,
            newer TEXT,
            reached_end INTEGER NOT NULL DEFAULT 0
        )
        """

    /// `deleted_posts`: ids the server said were deleted. Their rows stay (positions are never
    /// renumbered); a list leaves them out. `seq` orders them so the oldest can be dropped.
    static let createDeletedPosts = """
        CREATE TABLE deleted_posts (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE
        )
        """

    /// (name, declared type, not null, primary-key position) per column, as `table_info` reports.
    typealias ColumnShape = [String]

    static let postsShape: [ColumnShape] = [
        ["position", "INTEGER", "0", "1"], ["id", "TEXT", "1", "0"], ["version", "INTEGER", "1", "0"],
        ["body", "BLOB", "1", "0"],
    ]

    static let layoutHeightsShape: [ColumnShape] = [
        ["post_id", "TEXT", "1", "1"], ["version", "INTEGER", "1", "2"], ["layout_key", "TEXT", "1", "3"],
        ["height", "REAL", "1", "0"],
    ]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: posts and layout heights") { db in
            try db.execute(sql: createPosts)
            try db.execute(sql: createLayoutHeights)
        }
        migrator.registerMigration("v2: paging state") { db in
            try db.execute(sql: createPagingState)
        }
        migrator.registerMigration("v3: deleted posts") { db in
            try db.execute(sql: createDeletedPosts)
        }
        migrator.registerMigration("v4: find index") { db in
            // Creates the index empty with every stored post pending: instant on a million
            // posts; `buildSearchIndex` fills it in resumable batches.
            try SearchIndex.create(db)
        }
        return migrator
    }

    static func shape(of table: String, in db: Database) throws -> [ColumnShape] {
        try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { row in
            let type = (row["type"] as String? ?? "").uppercased()
            return [row["name"], type, "\(row["notnull"] as Int? ?? 0)", "\(row["pk"] as Int? ?? 0)"]
        }
    }

    /// Problems `PRAGMA quick_check(table)` reports; empty when the table and its indexes are sound.
    static func quickCheck(_ table: String, in db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "PRAGMA quick_check(\(table))").filter { $0 != "ok" }
    }

    /// Throws `.incompatibleSchema` / `.corrupt` when the posts table cannot be used: a
    /// foreign shape; unless `check` is `.none`, positions that are not 0..<count (a gap, a
    /// huge or negative position: `checkedCount`); with `.quick`, damage or a stored value of
    /// the wrong type (an id that is not text, a version that is not an integer, a body that
    /// is not a blob).
    static func verifyPosts(in db: Database, path: String, check: Configuration.IntegrityCheck) throws {
        let shape = try shape(of: "posts", in: db)
        guard shape == postsShape else {
            throw Error.incompatibleSchema(path: path, reason: "table posts has columns \(shape.map { $0[0] })")
        }
        guard check != .none else { return }
        _ = try checkedCount(db, path: path)
        guard check == .quick else { return }
        if let problem = try quickCheck("posts", in: db).first {
            throw Error.corrupt(path: path, reason: problem)
        }
        let wrongType = try Row.fetchOne(
            db,
            sql: """
                SELECT position, typeof(id), typeof(version), typeof(body) FROM posts
                WHERE typeof(id) != 'text' OR typeof(version) != 'integer' OR typeof(body) != 'blob' LIMIT 1
                """)
        if let row = wrongType {
            let position: Int64 = try row.decode(atIndex: 0)
            let types: [String] = [try row.decode(atIndex: 1), try row.decode(atIndex: 2), try row.decode(atIndex: 3)]
            let found = zip(["id", "version", "body"], zip(types, ["text", "integer", "blob"]))
                .filter { $0.1.0 != $0.1.1 }
                .map { "\($0.0) is \($0.1.0), not \($0.1.1)" }
            throw Error.corrupt(path: path, reason: "row \(position): " + found.joined(separator: ", "))
        }
    }

    /// Why the heights table cannot be trusted, or nil when it can.
    static func layoutHeightsProblem(
        in db: Database, check: Configuration.IntegrityCheck, maxHeight: Double
    ) throws -> String? {
        let shape = try shape(of: "layout_heights", in: db)
        if shape.isEmpty { return "table layout_heights is missing" }
        guard shape == layoutHeightsShape else { return "table layout_heights has columns \(shape.map { $0[0] })" }
        guard check != .none else { return nil }
        if let problem = try quickCheck("layout_heights", in: db).first { return problem }
        let bad = try Int.fetchOne(
            db,
            sql: "SELECT COUNT(*) FROM layout_heights WHERE typeof(height) != 'real' OR NOT (height BETWEEN 0 AND ?)",
            arguments: [maxHeight]) ?? 0
        return bad > 0 ? "\(bad) heights are negative, not numbers or above \(maxHeight)" : nil
    }

    /// Drops whatever `layout_heights` is and creates it empty.
    static func rebuildLayoutHeights(in db: Database) throws {
        try db.execute(sql: "DROP TABLE IF EXISTS layout_heights")
        try db.execute(sql: createLayoutHeights)
    }
}
