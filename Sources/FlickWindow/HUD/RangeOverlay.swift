import FlickCore

/// The range policy's decisions drawn as bars in a column at the viewport's right edge: where
/// the visible, display and preload ranges and the fling's landing zone lie in the content,
/// scaled so all of them and the viewport fit the column's height. Pure geometry; any thread.
public struct RangeOverlay: Hashable, Sendable {
    public enum Kind: Hashable, Sendable, CaseIterable {
        case preload, display, visible, landing, viewport
    }

    public struct Bar: Hashable, Sendable {
        public let kind: Kind
        public let rect: Rect
    }

    /// Bars in drawing order (widest span first).
    public let bars: [Bar]
    /// Points of column per point of content.
    public let scale: Double

    /// - Parameters:
    ///   - plan: this frame's ranges.
    ///   - rows: the list's geometry (the height index).
    ///   - offset: the content offset of the viewport's top.
    ///   - viewportHeight: the viewport's height, points.
    ///   - column: where to draw (x, width and the height to fit into).
    public init(plan: RangePlan, rows: some RowGeometry, offset: Double, viewportHeight: Double, column: Rect) {
        func span(_ range: Range<Int>) -> ClosedRange<Double>? {
            guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= rows.rowCount else { return nil }
            return rows.offset(ofRow: range.lowerBound)...rows.offset(ofRow: range.upperBound)
        }
        let viewport = offset...(offset + viewportHeight)
        var spans: [(Kind, ClosedRange<Double>)] = []
        if let preload = span(plan.preload) { spans.append((.preload, preload)) }
        if let display = span(plan.display) { spans.append((.display, display)) }
        if let visible = span(plan.visible) { spans.append((.visible, visible)) }
        if let landing = plan.landing.flatMap(span) { spans.append((.landing, landing)) }
        spans.append((.viewport, viewport))
        let top = spans.map(\.1.lowerBound).min() ?? viewport.lowerBound
        let bottom = spans.map(\.1.upperBound).max() ?? viewport.upperBound
        let scale = column.height / max(1, bottom - top)
        self.scale = scale
        let widths: [Kind: Double] = [.preload: 1, .display: 0.75, .visible: 0.5, .landing: 1, .viewport: 1]
        bars = spans.map { kind, range in
            let width = column.width * (widths[kind] ?? 1)
            return Bar(
                kind: kind,
                rect: Rect(
                    x: column.maxX - width, y: column.minY + (range.lowerBound - top) * scale, width: width,
                    height: max(1, (range.upperBound - range.lowerBound) * scale)))
        }
    }
}
