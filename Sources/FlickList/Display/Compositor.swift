import FlickCore
import FlickRaster

/// Decides which ready bitmaps a frame shows and where: the only drawing work the main thread
/// does (CALayer.contents in the seeds). Each visible row shows, in order of preference, its
/// full bitmap (or the previous one while a reload renders), its layout's skeleton, its kind's
/// skeleton (drawn by the source for the row's kind and size class, before any layout), or the
/// generic placeholder tile; only a row with none of these is blank, and it is counted. A
/// drawn cell gets its loaded images as layers on top.
///
/// The frame's layers are kept in `layers`. With `drawsFramebuffer` (the default, for the
/// headless display, screenshots and the benchmark) they are also handed to the compositor's
/// thread, which blits them into a framebuffer (`FramebufferThread`; `snapshot()` waits for
/// it and reads it); a window turns it off and presents `layers` itself.
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
    /// Draws the frames into the framebuffer, off the main thread; started by the first frame
    /// handed over or read (a window never starts it).
    private(set) var startedFramebufferThread: FramebufferThread?
    /// Background behind and between rows.
    public var background = Color(hex: 0xF2F2F2)
    /// Drawn for rows that have no layout yet; `nil` leaves them blank (the naive baseline).
    public var placeholder: Bitmap?
    /// Whether `compose` blits the layers into `framebuffer`; default true.
    public var drawsFramebuffer = true
    /// The last frame's layers, in drawing order.
    public private(set) var layers: [DisplayLayer] = []
    /// Device-pixel rows of the framebuffer drawn again by the last frame (all of them when it
    /// could not reuse the frame before); waits for the frames handed over to be drawn.
    public var lastRedrawnRows: Int { framebufferThread.lastRedrawnRows }
    /// Device pixels of the framebuffer.
    public let pixelSize: PixelSize
    /// The rows of the last frame that showed their kind's skeleton, with that kind (`nil`:
    /// kind not known yet, the source's shape for an unknown kind).
    public private(set) var kindSkeletonRows: [(row: Int, kind: Int?)] = []

    public init(viewport: Size, scale: DisplayScale, placeholder: Bitmap?) {
        self.viewport = viewport
        self.scale = scale
        self.placeholder = placeholder
        pixelSize = scale.pixelSize(viewport)
    }

    deinit { startedFramebufferThread?.stop() }

    private var framebufferThread: FramebufferThread {
        if let startedFramebufferThread { return startedFramebufferThread }
        let thread = FramebufferThread(viewport: viewport, scale: scale)
        startedFramebufferThread = thread
        return thread
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
        /// The skeleton of the row's kind at its size class, for a row with no layout yet; at
        /// least as tall as the row and cut at its end.
        public let kindSkeleton: KindSkeleton?
        /// Loaded images (or error tiles), drawn over a full or stale cell.
        public let images: [RowImageLayer]

        public init(
            index: Int, top: Double, height: Double, full: Bitmap?, fullIsStale: Bool, skeleton: Bitmap?,
            kindSkeleton: KindSkeleton? = nil, images: [RowImageLayer] = []
        ) {
            self.index = index
            self.top = top
            self.height = height
            self.full = full
            self.fullIsStale = fullIsStale
            self.skeleton = skeleton
            self.kindSkeleton = kindSkeleton
            self.images = images
        }
    }

    /// A deleted row's last bitmap, shown cut to `height` points from `top` while its gap closes.
    public struct Departing {
        public let bitmap: Bitmap
        public let top: Double
        public let height: Double

        public init(bitmap: Bitmap, top: Double, height: Double) {
            self.bitmap = bitmap
            self.top = top
            self.height = height
        }
    }

    /// A list accessory (header, footer, badge) placed in the viewport, drawn over the rows.
    public struct Accessory {
        public let accessory: ListAccessory
        public let origin: Point
        public let placement: ListAccessory.Placement

        public init(accessory: ListAccessory, origin: Point, placement: ListAccessory.Placement) {
            self.accessory = accessory
            self.origin = origin
            self.placement = placement
        }
    }

    /// The last composed frame's pixels, once the compositor's thread has drawn it: for
    /// screenshots and tests. One copy of the viewport.
    public func snapshot() -> Bitmap { framebufferThread.snapshot() }

    /// Waits until the compositor's thread has drawn every frame handed over (a display
    /// collecting `takeDrawnFrames()` at the end of a run).
    public func finishFrames() { startedFramebufferThread?.finish() }

    /// What the compositor's thread did for the frames it drew since the last call.
    public func takeDrawnFrames() -> [FramebufferFrame] { startedFramebufferThread?.takeDrawn() ?? [] }

    /// Composes one frame; returns what each row showed and fills the pixel counts of `stats`.
    /// `departing` bitmaps (update animations) are drawn in gaps no row covers, uncounted.
    /// `decorations` (focus ring, selection tint: `role == .decoration`) are drawn over the
    /// rows, `sticky` (a section header stuck to the top edge) over them, and `accessories`
    /// over everything, uncounted.
    @discardableResult
    public func compose(
        _ rows: [Row], departing: [Departing] = [], decorations: [DisplayLayer] = [], sticky: (row: Int, bitmap: Bitmap, top: Double)? = nil,
        accessories: [Accessory] = [], stats: inout FrameStats
    ) -> [RowContent] {
        layers.removeAll(keepingCapacity: true)
        kindSkeletonRows.removeAll(keepingCapacity: true)
        var contents: [RowContent] = []
        contents.reserveCapacity(rows.count)
        let viewportPixels = pixelSize.area
        stats.viewportPixels = viewportPixels
        for row in rows {
            let top = scale.round(row.top)
            let content: RowContent
            var drawnHeight = row.height
            if let full = row.full {
                layers.append(DisplayLayer(bitmap: full, origin: Point(x: 0, y: top), role: .cell, row: row.index, isOpaque: true))
                for image in row.images {
                    layers.append(
                        DisplayLayer(
                            bitmap: image.bitmap, origin: Point(x: image.frame.minX, y: top + image.frame.minY),
                            role: .image, row: row.index, isOpaque: image.isOpaque))
                }
                content = row.fullIsStale ? .stale : .full
                drawnHeight = full.pointSize.height
            } else if let skeleton = row.skeleton {
                layers.append(DisplayLayer(bitmap: skeleton, origin: Point(x: 0, y: top), role: .skeleton, row: row.index, isOpaque: true))
                content = .skeleton
                drawnHeight = skeleton.pointSize.height
            } else if let shaped = row.kindSkeleton {
                addKindSkeleton(shaped.bitmap, row: row.index, top: top, height: row.height)
                content = .skeleton
                drawnHeight = Self.canStretch(shaped.bitmap.pointSize.height, to: row.height) ? row.height : shaped.bitmap.pointSize.height
                kindSkeletonRows.append((row.index, shaped.kind))
                stats.rowsKindSkeleton += 1
                if shaped.kind == nil { stats.rowsKindUnknown += 1 }
                stats.kindSkeletonPixels += visibleArea(top: top, height: min(drawnHeight, row.height))
            } else if let placeholder {
                addPlaceholder(placeholder, row: row.index, top: top, height: row.height)
                content = .placeholder
            } else {
                content = .blank
                drawnHeight = 0
            }
            let drawnPixels = visibleArea(top: top, height: min(drawnHeight, row.height))
            switch content {
            case .full: stats.rowsFull += 1
            case .stale:
                stats.rowsFull += 1
                stats.rowsStale += 1
            case .skeleton:
                stats.rowsSkeleton += 1
                stats.skeletonPixels += drawnPixels
            case .placeholder:
                stats.rowsPlaceholder += 1
                stats.placeholderPixels += drawnPixels
            case .blank:
                stats.rowsBlank += 1
            }
            // A bitmap shorter than its row (an old render while a taller one is laid out)
            // leaves the rest of the row to the placeholder tile, or blank without one.
            if drawnHeight < row.height {
                let uncovered = visibleArea(top: top, height: row.height) - visibleArea(top: top, height: drawnHeight)
                if content != .blank, let placeholder {
                    addPlaceholder(placeholder, row: row.index, top: top + drawnHeight, height: row.height - drawnHeight)
                    stats.placeholderPixels += uncovered
                } else {
                    stats.blankPixels += uncovered
                }
            }
            contents.append(content)
        }
        for ghost in departing where ghost.height > 0 {
            let top = scale.round(ghost.top)
            let clip = Rect(x: 0, y: top, width: viewport.width, height: scale.round(ghost.height))
            layers.append(DisplayLayer(bitmap: ghost.bitmap, origin: Point(x: 0, y: top), clip: clip, role: .departing, row: -1, isOpaque: true))
        }
        layers += decorations
        if let sticky {
            layers.append(
                DisplayLayer(bitmap: sticky.bitmap, origin: Point(x: 0, y: scale.round(sticky.top)), role: .stickyHeader, row: sticky.row, isOpaque: true))
        }
        for placed in accessories {
            layers.append(
                DisplayLayer(
                    bitmap: placed.accessory.bitmap, origin: placed.origin, role: .accessory(placed.placement), row: -1,
                    isOpaque: placed.accessory.isOpaque))
        }
        if drawsFramebuffer {
            framebufferThread.handOver(index: stats.index, layers: layers, background: background)
        }
        return contents
    }

    /// Whether a kind skeleton `skeletonHeight` points tall can cover a row `rowHeight` tall:
    /// cut at the row's end when taller; when shorter (its own size class not drawn yet), its
    /// top 60 % at the row's top and its lower part at the row's end, the gap between filled
    /// with copies of its body (the part between a cell's 64-point header and the 60 % seam,
    /// text bars), which needs a body at least `minimumBody` points tall and at most
    /// `maximumBodyCopies` copies.
    nonisolated public static func canStretch(_ skeletonHeight: Double, to rowHeight: Double) -> Bool {
        if skeletonHeight >= rowHeight { return true }
        let body = skeletonHeight * 0.6 - 64
        if rowHeight - skeletonHeight <= body { return true }  // the lower part's own body closes the gap
        return body >= minimumBody && (rowHeight - skeletonHeight) / body <= Double(maximumBodyCopies)
    }

    /// The shortest body a kind skeleton repeats to cover a taller row: 12 points, about one
    /// line of text bars.
    nonisolated static var minimumBody: Double { 12 }
    /// Copies of a body at most (a row rarely needs more than a few; a bound on layers).
    nonisolated static var maximumBodyCopies: Int { 48 }

    /// A kind skeleton over a row: cut at the row's end, or stretched (see `canStretch`): its
    /// top to the seam, copies of its body while the gap lasts, its lower part at the row's
    /// end — clipped layers of the same bitmap.
    private func addKindSkeleton(_ bitmap: Bitmap, row: Int, top: Double, height: Double) {
        let skeletonHeight = bitmap.pointSize.height
        func add(origin: Double, from: Double, to: Double) {
            guard to > from else { return }
            layers.append(
                DisplayLayer(
                    bitmap: bitmap, origin: Point(x: 0, y: origin), clip: Rect(x: 0, y: from, width: viewport.width, height: to - from),
                    role: .skeleton, row: row, isOpaque: true))
        }
        guard skeletonHeight < height, Self.canStretch(skeletonHeight, to: height) else {
            add(origin: top, from: top, to: top + min(height, skeletonHeight))
            return
        }
        let header = 64.0
        let seam = scale.round(skeletonHeight * 0.6)
        let body = seam - header
        let tailOrigin = top + scale.round(height - skeletonHeight)
        add(origin: top, from: top, to: top + seam)
        // Below `covered` the lower part would show the header again: copies of the body first.
        var covered = top + seam
        while covered < tailOrigin + header, body > 0 {
            let end = min(covered + body, tailOrigin + header)
            add(origin: covered - header, from: covered, to: end)
            covered = end
        }
        add(origin: tailOrigin, from: covered, to: top + height)
    }

    /// The placeholder tile repeated down the row's height (rows are taller than one tile).
    private func addPlaceholder(_ tile: Bitmap, row: Int, top: Double, height: Double) {
        let tileHeight = tile.pointSize.height
        let clip = Rect(x: 0, y: top, width: viewport.width, height: height)
        var y = top
        while y < top + height {
            layers.append(DisplayLayer(bitmap: tile, origin: Point(x: 0, y: y), clip: clip, role: .placeholder, row: row, isOpaque: true))
            y += tileHeight
        }
    }

    private func visibleArea(top: Double, height: Double) -> Int {
        let y0 = max(0, top)
        let y1 = min(viewport.height, top + height)
        guard y1 > y0 else { return 0 }
        return scale.pixels(y1 - y0) * pixelSize.width
    }
}
