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
        guard count > 0 else { return }
        if row == 0, storage.touchedEnd > base {
            // New rows on top take the untouched storage rows above row 0: O(1). When those run
            // out, room for `topHeadroom` more is made in one move (amortized over them).
            if base < count {
                let extra = max(Self.topHeadroom, count)
                storage.insertRows(at: base, count: extra)
                base += extra
            }
            base -= count
        } else {
            storage.insertRows(at: base + row, count: count)
        }
        rowCount += count
    }

    /// Untouched rows kept above row 0 once rows are inserted on top: 4,096, about seven
    /// minutes of a feed getting 10 posts a second, so a live timeline moves its measured rows
    /// once in thousands of inserts; zero rows cost nothing (storage is zero-mapped lazily).
    static var topHeadroom: Int { 4_096 }

    /// Removes `range`; later rows move up keeping their heights and tags, and removed exact
    /// heights leave the running averages. Same cost as ``insertRows(at:count:)``.
    public mutating func removeRows(in range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= rowCount, "rows \(range) out of 0..<\(rowCount)")
        guard !range.isEmpty else { return }
        var leaving = statistics
        let stored = (base + range.lowerBound)..<(base + range.upperBound)
        storage.forEachExact(in: stored) { height, kind in leaving.record(height, kind: kind, sign: -1) }
        leaving.refresh()
        statistics = leaving
        if range.lowerBound == 0, range.count <= Self.topHeadroom, base > 0 || range.count < rowCount {
            // A few rows leaving the top become untouched headroom: cleared one by one
            // (O(k log n)), nothing below moves.
            for row in stored.clamped(to: 0..<storage.touchedEnd)
            where storage.exactHeight(ofRow: row) != nil || storage.kind(ofRow: row) != nil {
                storage.setState(ofRow: row, exact: nil, kind: nil)
            }
            base += range.count
        } else {
            storage.removeRows(in: stored)
        }
        rowCount -= range.count
    }
}
