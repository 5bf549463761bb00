import FlickCore
import FlickRaster

/// What the find highlights: the query's matches in rows on screen, the current match's row
/// stronger. Drawn by the compositor over the rows as layers of shared tiles (like focus and
/// selection), so finding re-rasterizes no cell. Main thread.
public struct FindMarks<Source: ListDataSource> {
    public let query: SearchQuery
    /// The current match's row (its boxes are drawn in `findCurrentTint`).
    public let current: Int?
    /// The boxes of the matches in a row's layout, row points (`ListFind.Highlighter`).
    public let rects: @MainActor (Source.Layout) -> [Rect]

    public init(query: SearchQuery, current: Int?, rects: @escaping @MainActor (Source.Layout) -> [Rect]) {
        self.query = query
        self.current = current
        self.rects = rects
    }
}

extension ListEngine {
    /// The highlight layers for the rows composed this frame. A row's boxes are asked for once
    /// (cached with the item shown there, dropped on resize and when the marks change); a row
    /// not laid out yet gets none until it is.
    func findLayers(_ rows: [Compositor.Row]) -> [DisplayLayer] {
        guard let marks = findMarks, !rows.isEmpty else { return [] }
        let tiles = selectionTiles()
        var layers: [DisplayLayer] = []
        for row in rows {
            guard let item = itemID(atRow: row.index) else { continue }
            let rects: [Rect]
            if let cached = findRectCache[row.index], cached.item == item {
                rects = cached.rects
            } else {
                guard let layout = layout(ofRow: row.index) else { continue }
                rects = marks.rects(layout)
                findRectCache[row.index] = (item, rects)
            }
            let top = scale.round(row.top)
            for rect in rects {
                let box = rect.offsetBy(dx: 0, dy: top).insetBy(dx: -1, dy: 0)
                layers += tiles.matchLayers(over: box, row: row.index, current: row.index == marks.current)
            }
        }
        return layers
    }
}
