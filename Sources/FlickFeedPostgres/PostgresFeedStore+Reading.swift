import FlickServer
import FlickTimeline
import NIOCore
import PostgresNIO

/// `FeedReading`: one statement per call, each on the query connection. Rows are counted
/// from `MIN(position)` inside the statement itself, so a page read while another process
/// prepends is cut from one consistent view.
extension PostgresFeedStore {
    public func count() throws -> Int {
        try reading("counting posts") { connection throws(Error) in
            let result = try run(
                "SELECT COALESCE(MAX(position) - MIN(position) + 1, 0) FROM flick_posts", on: connection, "counting posts")
            return Int(try decode(result.first, as: Int64.self, "counting posts"))
        }
    }

    public func posts(in rows: Range<Int>) throws -> [Post] {
        let lower = max(0, rows.lowerBound)
        guard rows.upperBound > lower else { return [] }
        let operation = "reading posts \(rows)"
        return try reading(operation) { connection throws(Error) in
            let query: PostgresQuery = """
                SELECT p.id, p.body FROM flick_posts p, (SELECT MIN(position) AS first FROM flick_posts) f
                WHERE p.position >= f.first + \(Int64(lower)) AND p.position < f.first + \(Int64(rows.upperBound))
                ORDER BY p.position
                """
            return try run(query, on: connection, operation).map { row throws(Error) in try post(row, operation) }
        }
    }

    public func post(id: String) throws -> Post? {
        let operation = "reading post \(id)"
        return try reading(operation) { connection throws(Error) in
            let result = try run("SELECT id, body FROM flick_posts WHERE id = \(id)", on: connection, operation)
            guard let row = result.first else { return nil }
            return try post(row, operation)
        }
    }

    public func rowIndex(ofPostID id: String) throws -> Int? {
        let operation = "finding post \(id)"
        return try reading(operation) { connection throws(Error) in
            let query: PostgresQuery = """
                SELECT position - (SELECT MIN(position) FROM flick_posts) FROM flick_posts WHERE id = \(id)
                """
            let result = try run(query, on: connection, operation)
            guard let row = result.first else { return nil }
            return Int(try decode(row, as: Int64.self, operation))
        }
    }

    public func revision() throws -> Int64 {
        try reading("reading the revision") { connection throws(Error) in
            let result = try run("SELECT revision FROM flick_revision WHERE singleton = 1", on: connection, "reading the revision")
            return try decode(result.first, as: Int64.self, "reading the revision")
        }
    }

    public func deletedPostIDs() throws -> Set<String> {
        try reading("reading deleted posts") { connection throws(Error) in
            let result = try run("SELECT id FROM flick_deleted_posts", on: connection, "reading deleted posts")
            var ids: Set<String> = []
            for row in result { ids.insert(try decode(row, as: String.self, "reading deleted posts")) }
            return ids
        }
    }

    // MARK: Helpers

    /// `unit(body)` for the server: a database that cannot be reached is thrown as
    /// `FeedStoreUnavailable` (the server answers 503); other failures as `Error`.
    func reading<T>(_ operation: String, _ body: (PostgresConnection) throws(Error) -> T) throws -> T {
        do {
            return try unit(body)
        } catch {
            if case .cannotConnect(_, let reason) = error {
                throw FeedStoreUnavailable(location: location, reason: "\(operation): \(reason)")
            }
            throw error
        }
    }

    /// The first column of `row` as `T`.
    func decode<T: PostgresDecodable>(_ row: PostgresRow?, as type: T.Type, _ operation: String) throws(Error) -> T {
        guard let row else { throw .query(location: location, operation: operation, reason: "no row came back") }
        do {
            return try row.decode(T.self)
        } catch {
            throw .query(location: location, operation: operation, reason: "an unexpected column: \(String(reflecting: error))")
        }
    }

    /// The post of an `(id, body)` row.
    func post(_ row: PostgresRow, _ operation: String) throws(Error) -> Post {
        let id: String
        let body: ByteBuffer
        do {
            (id, body) = try row.decode((String, ByteBuffer).self)
        } catch {
            throw .query(location: location, operation: operation, reason: "an unexpected row: \(String(reflecting: error))")
        }
        do {
            return try Post(storedRecord: Array(body.readableBytesView))
        } catch {
            throw .corruptRecord(location: location, postID: id, reason: error.reason)
        }
    }
}
