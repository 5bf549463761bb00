import FlickCore
import Foundation
import GRDB

/// The timeline on disk: posts in timeline order plus cached layout heights, in one SQLite
/// database (GRDB `DatabasePool`, WAL mode).
///
/// Threading: every method is synchronous and does disk I/O, so call it from a worker queue
/// (the data window's loader, layout workers, an import task), never from the main thread.
/// The store is `Sendable`: reads run concurrently on up to `Configuration.maxReaders`
/// connections and never wait for writes (WAL snapshots); writes are serialized by GRDB's
/// single writer, each in a transaction.
///
/// ```swift
/// let store = try FeedStore(path: "/tmp/feed.sqlite")
/// let report = try store.importFeed(from: feedURL)   // on a worker
/// let firstPage = try store.posts(in: 0..<50)
/// ```
public final class FeedStore: Sendable {
    /// The database file.
    public let path: String
    public let configuration: Configuration
    /// Problems found and repaired while opening (empty when the file was sound).
    public let repairs: [Repair]
    let pool: DatabasePool

    /// Why the store does not write its file (the file or its folder is not writable, or
    /// `Configuration.access` is `.readOnly`); nil when it does. A read-only store reads as
    /// usual; layout heights it is given are dropped (one warning, see `init`), and every
    /// other write throws `.readOnly`.
    public let readOnlyReason: String?
    /// Whether cached layout heights are read: false when the heights table could not be
    /// trusted and the store is read-only, so it could not be rebuilt (see `repairs`).
    let heightsTrusted: Bool
    /// Whether the find index can be read: false when it is missing or damaged in a read-only
    /// store (a writable store rebuilds it at open), so `search` scans the posts instead.
    let searchIndexUsable: Bool
    /// Says, once, that a read-only store dropped a write (see `init`).
    let warn: @Sendable (String) -> Void
    /// Writes dropped because the store is read-only (layout heights); the first one warns.
    let droppedWrites = LockedBox(0)

    /// Opens the database at `path`, creating it (and its tables) when absent.
    ///
    /// Runs on the calling thread (a worker: with `.quick` checking it reads the whole file).
    /// A file that is not a database, or whose posts are damaged, throws `.corrupt`; a
    /// damaged or invalid heights table is dropped, rebuilt and listed in `repairs`. Opening
    /// takes no write lock unless the file needs creating, migrating or repairing, so a
    /// viewer opens a store another process is writing.
    ///
    /// - Parameter warn: told once, the first time a read-only store drops layout heights
    ///   (`flick: the feed store at … is read-only (…): layout heights are not saved …`);
    ///   called on the thread that tried to write. Default: one line on stderr, control
    ///   characters escaped.
    public init(
        path: String, configuration: Configuration = .default,
        warn: @escaping @Sendable (String) -> Void = FeedStore.warnOnStandardError
    ) throws(Error) {
        self.path = path
        self.configuration = configuration
        self.warn = warn
        let opened = try Self.open(path: path, configuration: configuration)
        pool = opened.pool
        repairs = opened.repairs
        readOnlyReason = opened.readOnlyReason
        heightsTrusted = opened.heightsTrusted
        searchIndexUsable = opened.searchIndexUsable
    }

    /// Whether the store does not write its file (see `readOnlyReason`).
    public var isReadOnly: Bool { readOnlyReason != nil }

    /// Runs `body`, mapping any failure to `Error` for `operation`.
    func perform<T>(_ operation: String, _ body: () throws -> T) throws(Error) -> T {
        do {
            return try body()
        } catch {
            throw Error.wrap(error, path: path, operation: operation)
        }
    }

    /// `perform` for a write: a read-only store throws `.readOnly` before touching the file.
    func performWrite<T>(_ operation: String, _ body: () throws -> T) throws(Error) -> T {
        try requireWritable(operation)
        return try perform(operation, body)
    }

    /// Most posts a store holds: each is a list row, and a list holds at most
    /// `HeightIndex.maximumRowCount` (Int32.max) rows.
    public static let maximumRowCount = HeightIndex.maximumRowCount

    /// Rows in the timeline, checked: positions must be one run without gaps (`first..<first +
    /// count`; `first` is 0 until posts are prepended, then below 0), within
    /// ±`maximumRowCount`. A gap or a huge position (a damaged or crafted file) throws
    /// `.corrupt` naming the file, so no caller sizes a list from a bad count. Counts the id
    /// index: about 1 ms per 100,000 posts.
    public func count() throws(Error) -> Int {
        try perform("counting posts") {
            try pool.read { db in try Self.checkedCount(db, path: path) }
        }
    }

    /// The stored positions of the timeline's rows, `first..<first + count` (row `r` is at
    /// position `first + r`). Positions never change once written — rows do when posts are
    /// prepended — so a reader that must not see rows shift under it (a running list) reads
    /// by position. Checked like `count()`.
    public func positions() throws(Error) -> Range<Int> {
        try perform("reading positions") {
            try pool.read { db in
                let count = try Self.checkedCount(db, path: path)
                let first = try Self.firstPosition(db)
                return first..<(first + count)
            }
        }
    }

