import FlickCore
import FlickRaster

/// Places ready bitmaps into a framebuffer: the only drawing the main thread does
/// (CALayer.contents in the seeds). Each visible row shows, in order of preference, its full
/// bitmap (or the previous one while a reload renders), its layout's skeleton, or the
/// placeholder tile; only a row with none of these is blank, and it is counted.
@MainActor
public final class Compositor {
    /// What each visible row showed, for statistics and overlays.
    public enum RowContent: Sendable, Hashable {
        case full
        case stale
        case skeleton
        case placeholder
        case blank
    }

    public let viewport: Size
    public let scale: DisplayScale
    public let framebuffer: Canvas
    /// Background behind and between rows.
    public var background = Color(hex: 0xF2F2F2)
    /// Drawn for rows that have no layout yet; `nil` leaves them blank (the naive baseline).
    public var placeholder: Bitmap?

    public init(viewport: Size, scale: DisplayScale, placeholder: Bitmap?) {
        self.viewport = viewport
        self.scale = scale
        self.placeholder = placeholder
        framebuffer = Canvas(size: viewport, scale: scale)
    }

    /// A visible row as the engine hands it over: where it is and what it has.
    public struct Row {
        public let index: Int
        /// Top of the row relative to the viewport's top, points.
        public let top: Double
        public let height: Double
        public let full: Bitmap?
        public let fullIsStale: Bool
        public let skeleton: Bitmap?
    }

    /// Composes one frame; returns what each row showed and fills the pixel counts of `stats`.
    @discardableResult
    public func compose(_ rows: [Row], stats: inout FrameStats) -> [RowContent] {
        // Rows are opaque and copied over what is there; only the area they leave uncovered
        // (above the first row at a bounce, below the last at the end) needs the background.
        let covered = rows.reduce(into: (top: Double.infinity, bottom: -Double.infinity)) { span, row in
            span.top = min(span.top, scale.round(row.top))
            span.bottom = max(span.bottom, scale.round(row.top) + row.height)
        }
        if rows.isEmpty || covered.top > 0 { framebuffer.fill(Rect(x: 0, y: 0, width: viewport.width, height: max(0, min(viewport.height, covered.top))), background) }
        if covered.bottom < viewport.height { framebuffer.fill(Rect(x: 0, y: max(0, covered.bottom), width: viewport.width, height: viewport.height - max(0, covered.bottom)), background) }
        var contents: [RowContent] = []
        contents.reserveCapacity(rows.count)
        let viewportPixels = framebuffer.pixelSize.area
        stats.viewportPixels = viewportPixels
        for row in rows {
            let top = scale.round(row.top)
            let visiblePixels = visibleArea(top: top, height: row.height)
            let content: RowContent
            if let full = row.full {
                framebuffer.copy(full, at: Point(x: 0, y: top))
                content = row.fullIsStale ? .stale : .full
            } else if let skeleton = row.skeleton {
                framebuffer.copy(skeleton, at: Point(x: 0, y: top))
                content = .skeleton
            } else if let placeholder {
                drawPlaceholder(placeholder, top: top, height: row.height)
                content = .placeholder
            } else {
                content = .blank
            }
            switch content {
            case .full: stats.rowsFull += 1
            case .stale:
                stats.rowsFull += 1
                stats.rowsStale += 1
            case .skeleton, .placeholder:
                stats.rowsSkeleton += 1
                stats.skeletonPixels += visiblePixels
            case .blank:
                stats.rowsBlank += 1
                stats.blankPixels += visiblePixels
            }
            contents.append(content)
        }
        return contents
    }

    /// The placeholder tile repeated down the row's height (rows are taller than one tile).
    private func drawPlaceholder(_ tile: Bitmap, top: Double, height: Double) {
        let tileHeight = tile.pointSize.height
        var y = top
        framebuffer.withSavedState {
            framebuffer.clip(to: Rect(x: 0, y: top, width: viewport.width, height: height))
            while y < top + height {
                framebuffer.copy(tile, at: Point(x: 0, y: y))
                y += tileHeight
            }
        }
    }

    private func visibleArea(top: Double, height: Double) -> Int {
        let y0 = max(0, top)
        let y1 = min(viewport.height, top + height)
        guard y1 > y0 else { return 0 }
        return scale.pixels(y1 - y0) * framebuffer.pixelSize.width
    }
}
