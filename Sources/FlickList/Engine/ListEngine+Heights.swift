import FlickCore

extension ListEngine {
    /// Records exact heights, shifting the offset so the row on screen does not move.
    func applyExactHeights(_ exact: [(row: Int, height: Double)], time: Double) {
        guard !exact.isEmpty else { return }
        keepingTopRow(time: time) { index in
            for (row, height) in exact { index.setExactHeight(height, forRow: row) }
        }
    }

    /// Runs `update` on the height index and moves the offset by however far the row at the
    /// top of the viewport moved, so nothing on screen jumps. Main thread.
    func keepingTopRow(time: Double, _ update: (inout HeightIndex) -> Void) {
        let anchor = heights.row(atOffset: max(0, physics.contentOffset))
        let correction = heights.keepingAnchor(row: anchor, update)
        physics.setContentHeight(heights.totalHeight, time: time)
        if correction != 0 { physics.adjustContentOffset(by: correction, time: time) }
    }

    /// Applies what the source learned about rows as their data arrived — kinds (so unmeasured
    /// rows take their kind's estimate) and heights persisted for the current width (exact
    /// without a layout) — keeping the row at the top of the viewport where it is. Main
    /// thread, once per frame.
    func applyRowHints(time: Double) {
        let hints = source.takeRowHints()
        guard !hints.isEmpty else { return }
        let kindCount = heights.configuration.kindCount
        let width = width
        keepingTopRow(time: time) { index in
            for hint in hints where hint.row >= 0 && hint.row < index.rowCount {
                let kind = hint.kind.flatMap { (0..<kindCount).contains($0) ? $0 : nil }
                if let height = hint.height, hint.width == width, height.isFinite, height >= 0 {
                    index.setExactHeight(height, forRow: hint.row, kind: kind)
                } else if let kind {
                    index.setKind(kind, forRow: hint.row)
                }
            }
        }
    }
}