    /// `count()` inside an open transaction, for the store at `path`.
    static func checkedCount(_ db: Database, path: String) throws -> Int {
        let rows = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM posts") ?? 0
        guard rows > 0 else { return 0 }
        let next = try nextPosition(db, path: path)
        let lowest = try Int64.fetchOne(db, sql: "SELECT MIN(position) FROM posts") ?? 0
        guard lowest > -Int64(Self.maximumRowCount) else {
            throw Error.corrupt(path: path, reason: "position \(lowest) is below -\(Self.maximumRowCount)")
        }
        guard Int64(next) - lowest == Int64(rows), rows <= Self.maximumRowCount else {
            let reason = "\(rows) posts at positions \(lowest)…\(next - 1): positions must be one run without gaps"
            throw Error.corrupt(path: path, reason: reason)
        }
        return rows
    }

    /// The position of row 0 (the newest post); 0 for an empty store. O(log n). Call it in a
    /// transaction that checked the count (it trusts the range).
    static func firstPosition(_ db: Database) throws -> Int {
        Int(try Int64.fetchOne(db, sql: "SELECT MIN(position) FROM posts") ?? 0)
    }

    /// The position after the last post: where the next one is appended. O(log n): the
    /// largest rowid. Throws `.corrupt` when that position is past `maximumRowCount`.
    func nextPosition(_ db: Database) throws -> Int {
        try Self.nextPosition(db, path: path)
    }

    static func nextPosition(_ db: Database, path: String) throws -> Int {
        guard let highest = try Int64.fetchOne(db, sql: "SELECT MAX(position) FROM posts") else { return 0 }
        guard highest < Int64(Self.maximumRowCount) else {
            throw Error.corrupt(path: path, reason: "position \(highest) is past the \(Self.maximumRowCount) rows a timeline can hold")
        }
        return Int(highest) + 1
    }

    /// Posts at `rows` in timeline order; rows past the end are left out (a range beyond
    /// `count()` gives fewer posts, or none). One indexed range read.
    public func posts(in rows: Range<Int>) throws(Error) -> [Post] {
        let lower = max(0, rows.lowerBound)
        guard rows.upperBound > lower else { return [] }
        return try perform("reading posts \(rows)") {
            try pool.read { db in
                let first = try Self.firstPosition(db)
                return try readPosts(first + lower..<first + rows.upperBound, first: first, db: db)
            }
        }
    }

    /// Posts at stored `positions` (see `positions()`), in order; positions outside the
    /// timeline are left out. One indexed range read.
    public func posts(atPositions positions: Range<Int>) throws(Error) -> [Post] {
        guard !positions.isEmpty else { return [] }
        return try perform("reading posts at positions \(positions)") {
            try pool.read { db in
                let first = try Self.firstPosition(db)
                let lower = max(first, positions.lowerBound)
                guard positions.upperBound > lower else { return [] }
                return try readPosts(lower..<positions.upperBound, first: first, db: db)
            }
        }
    }

    /// Posts at `positions` (starting at or after `first`), inside a read transaction.
    private func readPosts(_ positions: Range<Int>, first: Int, db: Database) throws -> [Post] {
        let cursor = try Row.fetchCursor(
            db, sql: "SELECT position, body FROM posts WHERE position >= ? AND position < ? ORDER BY position",
            arguments: [positions.lowerBound, positions.upperBound])
        var posts: [Post] = []
        posts.reserveCapacity(min(positions.count, 4096))
        while let row = try cursor.next() {
            let position: Int = row[0]
            guard position == positions.lowerBound + posts.count else {
                throw Error.corrupt(path: path, reason: "row \(positions.lowerBound + posts.count - first) is missing")
            }
            posts.append(try row.withUnsafeData(atIndex: 1) { data in try decode(data, row: position - first) })
        }
        return posts
    }

    /// The post with `id`, or nil.
    public func post(id: String) throws(Error) -> Post? {
        try perform("reading post \(id)") {
            try pool.read { db in
                let sql = "SELECT position, body FROM posts WHERE id = ?"
                guard let row = try Row.fetchOne(db, sql: sql, arguments: [id]) else { return nil }
                let position: Int = row[0]
                let first = try Self.firstPosition(db)
                return try row.withUnsafeData(atIndex: 1) { data in try decode(data, row: position - first) }
            }
        }
    }

    /// The row showing the post with `id`, or nil (for scroll-to-post and edits).
    public func rowIndex(ofPostID id: String) throws(Error) -> Int? {
        try perform("finding post \(id)") {
            try pool.read { db in
                guard let position = try Int.fetchOne(db, sql: "SELECT position FROM posts WHERE id = ?", arguments: [id])
                else { return nil }
                return position - (try Self.firstPosition(db))
            }
        }
    }

    func decode(_ data: Data?, row: Int) throws(Error) -> Post {
        guard let data else { throw .corruptRecord(path: path, row: row, reason: "empty body") }
        guard data.count <= configuration.maxRecordBytes else {
            let reason = "a record of \(data.count) bytes, larger than the \(configuration.maxRecordBytes) a post may take"
            throw .corruptRecord(path: path, row: row, reason: reason)
        }
        do {
            return try PostRecord.decode([UInt8](data))
        } catch {
            throw .corruptRecord(path: path, row: row, reason: error.reason)
        }
    }
}
