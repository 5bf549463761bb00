import GRDB

/// The persisted layout heights. Values outside 0…`Configuration.maxLayoutHeight` (or not
/// finite, or not stored as REAL) are neither stored nor returned, so a bad height cannot
/// poison a height index.
extension FeedStore {
    /// The height cached for (`postID`, `version`, `layoutKey`), or nil.
    /// Runs on the calling thread (a layout worker).
    public func height(for postID: String, version: UInt64, layoutKey: String) throws(Error) -> Double? {
        guard heightsTrusted else { return nil }
        return try perform("reading a layout height") {
            try pool.read { db in
                let height = try Double.fetchOne(
                    db,
                    sql: """
                        SELECT height FROM layout_heights
                        WHERE post_id = ? AND version = ? AND layout_key = ? AND typeof(height) = 'real'
                        """,
                    arguments: [postID, Int64(bitPattern: version), layoutKey])
                return height.flatMap { isTrusted($0) ? $0 : nil }
            }
        }
    }

    /// Cached heights of the posts at `rows` (clamped to the timeline), for their current
    /// content versions: element `i` is row `rows.lowerBound + i`, nil where none is cached.
    /// One range read; runs on the calling thread (the worker seeding a height index).
    public func heights(in rows: Range<Int>, layoutKey: String) throws(Error) -> [Double?] {
        let lower = max(0, rows.lowerBound)
        guard rows.upperBound > lower else { return [] }
        let first = try perform("reading positions") { try pool.read { db in try Self.firstPosition(db) } }
        return try heights(atPositions: first + lower..<first + rows.upperBound, layoutKey: layoutKey)
    }

    /// `heights(in:layoutKey:)` by stored position (see `positions()`): element `i` is
    /// position `positions.lowerBound + i`, clamped to the timeline's positions.
    public func heights(atPositions positions: Range<Int>, layoutKey: String) throws(Error) -> [Double?] {
        guard !positions.isEmpty else { return [] }
        return try perform("reading layout heights at \(positions)") {
            try pool.read { db in
                let lower = max(positions.lowerBound, try Self.firstPosition(db))
                let upper = min(positions.upperBound, try nextPosition(db))
                guard upper > lower else { return [] }
                var heights = [Double?](repeating: nil, count: upper - lower)
                guard heightsTrusted else { return heights }
                let cursor = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT p.position, h.height FROM posts p
                        JOIN layout_heights h ON h.post_id = p.id AND h.version = p.version AND h.layout_key = ?
                        WHERE p.position >= ? AND p.position < ? AND typeof(h.height) = 'real'
                        """,
                    arguments: [layoutKey, lower, upper])
                while let row = try cursor.next() {
                    // Only REAL heights are read (SQLite would turn the text 'tall' into 0), and
                    // decoded with `try?`: a store opened without checks must not trap here.
                    guard let position = try? row.decode(Int.self, atIndex: 0), (lower..<upper).contains(position),
                        let height = try? row.decode(Double.self, atIndex: 1), isTrusted(height)
                    else { continue }
                    heights[position - lower] = height
                }
                return heights
            }
        }
    }

    /// Stores `heights` (replacing any for the same key) in one transaction; untrusted values
    /// (negative, not finite, above the maximum) are skipped. Returns how many were stored.
    /// Runs on the calling thread (a layout worker, batching a screenful or more per call).
    @discardableResult
    ///
    /// A read-only store stores nothing and returns 0; the first time, `warn` (see `init`)
    /// says so once: heights are a cache, and a viewer of a read-only file still works.
    public func saveHeights(_ heights: some Sequence<LayoutHeight>) throws(Error) -> Int {
        guard !isReadOnly else {
            dropWrite("layout heights")
            return 0
        }
        return try perform("saving layout heights") {
            try pool.write { db in
                let statement = try db.cachedStatement(
                    sql: """
                        INSERT OR REPLACE INTO layout_heights (post_id, version, layout_key, height)
                        VALUES (?, ?, ?, ?)
                        """)
                var stored = 0
                for entry in heights where isTrusted(entry.height) {
                    statement.setUncheckedArguments([
                        entry.postID, Int64(bitPattern: entry.contentVersion), entry.layoutKey, entry.height,
                    ])
                    try statement.execute()
                    stored += 1
                }
                return stored
            }
        }
    }

    /// Drops every cached height (e.g. after a font change makes all layouts stale).
    /// A read-only store ignores it (its heights are a cache it cannot change).
    public func removeAllHeights() throws(Error) {
        guard !isReadOnly else { return }
        try perform("removing layout heights") {
            try pool.write { db in try db.execute(sql: "DELETE FROM layout_heights") }
        }
    }

    private func isTrusted(_ height: Double) -> Bool {
        heightsTrusted && height.isFinite && height >= 0 && height <= configuration.maxLayoutHeight
    }
}
