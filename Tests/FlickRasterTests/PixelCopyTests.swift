import FlickCore
import FlickTestSupport
import Testing
@testable import FlickRaster

@Suite("Canvas pixel copy")
struct PixelCopyTests {
    /// `copyPixels` must give exactly what Cairo's `copy` gives, at the edges too.
    @Test(arguments: [Point(x: 3, y: 4), Point(x: -5, y: -7.5), Point(x: 30, y: 20), Point(x: 0.5, y: 0.25)])
    func copyPixelsMatchesCairosCopy(origin: Point) {
        let layer = ImageFixtures.bitmap(.quadrants, width: 40, height: 30, alpha: false).withScale(DisplayScale(2))
        let cairo = Canvas(size: Size(width: 40, height: 30), scale: DisplayScale(2), opaqueBackground: Color(hex: 0x336699))
        let direct = Canvas(size: Size(width: 40, height: 30), scale: DisplayScale(2), opaqueBackground: Color(hex: 0x336699))
        cairo.copy(layer, at: origin)
        direct.copyPixels(layer, at: origin)
        let expected = cairo.snapshot()
        let actual = direct.snapshot()
        var mismatches = 0
        for y in 0..<expected.pixelSize.height {
            for x in 0..<expected.pixelSize.width where expected.pixel(x: x, y: y) != actual.pixel(x: x, y: y) { mismatches += 1 }
        }
        #expect(mismatches == 0)
        // And it drew something: some pixel is no longer the background.
        let background = Canvas(size: Size(width: 1, height: 1), scale: .one, opaqueBackground: Color(hex: 0x336699)).snapshot().pixel(x: 0, y: 0)
        var changed = 0
        for y in 0..<actual.pixelSize.height {
            for x in 0..<actual.pixelSize.width where actual.pixel(x: x, y: y) != background { changed += 1 }
        }
        #expect(changed > 100)
    }

    @Test func drawingAfterADirectCopyStillWorks() {
        let canvas = Canvas(size: Size(width: 10, height: 10), scale: .one, opaqueBackground: .white)
        let layer = ImageFixtures.bitmap(.quadrants, width: 10, height: 10, alpha: false)
        canvas.copyPixels(layer, at: Point(x: 0, y: 0))
        canvas.fill(Rect(x: 0, y: 0, width: 2, height: 2), Color(hex: 0x000000))
        let result = canvas.snapshot()
        #expect(result.pixel(x: 1, y: 1).red == 0)
        #expect(result.pixel(x: 8, y: 8) == layer.pixel(x: 8, y: 8))
    }
}
