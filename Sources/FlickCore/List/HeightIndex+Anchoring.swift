extension HeightIndex {
    /// Records a batch of measured heights and returns how far the top of `anchorRow` moved:
    /// add it to the content offset and the anchor row — normally the first visible row —
    /// stays on the same pixel. O(b log n + K) for b heights.
    ///
    /// The correction counts every change above the anchor: exact heights replacing
    /// estimates, re-measured rows, and estimated rows whose estimate moved because the
    /// running average did. Rows at or below the anchor never move it.
    ///
    ///     let shift = heights.setExactHeights(measured, anchoredAt: firstVisibleRow)
    ///     physics.adjustContentOffset(by: shift, at: now)
    ///
    /// - Parameter anchorRow: 0...rowCount.
    /// - Returns: offset(ofRow: anchorRow) after minus before, points.
    @discardableResult
    public mutating func setExactHeights(_ heights: some Sequence<(row: Int, height: Double)>, anchoredAt anchorRow: Int) -> Double {
        keepingAnchor(row: anchorRow) { index in
            for (row, height) in heights { index.recordExactHeight(height, forRow: row, kind: nil) }
            index.statistics.refresh()
        }
    }

    /// Runs `update` (exact heights, invalidations, kind tags — anything but inserting or
    /// removing rows) and returns how far the top of `anchorRow` moved, for the caller to add
    /// to the content offset. O(K log n) on top of the update.
    @discardableResult
    public mutating func keepingAnchor(row anchorRow: Int, _ update: (inout HeightIndex) -> Void) -> Double {
        let before = offset(ofRow: anchorRow)
        let rows = rowCount
        update(&self)
        precondition(rowCount == rows, "keepingAnchor(row:_:) updates must not insert or remove rows")
        return offset(ofRow: anchorRow) - before
    }
}
