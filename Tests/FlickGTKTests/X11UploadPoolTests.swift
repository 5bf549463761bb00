import CFlickGTK
import CGtk4
import FlickCore
@testable import FlickGTK
import FlickTestSupport
import Foundation
import Testing

/// The list keeps cairo-xlib's shared-memory pool mapped while GSK's Cairo renderer draws on
/// X11: whole-window frames then go through one segment instead of a fresh one each.
extension FlickListViewTests {
    @Test func cairoFramesReuseOneSharedMemorySegmentWhileThePoolIsHeld() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        let canvas = bed.view.canvas
        let surface = try #require(gtk_native_get_surface(gtk_widget_get_native(canvas)))
        let pixels = try #require(X11UploadPool.windowPixels(of: canvas))
        let pool = X11UploadPool()
        defer { pool.release() }
        pool.hold(for: canvas, pixels: pixels)
        try #require(pool.isHolding, "Xvfb has MIT-SHM, so an image of the pool is held")

        let renderer = try #require(gsk_cairo_renderer_new())
        defer { g_object_unref(gpointer(renderer)) }
        try #require(gsk_renderer_realize(renderer, surface, nil) != 0, "the Cairo renderer started")
        defer { gsk_renderer_unrealize(renderer) }
        func frame(_ index: Int) throws {
            // A whole-window frame of a new colour: GDK uploads all of it through the pool.
            var color = GdkRGBA(red: Float(index % 2), green: 0.5, blue: Float(index % 7) / 7, alpha: 1)
            var bounds = graphene_rect_t(
                origin: graphene_point_t(x: 0, y: 0),
                size: graphene_size_t(width: Float(gdk_surface_get_width(surface)), height: Float(gdk_surface_get_height(surface))))
            let node = try #require(gsk_color_node_new(&color, &bounds))
            gsk_renderer_render(renderer, node, nil)
            gsk_render_node_unref(node)
            // The server has taken the frame and cairo knows it: the upload's space is free again.
            gdk_display_sync(gtk_widget_get_display(canvas))
        }
        for index in 0..<2 { try frame(index) }  // the pages the uploads use are touched once
        let faultsBefore = Self.minorPageFaults()
        for index in 2..<8 { try frame(index) }
        let faults = Self.minorPageFaults() - faultsBefore
        // Each upload writes a whole window of pixels: into a fresh segment it faults in every
        // page of it; into the held pool's warm pages, none. (Counted for this thread: the
        // process's mapped segments also change with other suites' windows.)
        let pagesPerFrame = pixels.width * pixels.height * 4 / Int(sysconf(Int32(_SC_PAGESIZE)))
        // Under a sanitizer its allocator and shadow memory fault pages of their own each frame
        // (2,226 under ThreadSanitizer); the frames above still ran for it to watch.
        if !Sanitizers.areActive {
            #expect(faults < pagesPerFrame, "\(faults) page faults over six whole-window frames of \(pagesPerFrame) pages each")
        }
    }

    /// Minor page faults of the calling thread so far (GDK uploads a frame on the main thread).
    static func minorPageFaults() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD (Linux), not imported by Glibc
        return usage.ru_minflt
    }
}
