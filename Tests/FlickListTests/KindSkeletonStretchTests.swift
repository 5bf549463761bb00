import FlickCore
import FlickList
import FlickRaster
import Testing

/// A kind skeleton shorter than its row covers the row: its top, copies of its body, its
/// lower part at the row's end — never the generic tile, never its header twice.
@Suite("Kind skeleton stretch")
@MainActor
struct KindSkeletonStretchTests {
    static let header = Pixel(alpha: 255, red: 255, green: 0, blue: 0)
    static let body = Pixel(alpha: 255, red: 0, green: 255, blue: 0)
    static let tail = Pixel(alpha: 255, red: 0, green: 0, blue: 255)

    /// A 150 pt skeleton: header red (0–64), body green (64–90, the 60 % seam), tail blue.
    static func skeleton() -> Bitmap {
        let canvas = Canvas(size: Size(width: 40, height: 150), scale: .one)
        canvas.fill(Rect(x: 0, y: 0, width: 40, height: 64), Color(red: 1, green: 0, blue: 0))
        canvas.fill(Rect(x: 0, y: 64, width: 40, height: 26), Color(red: 0, green: 1, blue: 0))
        canvas.fill(Rect(x: 0, y: 90, width: 40, height: 60), Color(red: 0, green: 0, blue: 1))
        return canvas.makeBitmap()
    }

    @Test(arguments: [150.0, 170.0, 400.0, 900.0])
    func aTallerRowShowsTheSkeletonsShapeToItsEnd(rowHeight: Double) {
        let tile = Canvas(size: Size(width: 40, height: 20), scale: .one)
        tile.fill(tile.bounds, Color(hex: 0x777777))
        let compositor = Compositor(viewport: Size(width: 40, height: 1000), scale: .one, placeholder: tile.makeBitmap())
        var stats = FrameStats()
        let row = Compositor.Row(
            index: 0, top: 0, height: rowHeight, full: nil, fullIsStale: false, skeleton: nil,
            kindSkeleton: KindSkeleton(bitmap: Self.skeleton(), kind: 1))
        compositor.compose([row], stats: &stats)
        #expect(stats.rowsPlaceholder == 0 && stats.placeholderPixels == 0, "no generic tile in a \(rowHeight) pt row")
        let frame = compositor.snapshot()
        let column = (0..<Int(rowHeight)).map { frame.pixel(x: 20, y: $0) }
        #expect(column[0..<64].allSatisfy { $0 == Self.header })
        #expect(!column[64...].contains(Self.header), "the header shows once")
        #expect(column[Int(rowHeight) - 1] == Self.tail, "the row ends with the skeleton's end")
        #expect(column.allSatisfy { [Self.header, Self.body, Self.tail].contains($0) })
    }

    @Test func stretchNeedsABodyAndBoundsItsCopies() {
        #expect(Compositor.canStretch(150, to: 900))
        #expect(!Compositor.canStretch(100, to: 400), "a 100 pt skeleton has no body past its header")
        #expect(!Compositor.canStretch(150, to: 150 + 26 * 49), "at most 48 copies of a body")
    }
}
