import FlickCore
import FlickRaster

extension ListEngine {
    /// Visible deleted rows with drawings, in runs: their bitmaps, heights and the old row after
    /// each run. Before the height index changes.
    func departingRuns(_ changes: ListChanges, offset: Double) -> [(bitmaps: [Bitmap], span: Double, after: Int)] {
        guard heights.rowCount > 0, !changes.deletes.isEmpty else { return [] }
        let visible = heights.rows(from: offset, to: offset + viewport.height)
        let deleted = changes.deletes.filter { visible.contains($0) }
        return Self.runs(deleted).compactMap { run in
            let bitmaps = run.compactMap { store.node(atRow: $0)?.full }
            guard bitmaps.count == run.count else { return nil }  // nothing to show collapsing
            let span = heights.offset(ofRow: run.upperBound) - heights.offset(ofRow: run.lowerBound)
            return (bitmaps, span, run.upperBound)
        }
    }

    /// Starts the animations of one batch, after it was applied: visible inserted runs after the
    /// reader's row slide in; the departing runs collapse toward the reader's row.
    func animate(_ changes: ListChanges, departing: [(bitmaps: [Bitmap], span: Double, after: Int)], anchorRow: Int) {
        let offset = physics.contentOffset
        let visible = heights.rows(from: offset, to: offset + viewport.height)
        for run in Self.runs(changes.inserts) where run.overlaps(visible) && run.lowerBound >= anchorRow {
            let span = heights.offset(ofRow: run.upperBound) - heights.offset(ofRow: run.lowerBound)
            animations.add(.insert(rows: run), span: span, time: frameTime)
        }
        for run in departing {
            let gap = run.after < changes.oldCount ? changes.newIndex(ofOld: run.after) ?? heights.rowCount : heights.rowCount
            animations.add(.delete(row: gap, bitmaps: run.bitmaps, rowsAfterMove: gap > anchorRow), span: run.span, time: frameTime)
        }
    }

    /// The rows a frame draws: the visible ones, plus rows below that an insert animation
    /// pulls up into the viewport.
    func drawnRows(_ visible: Range<Int>, time: Double) -> Range<Int> {
        guard !animations.isEmpty, visible.upperBound < heights.rowCount else { return visible }
        var end = visible.upperBound
        let bottom = physics.contentOffset + viewport.height
        while end < heights.rowCount, heights.offset(ofRow: end) + animations.shift(ofRow: end, at: time) < bottom { end += 1 }
        return visible.lowerBound..<end
    }
}
