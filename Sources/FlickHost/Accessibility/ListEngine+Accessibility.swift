import FlickCore
import FlickList

/// What an accessibility tree stands for in a list, host-neutral: which rows it holds, where
/// they are, and what activating one does. The GTK widget turns these into proxy widgets
/// (`FlickGTK`'s `GtkAccessibleRows`). Main thread.
extension ListEngine {
    /// The rows an accessibility tree holds now, in row order: those on screen, `overscan` more
    /// on each side (a screen reader's "next item" finds one ready), and the focused row
    /// wherever it is (focus must never land on a row the tree does not have).
    public func accessibleRows(overscan: Int) -> [Int] {
        let count = heights.rowCount
        guard count > 0 else { return [] }
        let visible = lastPlan?.visible ?? 0..<0
        let lower = max(0, min(visible.lowerBound, count) - overscan)
        let upper = min(count, max(visible.upperBound, lower) + overscan)
        var rows = Array(lower..<upper)
        if let focus = selection.focus, focus < count, !(lower..<upper).contains(focus) {
            rows.insert(focus, at: focus < lower ? 0 : rows.count)
        }
        return rows
    }

    /// `row`'s rectangle in viewport points, the list's full width; nil when there is no such row.
    public func rowFrame(_ row: Int) -> Rect? {
        guard row >= 0, row < heights.rowCount else { return nil }
        return Rect(x: 0, y: heights.offset(ofRow: row) - contentOffset, width: viewport.width, height: heights.height(ofRow: row))
    }
}
