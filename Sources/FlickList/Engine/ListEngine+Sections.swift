import FlickCore
import FlickRaster

extension ListEngine {
    /// The header row of the section at the top of the viewport, when it has scrolled above the
    /// top edge and must stick there (the row store keeps it drawn). Main thread.
    func stickyHeaderRow(visible: Range<Int>) -> Int? {
        guard let first = visible.first, let header = source.sectionHeader(atOrAbove: first),
            header >= 0, header < heights.rowCount
        else { return nil }
        return heights.offset(ofRow: header) < physics.contentOffset ? header : nil
    }

    /// Where the sticky header is drawn this frame: at the top edge, or pushed up by the next
    /// section's header as it arrives; nil while its bitmap is not ready (the row below shows).
    func stickyHeader(visible: Range<Int>) -> (row: Int, bitmap: Bitmap, top: Double, height: Double)? {
        guard let header = stickyHeaderRow(visible: visible), let node = store.node(atRow: header), let bitmap = node.full
        else { return nil }
        let height = bitmap.pointSize.height
        var top = 0.0
        for row in visible where row > header && source.sectionHeader(atOrAbove: row) == row {
            top = min(0, heights.offset(ofRow: row) - physics.contentOffset - height)
            break
        }
        return (header, bitmap, top, height)
    }
}
