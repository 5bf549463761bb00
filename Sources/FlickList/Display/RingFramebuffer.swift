import FlickCore
import FlickRaster

/// The headless framebuffer: frames' layers blitted into a ring of rows, only the rows the
/// scroll-blit plan finds changed. Owned by one thread at a time: the compositor's thread
/// while it draws a frame (`FramebufferThread`), the main thread only while that thread is
/// parked with nothing to draw (snapshots).
final class RingFramebuffer {
    let viewport: Size
    let scale: DisplayScale
    /// The composed frame as a ring of rows (see `draw`).
    let framebuffer: Canvas
    /// The ring row showing the viewport's top row.
    private(set) var topRow = 0
    /// Device-pixel rows drawn again by the last frame (all of them when it could not reuse
    /// the frame before).
    private(set) var lastRedrawnRows = 0
    /// What the ring holds, when it holds a composed frame: its layers (alive, so their
    /// identities stay theirs), where they landed, on what background.
    private var previousFrame: (layers: [DisplayLayer], placed: [PlacedLayer], background: Color)?

    init(viewport: Size, scale: DisplayScale) {
        self.viewport = viewport
        self.scale = scale
        framebuffer = Canvas(size: viewport, scale: scale)
    }

    /// The ring's pixels put in order: one copy of the viewport.
    func snapshot() -> Bitmap { framebuffer.snapshot(startingAtRow: topRow) }

    /// Puts a frame's layers (in drawing order) on `background` into the ring: when it holds
    /// the previous frame, scrolling moves the ring's top row (`topRow`) by the scroll instead
    /// of moving pixels, and only the rows `ScrollBlitPlan` finds changed are drawn again (the
    /// software window path's plan). A steady scroll draws the exposed strip and nothing else.
    /// Otherwise everything is drawn, from ring row 0.
    func draw(_ layers: [DisplayLayer], background: Color) {
        let placed = layers.map { PlacedLayer($0, scale: scale) }
        let height = framebuffer.pixelSize.height
        let bounds = PixelRect(x: 0, y: 0, width: framebuffer.pixelSize.width, height: height)
        let previous = previousFrame.flatMap { $0.background == background ? $0.placed : nil }
        let plan = ScrollBlitPlan(previous: previous, current: placed, previousOverlays: [], bounds: bounds)
        lastRedrawnRows = plan.redrawnRows
        // The background goes only where no opaque layer covers whole pixel rows: gaps, and a
        // row of fractional height's last pixel row, which must blend with the background, not
        // with the last frame. Filling covered rows too cost as much as copying the rows over
        // them (cairo_fill per band: 40 % of the redraw in a profile of the standard scripts).
        let uncovered = uncoveredRuns(layers, placed, bounds: bounds)
        if plan.isFull {
            topRow = 0
            for rows in uncovered { fillBackground(rows, rowOffset: 0, background) }
            for layer in layers { draw(layer, rows: 0..<height, rowOffset: 0) }
        } else {
            topRow = ((topRow - plan.dy) % height + height) % height
            for band in plan.bands {
                for (rows, rowOffset) in ringPieces(of: band, height: height) {
                    for run in uncovered where run.overlaps(rows) { fillBackground(run.clamped(to: rows), rowOffset: rowOffset, background) }
                    let area = PixelRect(x: 0, y: rows.lowerBound, width: bounds.width, height: rows.count)
                    for (layer, place) in zip(layers, placed) where !place.visible(in: area).isEmpty {
                        draw(layer, rows: rows, rowOffset: rowOffset)
                    }
                }
            }
        }
        // The layers keep their bitmaps alive, so no identity in `placed` is reused meanwhile.
        previousFrame = (layers, placed, background)
    }

    /// Fills viewport rows `rows` with `background`, each landing `rowOffset` ring rows down.
    private func fillBackground(_ rows: Range<Int>, rowOffset: Int, _ background: Color) {
        framebuffer.withRowOffset(rowOffset) {
            framebuffer.withSavedState {
                framebuffer.clip(toPixelRows: rows)
                framebuffer.fill(Rect(origin: .zero, size: viewport), background)
            }
        }
    }

