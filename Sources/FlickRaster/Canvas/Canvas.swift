import CCairo
import FlickCore

/// A drawing surface over Cairo whose coordinates are points; it turns into an immutable
/// `Bitmap` with `makeBitmap()`.
///
/// Use on one thread (a worker) from creation to `makeBitmap()`; it is not `Sendable`.
/// Starts fully transparent.
///
/// ```swift
/// let canvas = Canvas(size: Size(width: 375, height: 120), scale: .two)
/// canvas.fill(canvas.bounds, Color.white)
/// canvas.fillRoundedRect(Rect(x: 12, y: 12, width: 40, height: 40), radius: 20, Color(hex: 0xDDDDDD))
/// let bitmap = canvas.makeBitmap()
/// ```
public final class Canvas {
    public let pixelSize: PixelSize
    public let scale: DisplayScale
    let bytesPerRow: Int
    private(set) var storage: UnsafeMutableRawPointer?
    let surface: OpaquePointer
    /// The Cairo context, for modules of this package that draw with Cairo directly (text).
    package let cairo: OpaquePointer

    /// A transparent canvas of `size` points, backed by whole device pixels (sides rounded up).
    public convenience init(size: Size, scale: DisplayScale) {
        self.init(pixelSize: scale.pixelSize(size), scale: scale)
    }

    /// A canvas of `size` points painted with the opaque `background` in a single pass (no
    /// zeroing first): a cell's first memory pass is its only fixed cost, so this saves about
    /// a third of a cheap render such as a skeleton.
    public convenience init(size: Size, scale: DisplayScale, opaqueBackground background: Color) {
        precondition(background.alpha >= 1, "opaqueBackground must be opaque, got \(background)")
        self.init(pixelSize: scale.pixelSize(size), scale: scale, zeroed: false)
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cairo, background.red, background.green, background.blue, 1)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// A transparent canvas of exactly `pixelSize` device pixels.
    public convenience init(pixelSize: PixelSize, scale: DisplayScale) {
        self.init(pixelSize: pixelSize, scale: scale, zeroed: true)
    }

    private init(pixelSize: PixelSize, scale: DisplayScale, zeroed: Bool) {
        precondition(pixelSize.width >= 0 && pixelSize.height >= 0, "negative canvas size \(pixelSize)")
        precondition(pixelSize.width <= Bitmap.maxSurfaceSide && pixelSize.height <= Bitmap.maxSurfaceSide, "canvas \(pixelSize) beyond Cairo's limit")
        self.pixelSize = pixelSize
        self.scale = scale
        bytesPerRow = Bitmap.stride(forWidth: pixelSize.width)
        let storage = Bitmap.allocate(bytes: bytesPerRow * pixelSize.height, zeroed: zeroed)
        self.storage = storage
        surface = cairo_image_surface_create_for_data(
            storage.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(pixelSize.width), Int32(pixelSize.height), Int32(bytesPerRow))!
        cairo = cairo_create(surface)!
        cairo_scale(cairo, scale.value, scale.value)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
        // Still here only when no bitmap took it (a render dropped unfinished).
        if let storage { Bitmap.recycle(storage, bytes: bytesPerRow * pixelSize.height) }
    }

    /// The whole canvas in points.
    public var bounds: Rect { Rect(origin: .zero, size: scale.points(pixelSize)) }

    /// Finishes drawing and hands the pixels over as an immutable bitmap. The canvas must
    /// not be drawn into afterwards.
    public func makeBitmap() -> Bitmap {
        guard let storage else { preconditionFailure("makeBitmap() called twice on one canvas") }
        cairo_surface_flush(surface)
        cairo_surface_finish(surface)
        self.storage = nil
        return Bitmap(adopting: storage, pixelSize: pixelSize, bytesPerRow: bytesPerRow, scale: scale)
    }

    // MARK: State

    /// Runs `body` with the drawing state (clip, transform, alpha) saved and restored around it.
    public func withSavedState(_ body: () -> Void) {
        cairo_save(cairo)
        body()
        cairo_restore(cairo)
    }

    /// Moves the origin by (`dx`, `dy`) points for what follows.
    public func translate(dx: Double, dy: Double) {
        cairo_translate(cairo, dx, dy)
    }

    /// Clips further drawing to `rect`, with corners rounded by `radius` points.
    public func clip(to rect: Rect, cornerRadius radius: Double = 0) {
        addRoundedRectPath(rect, radius: radius)
        cairo_clip(cairo)
    }

    /// Clips further drawing to the ellipse inscribed in `rect`.
    public func clip(toEllipseIn rect: Rect) {
        addEllipsePath(rect)
        cairo_clip(cairo)
    }

    // MARK: Shapes

    /// Replaces every pixel with transparent black.
    public func clear() {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// Paints `rect` with `color` (blended over what is there).
    public func fill(_ rect: Rect, _ color: Color) {
        setColor(color)
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cairo)
    }

    public func fillRoundedRect(_ rect: Rect, radius: Double, _ color: Color) {
        setColor(color)
        addRoundedRectPath(rect, radius: radius)
        cairo_fill(cairo)
    }

