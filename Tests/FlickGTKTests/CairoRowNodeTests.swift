import CGtk4
import Flick
@testable import FlickGTK
import Foundation
import Testing

/// A Cairo row node refers to the bitmap's own pixels: making one copies nothing, and the
/// bitmap lives exactly as long as the node and its surface.
extension FlickListViewTests {
    @Test func aCairoRowNodeRefersToTheBitmapWithoutCopyingIt() throws {
        try #require(GtkHost.initialize(), "GTK cannot open a display: run under xvfb-run (make test does)")
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