    /// The device pixels wholly inside `clip`: its edges rounded inward (within the display
    /// scale's float tolerance). A pixel an edge cuts is only partly the layer's.
    private func pixelsInside(_ clip: Rect) -> PixelRect {
        let left = scale.pixels(scale.ceil(clip.minX))
        let top = scale.pixels(scale.ceil(clip.minY))
        let right = scale.pixels(scale.floor(clip.maxX))
        let bottom = scale.pixels(scale.floor(clip.maxY))
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Runs of pixel rows that no opaque, full-width layer covers entirely, in order.
    private func uncoveredRuns(_ layers: [DisplayLayer], _ placed: [PlacedLayer], bounds: PixelRect) -> [Range<Int>] {
        var covered: [Range<Int>] = []
        covered.reserveCapacity(layers.count)
        for (layer, place) in zip(layers, placed) where layer.isOpaque {
            var area = place.rect.intersection(bounds)
            // A clip edge inside a pixel row leaves that row partly to the background.
            if let clip = layer.clip { area = area.intersection(pixelsInside(clip)) }
            guard area.x <= 0, area.maxX >= bounds.width, !area.isEmpty else { continue }
            covered.append(area.y..<area.maxY)
        }
        var runs: [Range<Int>] = []
        var next = 0
        for run in ScrollBlitPlan.merged(covered) {
            if run.lowerBound > next { runs.append(next..<run.lowerBound) }
            next = max(next, run.upperBound)
        }
        if next < bounds.height { runs.append(next..<bounds.height) }
        return runs
    }

    /// Viewport rows `band` as runs of ring rows: each run with the offset from viewport row
    /// to ring row (two runs when the band wraps past the ring's last row).
    private func ringPieces(of band: Range<Int>, height: Int) -> [(rows: Range<Int>, rowOffset: Int)] {
        let start = (band.lowerBound + topRow) % height
        let offset = start - band.lowerBound
        guard start + band.count > height else { return [(band, offset)] }
        let split = band.lowerBound + (height - start)
        return [(band.lowerBound..<split, offset), (split..<band.upperBound, offset - height)]
    }

    /// Blits one layer inside viewport rows `rows`, each landing `rowOffset` ring rows down.
    private func draw(_ layer: DisplayLayer, rows: Range<Int>, rowOffset: Int) {
        guard layer.isOpaque, let split = copiedRows(of: layer) else {
            return drawThroughCairo(layer, rows: rows, rowOffset: rowOffset)
        }
        framebuffer.copyPixels(layer.bitmap, at: layer.origin, rows: rows.clamped(to: split.whole), rowOffset: rowOffset)
        for edge in split.edges where rows.contains(edge) {
            drawThroughCairo(layer, rows: edge..<edge + 1, rowOffset: rowOffset)
        }
    }

    /// Blits `layer` through Cairo: its clip, a blend when it is not opaque.
    private func drawThroughCairo(_ layer: DisplayLayer, rows: Range<Int>, rowOffset: Int) {
        framebuffer.withRowOffset(rowOffset) {
            framebuffer.withSavedState {
                framebuffer.clip(toPixelRows: rows)
                if let clip = layer.clip {
                    framebuffer.clip(to: clip)
                    framebuffer.copy(layer.bitmap, at: layer.origin)
                } else {
                    framebuffer.blend(layer.bitmap, at: layer.origin)
                }
            }
        }
    }

    /// How an opaque layer is drawn by plain copies: without a clip, all its rows; with a clip
    /// spanning the whole width (a kind skeleton's pieces), the pixel rows wholly inside the
    /// clip, and the one or two rows its top and bottom edges cut (`edges`), which only Cairo
    /// draws exactly (blended with what is under by the part covered). `nil` when the clip
    /// cuts columns.
    private func copiedRows(of layer: DisplayLayer) -> (whole: Range<Int>, edges: [Int])? {
        guard let clip = layer.clip else { return (Int.min..<Int.max, []) }
        guard clip.minX <= 0, clip.maxX >= viewport.width else { return nil }
        let inside = pixelsInside(clip)
        var edges: [Int] = []
        for edge in [clip.minY, clip.maxY] where !scale.isAligned(edge) {
            let row = scale.pixels(scale.floor(edge))
            if !edges.contains(row) { edges.append(row) }
        }
        return (inside.y..<inside.maxY, edges)
    }
}