    /// Strokes a rounded rect; the line is centred on the rect's edge.
    public func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, _ color: Color) {
        setColor(color)
        addRoundedRectPath(rect, radius: radius)
        cairo_set_line_width(cairo, lineWidth)
        cairo_stroke(cairo)
    }

    public func fillEllipse(in rect: Rect, _ color: Color) {
        setColor(color)
        addEllipsePath(rect)
        cairo_fill(cairo)
    }

    public func strokeEllipse(in rect: Rect, lineWidth: Double, _ color: Color) {
        setColor(color)
        addEllipsePath(rect)
        cairo_set_line_width(cairo, lineWidth)
        cairo_stroke(cairo)
    }

    /// A straight line with butt caps.
    public func strokeLine(from start: Point, to end: Point, lineWidth: Double, _ color: Color) {
        setColor(color)
        cairo_set_line_width(cairo, lineWidth)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
        cairo_move_to(cairo, start.x, start.y)
        cairo_line_to(cairo, end.x, end.y)
        cairo_stroke(cairo)
    }

    /// Fills a closed polygon through `points` (for small vector icons).
    public func fillPolygon(_ points: [Point], _ color: Color) {
        guard let first = points.first else { return }
        setColor(color)
        cairo_move_to(cairo, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cairo, point.x, point.y) }
        cairo_close_path(cairo)
        cairo_fill(cairo)
    }

    /// Strokes an open path through `points` with round joins (for small vector icons).
    public func strokePath(_ points: [Point], lineWidth: Double, closed: Bool = false, _ color: Color) {
        guard let first = points.first else { return }
        setColor(color)
        cairo_set_line_width(cairo, lineWidth)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_move_to(cairo, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cairo, point.x, point.y) }
        if closed { cairo_close_path(cairo) }
        cairo_stroke(cairo)
    }

    // MARK: Images

    /// Draws `bitmap` scaled to fill `rect` (no aspect preservation: pass a rect of the
    /// right aspect, or process the bitmap with `.aspectFill` first), at `alpha`.
    ///
    /// Bitmaps over 16,384 px on a side (long screenshots) are drawn tile by tile: Cairo
    /// reads a source that large as nothing and would draw a blank. Cairo's GOOD filter
    /// averages at most 16 source pixels per output pixel, so scaling down by more than 16×
    /// here aliases (and by ~32,768× draws nothing); decoders resample in steps instead
    /// (`Resampler`).
    public func draw(_ bitmap: Bitmap, in rect: Rect, alpha: Double = 1) {
        guard !bitmap.pixelSize.isEmpty, !rect.isEmpty else { return }
        cairo_save(cairo)
        cairo_translate(cairo, rect.minX, rect.minY)
        cairo_scale(cairo, rect.width / Double(bitmap.pixelSize.width), rect.height / Double(bitmap.pixelSize.height))
        let tiles = bitmap.sourceTiles()
        if tiles.count == 1 {
            paint(bitmap, tile: tiles[0], alpha: alpha)
        } else {
            // Tiles meet inside output pixels; their antialiased edges must add up to full
            // coverage, not blend one over the other (which leaves a faint seam).
            cairo_push_group(cairo)
            cairo_set_operator(cairo, CAIRO_OPERATOR_ADD)
            for tile in tiles { paint(bitmap, tile: tile, alpha: 1) }
            cairo_pop_group_to_source(cairo)
            if alpha >= 1 { cairo_paint(cairo) } else { cairo_paint_with_alpha(cairo, alpha) }
        }
        cairo_restore(cairo)
    }

    /// Paints `tile` of `bitmap` at its place in the current (bitmap-pixel) coordinates.
    private func paint(_ bitmap: Bitmap, tile: Bitmap.Tile, alpha: Double) {
        bitmap.withSourceSurface(tile: tile) { source in
            cairo_save(cairo)
            cairo_set_source_surface(cairo, source, Double(tile.x), Double(tile.y))
            let pattern = cairo_get_source(cairo)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_rectangle(cairo, Double(tile.x), Double(tile.y), Double(tile.width), Double(tile.height))
            cairo_clip(cairo)
            if alpha >= 1 { cairo_paint(cairo) } else { cairo_paint_with_alpha(cairo, alpha) }
            cairo_restore(cairo)
        }
    }

    // MARK: Paths

    private func setColor(_ color: Color) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    private func addRoundedRectPath(_ rect: Rect, radius: Double) {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        guard r > 0 else {
            cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, rect.maxX - r, rect.minY + r, r, -Double.pi / 2, 0)
        cairo_arc(cairo, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
        cairo_arc(cairo, rect.minX + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cairo, rect.minX + r, rect.minY + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }

    private func addEllipsePath(_ rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        cairo_save(cairo)
        cairo_translate(cairo, rect.midX, rect.midY)
        cairo_scale(cairo, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, 0, 0, 1, 0, 2 * Double.pi)
        cairo_restore(cairo)
    }
}
