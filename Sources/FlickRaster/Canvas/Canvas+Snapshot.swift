import CCairo
import FlickCore

extension Canvas {
    /// A copy of the pixels drawn so far, leaving the canvas usable: for displays that keep
    /// one framebuffer and export frames (PNG screenshots). Costs one memcpy of the surface.
    public func snapshot() -> Bitmap {
        let surface = cairo_get_target(cairo)
        cairo_surface_flush(surface)
        let bytesPerRow = Int(cairo_image_surface_get_stride(surface))
        let count = bytesPerRow * pixelSize.height
        // A surface in an error state has no data: the snapshot is then transparent.
        guard let data = cairo_image_surface_get_data(surface) else {
            return Bitmap(adopting: Bitmap.allocate(bytes: count), pixelSize: pixelSize, bytesPerRow: bytesPerRow, scale: scale)
        }
        // Not zeroed: the copy overwrites every byte.
        let copy = Bitmap.allocate(bytes: count, zeroed: false)
        copy.copyMemory(from: data, byteCount: count)
        return Bitmap(adopting: copy, pixelSize: pixelSize, bytesPerRow: bytesPerRow, scale: scale)
    }

    /// Copies `bitmap` at its natural size with its top-left at `origin` (points), replacing
    /// what is there (no blending): the compositor's fast path for opaque cells.
    public func copy(_ bitmap: Bitmap, at origin: Point) {
        place(bitmap, at: origin, CAIRO_OPERATOR_SOURCE)
    }

    /// Draws `bitmap` at its own pixel size with its origin at `origin` (points, rounded to
    /// device pixels), blended over what is there: for translucent layers (circle avatars,
    /// rounded pictures). Opaque layers should use `copy(_:at:)`, which skips the blend.
    public func blend(_ bitmap: Bitmap, at origin: Point) {
        place(bitmap, at: origin, CAIRO_OPERATOR_OVER)
    }

    /// `bitmap` unscaled at `origin` rounded to device pixels, with `operation`.
    private func place(_ bitmap: Bitmap, at origin: Point, _ operation: cairo_operator_t) {
        bitmap.withSourceSurface { source in
            cairo_save(cairo)
            cairo_identity_matrix(cairo)
            let x = Double(scale.pixels(origin.x))
            let y = Double(scale.pixels(origin.y))
            cairo_set_operator(cairo, operation)
            cairo_set_source_surface(cairo, source, x, y)
            cairo_rectangle(cairo, x, y, Double(bitmap.pixelSize.width), Double(bitmap.pixelSize.height))
            cairo_fill(cairo)
            cairo_restore(cairo)
        }
    }
}
