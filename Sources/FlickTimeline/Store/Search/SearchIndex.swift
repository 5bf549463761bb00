import FlickCore
import Foundation
import GRDB

/// The find index of a `FeedStore`: an FTS5 trigram table over one folded document per post.
///
/// - `post_search` is contentless (`content=''`): it keeps the trigram index only, not a
///   second copy of the text (the text lives once, in `posts.body`). Its rowid is the post's
///   position, so results come out in timeline order without a sort.
/// - The document of a post is its author's name, its text and its retweeted text, each
///   folded (`SearchFolding`), joined and ended by the field separator U+001F twice (see
///   `document(for:)`). Folding in Swift, with the tokenizer's own folding off
///   (`case_sensitive 1`), gives one definition of case-insensitivity for the index, the
///   in-memory searcher and the highlight.
/// - `post_search_terms` (fts5vocab) lists the index's trigrams, to search for 1–2 scalar
///   queries (see `FeedStore+Search.swift`).
/// - `search_index_state` holds the positions still to be indexed, `pending = cursor..<end`:
///   the backfill of a store made before the index walks `cursor` up in committed batches
///   (resumable). A row is indexed by its writer when it is outside `pending`, by the
///   backfill when inside: never both.
///
/// Upkeep is in the writers, not triggers: the post's text is inside the encoded `body` blob,
/// which SQL cannot read. Every writer of `posts` (bulk insert, upsert, prepend, page import,
/// removeAll, the insert rollback) and `markDeleted` call into this type in their own
/// transaction, so the index commits or rolls back with the posts.
enum SearchIndex {
    static let createTable = """
        CREATE VIRTUAL TABLE post_search USING fts5(document, content='', tokenize='trigram case_sensitive 1')
        """
    static let createTerms = "CREATE VIRTUAL TABLE post_search_terms USING fts5vocab(post_search, 'row')"
    static let createState = """
        CREATE TABLE search_index_state (
            singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
            cursor INTEGER NOT NULL,
            "end" INTEGER NOT NULL
        )
        """
    static let tables = ["post_search", "post_search_terms", "search_index_state"]

    /// The folded document indexed for `post`.
    static func document(for post: Post) -> String {
        var scalars = String.UnicodeScalarView()
        SearchFolding.appendFolded(post.user.name, to: &scalars)
        scalars.append(SearchFolding.fieldSeparator)
        SearchFolding.appendFolded(post.text, to: &scalars)
        scalars.append(SearchFolding.fieldSeparator)
        if let retweeted = post.retweeted {
            SearchFolding.appendFolded(retweeted.text, to: &scalars)
        }
        // Two separators end the document, so every scalar of it starts a trigram: a 1–2
        // scalar query is found as the prefix of a trigram (see `FeedStore+Search.swift`).
        scalars.append(SearchFolding.fieldSeparator)
        scalars.append(SearchFolding.fieldSeparator)
        return String(scalars)
    }

    /// The rows still to be indexed by the backfill.
    static func pending(_ db: Database) throws -> Range<Int> {
        guard let row = try Row.fetchOne(db, sql: "SELECT cursor, \"end\" FROM search_index_state") else { return 0..<0 }
        let cursor: Int64 = try row.decode(atIndex: 0)
        let end: Int64 = try row.decode(atIndex: 1)
        return Int(cursor)..<Int(max(cursor, end))
    }

    static func setPending(_ pending: Range<Int>, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO search_index_state (singleton, cursor, \"end\") VALUES (1, ?, ?)",
            arguments: [pending.lowerBound, pending.upperBound])
    }

    /// Creates the index empty, with every stored post pending (the migration and a rebuild).
    static func create(_ db: Database) throws {
        try db.execute(sql: createTable)
        try db.execute(sql: createTerms)
        try db.execute(sql: createState)
        let lowest = try Int64.fetchOne(db, sql: "SELECT MIN(position) FROM posts")
        let highest = try Int64.fetchOne(db, sql: "SELECT MAX(position) FROM posts")
        if let lowest, let highest {
            try setPending(Int(lowest)..<Int(highest) + 1, db)
        } else {
            try setPending(0..<0, db)
        }
    }

    /// Drops whatever the index tables are (a damaged FTS table included) and creates them
    /// again, every post pending.
    static func rebuild(_ db: Database) throws {
        for table in tables.reversed() {
            // A damaged virtual table may fail to drop through its module; its shadow tables
            // then go one by one (writable_schema is not needed: they are ordinary tables).
            do {
                try db.execute(sql: "DROP TABLE IF EXISTS \(table)")
            } catch {
                for shadow in ["data", "idx", "content", "docsize", "config"] {
                    try? db.execute(sql: "DROP TABLE IF EXISTS \(table)_\(shadow)")
                }
                try? db.execute(sql: "PRAGMA writable_schema = ON")
                try? db.execute(sql: "DELETE FROM sqlite_master WHERE name = ?", arguments: [table])
                try? db.execute(sql: "PRAGMA writable_schema = OFF")
            }
        }
        try create(db)
    }

    /// Why the index cannot be used, or nil when it looks sound: a table missing, or the
    /// index unreadable. Cheap (reads the config and one index page), so it runs at every open.
    static func problem(_ db: Database) throws -> String? {
        let names = Set(try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE name IN ('post_search', 'post_search_terms', 'search_index_state')"))
        if let missing = tables.first(where: { !names.contains($0) }) { return "table \(missing) is missing" }
        do {
            _ = try Int.fetchOne(db, sql: "SELECT rowid FROM post_search WHERE post_search MATCH '\"abc\"' LIMIT 1")
            _ = try pending(db)
        } catch {
            return "the index cannot be read: \(error)"
        }
        return nil
    }

    /// Whether the row at `position` is in the index (its `docsize` row exists).
    static func contains(_ position: Int, _ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT 1 FROM post_search_docsize WHERE id = ?", arguments: [position]) != nil
    }

    /// Indexes `post` at `position` when that row is the writers' to index (outside `pending`).
    static func add(_ post: Post, at position: Int, pending: Range<Int>, _ db: Database) throws {
        guard !pending.contains(position) else { return }
        let statement = try db.cachedStatement(sql: "INSERT INTO post_search (rowid, document) VALUES (?, ?)")
        statement.setUncheckedArguments([position, document(for: post)])
        try statement.execute()
    }

    /// Takes the row at `position`, whose stored content is `post`, out of the index if it is in.
    static func remove(_ post: Post, at position: Int, _ db: Database) throws {
        guard try contains(position, db) else { return }
        let statement = try db.cachedStatement(
            sql: "INSERT INTO post_search (post_search, rowid, document) VALUES ('delete', ?, ?)")
        statement.setUncheckedArguments([position, document(for: post)])
        try statement.execute()
    }

    /// Empties the index (removeAll): nothing pending.
    static func removeAll(_ db: Database) throws {
        try db.execute(sql: "INSERT INTO post_search (post_search) VALUES ('delete-all')")
        try setPending(0..<0, db)
    }
}
