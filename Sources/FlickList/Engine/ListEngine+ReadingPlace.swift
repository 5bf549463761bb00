import FlickCore

/// The reader's place: the row at the viewport's top and how far into it, points. Kept
/// across an engine rebuild (`EngineRebuild`) and given back when a find closes (`ListFind`):
/// a row and an inset, not an offset, since offsets shift as estimated heights above become
/// exact. Main thread.
extension ListEngine {
    public var readingPlace: (row: Int, offsetInRow: Double) {
        guard heights.rowCount > 0 else { return (0, 0) }
        let offset = max(0, contentOffset)
        let row = heights.row(atOffset: offset)
        return (row, offset - heights.offset(ofRow: row))
    }

    /// Scrolls at once to `place` (its inset cut to the row's height; a row past the end is
    /// the last row).
    public func setReadingPlace(_ place: (row: Int, offsetInRow: Double), time: Double) {
        guard heights.rowCount > 0 else { return }
        let row = min(place.row, heights.rowCount - 1)
        setContentOffset(heights.offset(ofRow: row) + min(place.offsetInRow, heights.height(ofRow: row)), time: time)
    }
}
