import CCairo
import FlickCore

extension Canvas {
    /// Copies `bitmap`'s pixels row by row with its top-left corner at `origin` (points,
    /// rounded to device pixels), replacing what is there, cut at the canvas edges: the
    /// compositor's hot path. Same result as `copy(_:at:)` but a plain memcpy per row, without
    /// a Cairo surface, pattern and path per call (which cost more than the bytes for the many
    /// small image layers of a frame). Ignores any clip set on the canvas.
    public func copyPixels(_ bitmap: Bitmap, at origin: Point) {
        guard let storage else { return }
        let x = scale.pixels(origin.x)
        let y = scale.pixels(origin.y)
        let left = max(0, x)
        let top = max(0, y)
        let right = min(pixelSize.width, x + bitmap.pixelSize.width)
        let bottom = min(pixelSize.height, y + bitmap.pixelSize.height)
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
