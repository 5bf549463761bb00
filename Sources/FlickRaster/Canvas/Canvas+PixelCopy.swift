import CCairo
import FlickCore
#if canImport(Glibc)
import Glibc
#endif

/// Plain pixel copies, whole or limited to bands of device-pixel rows: the compositor's hot
/// path, and what a compositor that reuses its previous frame needs (move the frame by the
/// scroll, redraw only the rows that changed).
extension Canvas {
    /// Copies `bitmap`'s pixels row by row with its top-left corner at `origin` (points,
    /// rounded to device pixels), replacing what is there, cut at the canvas edges: the
    /// compositor's hot path. Same result as `copy(_:at:)` but a plain memcpy per row, without
    /// a Cairo surface, pattern and path per call (which cost more than the bytes for the many
    /// small image layers of a frame). Ignores any clip set on the canvas.
    public func copyPixels(_ bitmap: Bitmap, at origin: Point) {
        copyPixels(bitmap, at: origin, rows: 0..<pixelSize.height)
    }

    /// Moves every pixel `dy` rows down (up when negative) with one `memmove`; the rows it
    /// uncovers keep stale pixels until redrawn. A no-op for `dy` 0 or beyond the height.
    public func shiftRows(by dy: Int) {
        guard let storage, dy != 0, abs(dy) < pixelSize.height else { return }
        cairo_surface_flush(surface)
        let bytes = (pixelSize.height - abs(dy)) * bytesPerRow
        if dy > 0 {
            memmove(storage + dy * bytesPerRow, storage, bytes)
        } else {
            memmove(storage, storage + (-dy) * bytesPerRow, bytes)
        }
        cairo_surface_mark_dirty(surface)
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

    /// `copyPixels(_:at:)` for the part of `bitmap` inside device-pixel rows `rows` only.
    public func copyPixels(_ bitmap: Bitmap, at origin: Point, rows: Range<Int>) {
        guard let storage else { return }
        let x = scale.pixels(origin.x)
        let y = scale.pixels(origin.y)
        let left = max(0, x)
        let top = max(0, y, rows.lowerBound)
        let right = min(pixelSize.width, x + bitmap.pixelSize.width)
        let bottom = min(pixelSize.height, y + bitmap.pixelSize.height, rows.upperBound)
        guard right > left, bottom > top else { return }
        cairo_surface_flush(surface)
        let rowBytes = (right - left) * 4
        bitmap.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for row in top..<bottom {
                let from = base.advanced(by: (row - y) * bitmap.bytesPerRow + (left - x) * 4)
                storage.advanced(by: row * bytesPerRow + left * 4).copyMemory(from: from, byteCount: rowBytes)
            }
        }
        cairo_surface_mark_dirty_rectangle(surface, Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
    }
}
