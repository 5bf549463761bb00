import CFlickGTK
import CGtk4
import FlickCore

/// Keeps the X connection's shared-memory upload pool alive while the list is drawn by GSK's
/// Cairo renderer on X11.
///
/// GTK 4.8's X11 Cairo context draws each frame into a client-side image and hands it to the X
/// server through cairo-xlib, which copies it into a MIT-SHM segment from its pool. cairo-xlib
/// (1.16) destroys a pool as soon as nothing in it is in use, so a window whose frames are the
/// only users gets a fresh segment every frame: created, faulted in page by page by the client
/// and by the X server, and unmapped again — 5–6 ms of a 2× frame under Xvfb, for a bare color
/// fill. One never-drawn image from the pool, as large as the window, keeps it mapped; frames
/// then reuse its warm pages (the same fill: under 1 ms). The pool is the display's: every
/// window of the app on that connection benefits while the list lives.
///
/// The held image costs no memory until written (it never is); the pool's virtual size is
/// eight times the image rounded up to a power of two (32 MB for a 375 × 667 pt window at 2×),
/// resident only where uploads have touched it.
///
/// Main thread (GTK's display connection).
@MainActor
final class X11UploadPool {
    /// The held image (a cairo surface in the pool), when one is held.
    private var held: OpaquePointer?
    /// Pixels of the window size the held image was made for.
    private(set) var heldPixels: PixelSize?

    /// Whether an image of the pool is held.
    var isHolding: Bool { held != nil }

    /// The pixel size of the window `widget` is in (its native surface at its scale), or nil
    /// before it is realized.
    static func windowPixels(of widget: UnsafeMutablePointer<GtkWidget>) -> PixelSize? {
        guard let native = gtk_widget_get_native(widget), let surface = gtk_native_get_surface(native) else { return nil }
        let scale = Int(gdk_surface_get_scale_factor(surface))
        return PixelSize(width: Int(gdk_surface_get_width(surface)) * scale, height: Int(gdk_surface_get_height(surface)) * scale)
    }

    /// Holds the pool of `widget`'s display for a window of `pixels`: once, and again when the
    /// window outgrows the held size (a bigger pool for bigger uploads; the old one is let go
    /// after the new one is held). Nothing on a display that is not X11 or has no MIT-SHM.
    func hold(for widget: UnsafeMutablePointer<GtkWidget>, pixels: PixelSize) {
        if let heldPixels, pixels.width <= heldPixels.width, pixels.height <= heldPixels.height { return }
        guard pixels.width > 0, pixels.height > 0 else { return }
        guard let surface = flick_gtk_hold_x11_upload_pool(widget, Int32(pixels.width), Int32(pixels.height)) else { return }
        release()
        held = surface
        heldPixels = pixels
    }

    /// Lets the pool go (the widget is disposed, or the renderer is not Cairo).
    func release() {
        if let held { cairo_surface_destroy(held) }
        held = nil
        heldPixels = nil
    }
}
