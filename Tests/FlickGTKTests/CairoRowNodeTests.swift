import CGtk4
import Flick
@testable import FlickGTK
import Foundation
import Testing

/// A Cairo row node refers to the bitmap's own pixels: making one copies nothing, and the
/// bitmap lives exactly as long as the node and its surface.
extension FlickListViewTests {
    @Test func aCairoRowNodeRefersToTheBitmapWithoutCopyingIt() throws {
        try #require(GtkTestbed.initializeGtk(), "GTK cannot open a display: run under xvfb-run (make test does)")
        let side = 1024  // 4 MB of pixels: a copy would fault in about a thousand fresh pages
        weak var held: Bitmap?
        var made: GtkRowNode?
        var faults = 0
        do {
            let bytes = [UInt8](repeating: 0x7F, count: side * side * 4)
            let bitmap = try #require(bytes.withUnsafeBytes {
                Bitmap(copying: $0, pixelSize: PixelSize(width: side, height: side), bytesPerRow: side * 4, scale: .one, opaque: true)
            })
            held = bitmap
            let before = Self.minorPageFaults()
            made = GtkTextures.makeCairoNode(bitmap)
            faults = Self.minorPageFaults() - before
        }
        let row = try #require(made)
        let pages = side * side * 4 / Int(sysconf(Int32(_SC_PAGESIZE)))
        #expect(faults < pages / 4, "\(faults) page faults making the node of a \(pages)-page bitmap")
        #expect(held != nil, "the node's surface keeps the bitmap")
        row.release()
        #expect(held == nil, "released with the node")
    }
}

/// Under GSK's Cairo renderer a row's node holds the image surface over the bitmap, so GSK
/// composites the row straight from the bitmap's pixels; a node holding a recording of that
/// image is replayed through a zeroed temporary image every time it is drawn. Both draw the
/// bitmap's exact pixels, at 2× and cut by the viewport's edge.
extension FlickListViewTests {
    @Test func aCairoRowNodeHoldsTheBitmapsImageNotARecording() throws {
        try #require(GtkTestbed.initializeGtk(), "GTK cannot open a display: run under xvfb-run (make test does)")
        let bitmap = try Self.gradientBitmap(width: 64, height: 48, scale: .one)
        let row = try #require(GtkTextures.makeCairoNode(bitmap))
        defer { row.release() }
        #expect(row.kind == .cairoImage, "the node holds the image (GTK 4.8's Cairo node)")
        let surface = try #require(gsk_cairo_node_get_surface(row.node))
        #expect(cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE, "a recording is replayed through a temporary image on every draw")
        #expect(surface == row.surface, "the node draws the surface over the bitmap")
    }

    @Test func heldAndRecordedRowNodesDrawTheBitmapsPixelsAtTwoXCutByTheEdge() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        let width = 120, height = 90, cut = 10  // pixels; 60 × 45 pt at 2×, the top 10 pt off screen
        let bitmap = try Self.gradientBitmap(width: width, height: height, scale: DisplayScale(2))
        let surface = try #require(gtk_native_get_surface(gtk_widget_get_native(bed.view.canvas)))
        let renderer = try #require(gsk_cairo_renderer_new())
        defer { g_object_unref(gpointer(renderer)) }
        try #require(gsk_renderer_realize(renderer, surface, nil) != 0, "the Cairo renderer started")
        defer { gsk_renderer_unrealize(renderer) }
        let held = try #require(GtkTextures.makeCairoNode(bitmap)), recorded = try #require(GtkTextures.makeCairoNode(bitmap, holdingImage: false))
        defer {
            held.release()
            recorded.release()
        }
        #expect(held.kind == .cairoImage && recorded.kind == .cairoRecording)
        let shown = height - 2 * cut
        func pixels(of node: OpaquePointer) throws -> [UInt8] {
            let snapshot = try #require(gtk_snapshot_new())
            gtk_snapshot_scale(snapshot, 2, 2)
            var origin = graphene_point_t(x: 0, y: -Float(cut))
            gtk_snapshot_translate(snapshot, &origin)
            gtk_snapshot_append_node(snapshot, node)
            let frame = try #require(gtk_snapshot_free_to_node(snapshot))
            defer { gsk_render_node_unref(frame) }
            return try GtkTestbed.renderedPixels(renderer, frame, width: width, height: shown)
        }
        let expected = bitmap.withUnsafeBytes { raw in
            (2 * cut..<2 * cut + shown).flatMap { y in raw[(y * bitmap.bytesPerRow)..<(y * bitmap.bytesPerRow + width * 4)] }
        }
        #expect(try pixels(of: held.node) == expected, "the held image drew other pixels than the bitmap's")
        #expect(try pixels(of: recorded.node) == expected, "the recording drew other pixels than the bitmap's")
    }

    /// An opaque gradient bitmap: blue follows x, green follows y.
    static func gradientBitmap(width: Int, height: Int, scale: DisplayScale) throws -> Bitmap {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                bytes[index] = UInt8(x * 2 % 256)
                bytes[index + 1] = UInt8(y * 2 % 256)
                bytes[index + 2] = UInt8((x + y) % 256)
            }
        }
        return try #require(bytes.withUnsafeBytes {
            Bitmap(copying: $0, pixelSize: PixelSize(width: width, height: height), bytesPerRow: width * 4, scale: scale, opaque: true)
        })
    }
}
