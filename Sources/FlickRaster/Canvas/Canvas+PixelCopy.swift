import CCairo
import FlickCore

/// Plain pixel copies, whole or limited to bands of device-pixel rows: the compositor's hot
/// path, and what a compositor that keeps its frame in a ring of rows needs (scroll by moving
/// the ring's top, redraw only the rows that changed).
extension Canvas {
    /// Copies `bitmap`'s pixels row by row with its top-left corner at `origin` (points,
    /// rounded to device pixels), replacing what is there, cut at the canvas edges: the
    /// compositor's hot path. Same result as `copy(_:at:)` but a plain memcpy per row, without
    /// a Cairo surface, pattern and path per call (which cost more than the bytes for the many
    /// small image layers of a frame). Ignores any clip set on the canvas.
    public func copyPixels(_ bitmap: Bitmap, at origin: Point) {
        copyPixels(bitmap, at: origin, rows: 0..<pixelSize.height)
    }

    /// Clips further drawing to device-pixel rows `rows`, the whole width (exact: no partial
    /// pixels at the band's edges, whatever the scale).
    public func clip(toPixelRows rows: Range<Int>) {
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_rectangle(cairo, 0, Double(rows.lowerBound), Double(pixelSize.width), Double(rows.count))
        cairo_restore(cairo)
        cairo_clip(cairo)
    }

    /// `copyPixels(_:at:)` for the part of `bitmap` inside device-pixel rows `rows` only, each
    /// row written `rowOffset` rows further down the canvas (see `withRowOffset`).
    public func copyPixels(_ bitmap: Bitmap, at origin: Point, rows: Range<Int>, rowOffset: Int = 0) {
        guard let storage else { return }
        let x = scale.pixels(origin.x)
        let y = scale.pixels(origin.y)
        let left = max(0, x)
        let top = max(y, rows.lowerBound, -rowOffset)
        let right = min(pixelSize.width, x + bitmap.pixelSize.width)
        let bottom = min(y + bitmap.pixelSize.height, rows.upperBound, pixelSize.height - rowOffset)
        guard right > left, bottom > top else { return }
        cairo_surface_flush(surface)
        let rowBytes = (right - left) * 4
        bitmap.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for row in top..<bottom {
                let from = base.advanced(by: (row - y) * bitmap.bytesPerRow + (left - x) * 4)
                storage.advanced(by: (row + rowOffset) * bytesPerRow + left * 4).copyMemory(from: from, byteCount: rowBytes)
            }
        }
        cairo_surface_mark_dirty_rectangle(surface, Int32(left), Int32(top + rowOffset), Int32(right - left), Int32(bottom - top))
    }

    /// Runs `body` with everything drawn through Cairo landing `rowOffset` device rows further
    /// down (a device offset on the surface): for a canvas used as a ring of rows, where the
    /// frame's top row is not the canvas's.
    public func withRowOffset(_ rowOffset: Int, _ body: () -> Void) {
        guard rowOffset != 0 else { return body() }
        cairo_surface_set_device_offset(surface, 0, Double(rowOffset))
        body()
        cairo_surface_set_device_offset(surface, 0, 0)
    }

    /// A copy of the pixels with row `firstRow` at the top and the rows above it after the
    /// last: the picture of a canvas used as a ring of rows. One memcpy, like `snapshot()`.
    public func snapshot(startingAtRow firstRow: Int) -> Bitmap {
        let height = max(1, pixelSize.height)
        let split = (firstRow % height + height) % height
        guard split != 0, let storage else { return snapshot() }
        cairo_surface_flush(surface)
        let rotated = Bitmap.allocate(bytes: bytesPerRow * pixelSize.height, zeroed: false)
        let upper = (pixelSize.height - split) * bytesPerRow
        rotated.copyMemory(from: storage + split * bytesPerRow, byteCount: upper)
        (rotated + upper).copyMemory(from: storage, byteCount: split * bytesPerRow)
        return Bitmap(adopting: rotated, pixelSize: pixelSize, bytesPerRow: bytesPerRow, scale: scale)
    }
}
