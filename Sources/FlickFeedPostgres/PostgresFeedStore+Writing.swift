import FlickServer
import FlickTimeline
import NIOCore
import PostgresNIO

/// `FeedWriting`, and the import's upsert: each write is one transaction holding the
/// posts table's write lock, so two processes writing at once queue, and positions stay
/// one run without gaps. Every committed write notifies (the trigger).
extension PostgresFeedStore {
    /// Lock taken by every write: excludes other writers (and itself), never readers.
    static let writeLock = "LOCK TABLE flick_posts IN SHARE ROW EXCLUSIVE MODE"

    /// Posts written per statement: 4 parameters a post keeps a batch far below
    /// PostgreSQL's 65,535 parameters, and a 500-post statement (~0.5 MB) commits quickly.
    static let batchSize = 500

    public func prepend(_ posts: [Post]) throws {
        guard !posts.isEmpty else { return }
        try writing("adding \(posts.count) new posts") { connection, operation throws(Error) in
            // Newest first: the first post takes the lowest position, the last sits right
            // above the current newest.
            let query: PostgresQuery = """
                INSERT INTO flick_posts (position, id, version, body)
                SELECT f.first - \(Int64(posts.count)) + t.ordinal - 1, t.id, t.version, t.body
                FROM unnest(\(posts.map(\.id)), \(posts.map(Self.version)), \(posts.map(Self.body)))
                    WITH ORDINALITY AS t(id, version, body, ordinal),
                    (SELECT COALESCE(MIN(position), 0) AS first FROM flick_posts) f
                """
            _ = try run(query, on: connection, operation)
        }
    }

    public func replace(_ posts: [Post]) throws {
        guard !posts.isEmpty else { return }
        try writing("editing \(posts.count) posts") { connection, operation throws(Error) in
            let query: PostgresQuery = """
                UPDATE flick_posts p SET version = t.version, body = t.body
                FROM unnest(\(posts.map(\.id)), \(posts.map(Self.version)), \(posts.map(Self.body))) AS t(id, version, body)
                WHERE p.id = t.id
                """
            _ = try run(query, on: connection, operation)
        }
    }

    public func delete(_ ids: [String]) throws {
        guard !ids.isEmpty else { return }
        try writing("deleting \(ids.count) posts") { connection, operation throws(Error) in
            let query: PostgresQuery = """
                INSERT INTO flick_deleted_posts (id) SELECT unnest(\(ids)) ON CONFLICT DO NOTHING
                """
            _ = try run(query, on: connection, operation)
        }
    }

    /// Stores `posts` in feed order, as `FeedStore.importFeed` does: an id already stored is
    /// updated in place, a new one is appended below the oldest post. One transaction for
    /// all of them (all or nothing). Returns how many were appended and updated (unchanged
    /// posts count as updated, as in the SQLite store). Blocks the calling thread.
    public func upsert(_ posts: [Post]) throws(Error) -> (appended: Int, updated: Int) {
        var written = (appended: 0, updated: 0)
        try transaction("importing \(posts.count) posts") { connection, operation throws(Error) in
            for start in stride(from: 0, to: posts.count, by: Self.batchSize) {
                let batch = Array(posts[start..<min(posts.count, start + Self.batchSize)])
                let counts = try storeBatch(batch, on: connection, operation)
                written.appended += counts.appended
                written.updated += counts.updated
            }
        }
        return written
    }

    /// One batch of an upsert, inside the caller's transaction (which holds the write lock).
    /// `batch` must not repeat an id.
    func storeBatch(_ batch: [Post], on connection: PostgresConnection, _ operation: String) throws(Error) -> (appended: Int, updated: Int) {
        guard !batch.isEmpty else { return (0, 0) }
        let existing = try run("SELECT id FROM flick_posts WHERE id = ANY(\(batch.map(\.id)))", on: connection, operation)
        var stored: Set<String> = []
        for row in existing { stored.insert(try decode(row, as: String.self, operation)) }
        let old = batch.filter { stored.contains($0.id) }
        let new = batch.filter { !stored.contains($0.id) }
        if !old.isEmpty {
            let query: PostgresQuery = """
                UPDATE flick_posts p SET version = t.version, body = t.body
                FROM unnest(\(old.map(\.id)), \(old.map(Self.version)), \(old.map(Self.body))) AS t(id, version, body)
                WHERE p.id = t.id AND p.version <> t.version
                """
            _ = try run(query, on: connection, operation)
        }
        if !new.isEmpty {
            let query: PostgresQuery = """
                INSERT INTO flick_posts (position, id, version, body)
                SELECT f.next + t.ordinal - 1, t.id, t.version, t.body
                FROM unnest(\(new.map(\.id)), \(new.map(Self.version)), \(new.map(Self.body)))
                    WITH ORDINALITY AS t(id, version, body, ordinal),
                    (SELECT COALESCE(MAX(position) + 1, 0) AS next FROM flick_posts) f
                """
            _ = try run(query, on: connection, operation)
        }
        return (new.count, old.count)
    }

    // MARK: Helpers

    /// `transaction` for the server: an unreachable database is `FeedStoreUnavailable`.
    func writing(_ operation: String, _ body: (PostgresConnection, String) throws(Error) -> Void) throws {
        do {
            try transaction(operation, body)
        } catch {
            if case .cannotConnect(_, let reason) = error {
                throw FeedStoreUnavailable(location: location, reason: "\(operation): \(reason)")
            }
            throw error
        }
    }

    /// `body` between `BEGIN` (and the write lock) and `COMMIT`, alone on the connection;
    /// rolled back when it throws.
    func transaction(_ operation: String, _ body: (PostgresConnection, String) throws(Error) -> Void) throws(Error) {
        try unit { connection throws(Error) in
            _ = try run("BEGIN", on: connection, operation)
            do throws(Error) {
                _ = try run(PostgresQuery(unsafeSQL: Self.writeLock), on: connection, operation)
                try body(connection, operation)
                _ = try run("COMMIT", on: connection, operation)
            } catch {
                _ = try? run("ROLLBACK", on: connection, operation)
                throw error
            }
        }
    }

    static func version(_ post: Post) -> Int64 { Int64(bitPattern: post.contentVersion) }
    static func body(_ post: Post) -> ByteBuffer { ByteBuffer(bytes: post.storedRecord) }
}
