extension HeightIndex {
    /// Adds `count` estimated rows at the end (infinite scroll). O(1), no allocation: rows past
    /// the covered ones are implicit.
    public mutating func appendRows(count: Int) {
        precondition(count >= 0 && count <= Self.maximumRowCount - rowCount, "cannot append \(count) rows")
        rowCount += count
    }

    /// Inserts `count` estimated, untagged rows before `row` (0...rowCount); later rows keep
    /// their heights and tags. O(1) past the last measured or tagged row; otherwise
    /// O(furthest touched row), a rebuild — cheap for new posts at the top of a feed whose user
    /// has looked at its first screens, costlier once rows far down were measured.
    public mutating func insertRows(at row: Int, count: Int) {
        precondition(row >= 0 && row <= rowCount, "insertion point \(row) out of 0...\(rowCount)")
        precondition(count >= 0 && count <= Self.maximumRowCount - rowCount, "cannot insert \(count) rows")
        storage.insertRows(at: row, count: count)
        rowCount += count
    }

    /// Removes `range`; later rows move up keeping their heights and tags, and removed exact
    /// heights leave the running averages. Same cost as ``insertRows(at:count:)``.
    public mutating func removeRows(in range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= rowCount, "rows \(range) out of 0..<\(rowCount)")
        var leaving = statistics
        storage.forEachExact(in: range) { height, kind in leaving.record(height, kind: kind, sign: -1) }
        leaving.refresh()
        statistics = leaving
        storage.removeRows(in: range)
        rowCount -= range.count
    }
}
