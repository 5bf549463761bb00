extension ListEngine {
    /// Applies what the source learned about rows as their data arrived — kinds (so unmeasured
    /// rows take their kind's estimate) and heights persisted by an earlier run (exact without
    /// a layout) — keeping the row at the top of the viewport where it is. Main thread, once
    /// per frame.
    func applyRowHints(time: Double) {
        let hints = source.takeRowHints()
        guard !hints.isEmpty else { return }
        let kindCount = heights.configuration.kindCount
        let width = width
        let anchor = heights.row(atOffset: max(0, physics.contentOffset))
        let correction = heights.keepingAnchor(row: anchor) { index in
            for hint in hints where hint.row >= 0 && hint.row < index.rowCount {
                if let kind = hint.kind, kind >= 0, kind < kindCount { index.setKind(kind, forRow: hint.row) }
                guard let height = hint.height, hint.width == width, height.isFinite, height >= 0,
                    !index.isExact(row: hint.row)
                else { continue }
                index.setExactHeight(height, forRow: hint.row)
            }
        }
        physics.setContentHeight(heights.totalHeight, time: time)
        if correction != 0 { physics.adjustContentOffset(by: correction, time: time) }
    }
}
