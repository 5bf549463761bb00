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
            // out, room for as many rows as are stored (at least `topHeadroom`) is made in one
            // move of the stored rows, which the next as many inserts pay for.
            if base < count {
                let extra = max(Self.topHeadroom, count, storage.touchedEnd - base)
                storage.insertRows(at: base, count: extra)
                base += extra
            }
            base -= count
        } else {
            storage.insertRows(at: stored(row), count: count)
        }
        rowCount += count
    }

    /// Untouched rows kept above row 0 from the first row stored: at least 4,096, about seven
    /// minutes of a feed getting 10 posts a second, and when used up as many as are stored, so
    /// a live timeline moves its measured rows once in thousands of inserts; untouched rows
    /// cost nothing (storage is zero-mapped lazily).
    static var topHeadroom: Int { 4_096 }

    /// Removes `range`; later rows move up keeping their heights and tags, and removed exact
    /// heights leave the running averages. Up to ``editBatch`` rows: O(k log n) wherever they
    /// are — rows leaving the top become headroom, rows leaving the end become untouched, rows
    /// leaving the middle become *holes* (zero-height storage no row maps to; holes are closed,
    /// O(furthest touched row), once they are half the rows touched). More rows: as
    /// ``insertRows(at:count:)``.
    public mutating func removeRows(in range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= rowCount, "rows \(range) out of 0..<\(rowCount)")
        guard !range.isEmpty else { return }
        var leaving = statistics
        let stored = stored(range.lowerBound)..<stored(range.upperBound)
        storage.forEachExact(in: stored) { height, kind in leaving.record(height, kind: kind, sign: -1) }
        leaving.refresh()
        statistics = leaving
        let touched = stored.clamped(to: 0..<storage.touchedEnd)
        if range.lowerBound == 0, range.count <= Self.topHeadroom, base > 0 || range.count < rowCount {
            // A few rows leaving the top become untouched headroom: nothing below moves.
            clear(touched)
            base = stored.upperBound
        } else if range.count <= Self.editBatch, range.upperBound == rowCount {
            // Past the last row storage is untouched: rows appended later must find it so.
            clear(touched)
        } else if range.count <= Self.editBatch {
            for row in touched where !storage.isHole(row) { storage.setState(ofRow: row, exact: nil, kind: nil, hole: true) }
            if storage.holeCount > max(Self.editBatch, (storage.touchedEnd - base) / 2) { storage.removeHoles() }
        } else {
            storage.removeRows(in: stored)
        }
        rowCount -= range.count
    }

    /// Rows removed at once one by one (O(k log n)) rather than by moving every touched row:
    /// 4,096, a few hundred screens of deletes, so a live feed's deletes never move the rows.
    static var editBatch: Int { 4_096 }

    /// Sends storage rows back to untouched (holes too). O(k log n).
    private mutating func clear(_ rows: Range<Int>) {
        for row in rows where storage.exactHeight(ofRow: row) != nil || storage.kind(ofRow: row) != nil || storage.isHole(row) {
            storage.setState(ofRow: row, exact: nil, kind: nil)
        }
    }
}
