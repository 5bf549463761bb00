import FlickCore
import FlickRaster
import FlickTestSupport
import Testing

@Suite("Canvas and Bitmap")
struct CanvasTests {
    static let transparent = Pixel(alpha: 0, red: 0, green: 0, blue: 0)
    static let opaqueRed = Pixel(alpha: 255, red: 255, green: 0, blue: 0)

    private func allPixels(_ bitmap: Bitmap, _ check: (Int, Int, Pixel) -> Bool) -> Bool {
        for y in 0..<bitmap.pixelSize.height {
            for x in 0..<bitmap.pixelSize.width where !check(x, y, bitmap.pixel(x: x, y: y)) { return false }
        }
        return true
    }

    // MARK: Sizes

    @Test(arguments: [(DisplayScale.one, 11, 5), (.two, 21, 10), (.three, 31, 15)])
    func pointSizeBecomesWholePixelsRoundedUp(scale: DisplayScale, width: Int, height: Int) {
        let canvas = Canvas(size: Size(width: 10.3, height: 5), scale: scale)
        #expect(canvas.pixelSize == PixelSize(width: width, height: height))
        #expect(canvas.bounds.size == Size(width: Double(width) / scale.value, height: Double(height) / scale.value))
        let bitmap = canvas.makeBitmap()
        #expect(bitmap.pixelSize == PixelSize(width: width, height: height))
        #expect(bitmap.scale == scale)
        #expect(bitmap.pointSize == canvas.bounds.size)
    }

    @Test func bitmapRowsFollowCairoStride() {
        let bitmap = Canvas(pixelSize: PixelSize(width: 13, height: 7), scale: .one).makeBitmap()
        #expect(bitmap.bytesPerRow >= 13 * 4)
        #expect(bitmap.bytesPerRow % 4 == 0)
        #expect(bitmap.byteCount == bitmap.bytesPerRow * 7)
        #expect(bitmap.withUnsafeBytes { $0.count } == bitmap.byteCount)
    }

    @Test func zeroSizedCanvasMakesAnEmptyBitmap() {
        let bitmap = Canvas(size: .zero, scale: .two).makeBitmap()
        #expect(bitmap.pixelSize == PixelSize(width: 0, height: 0))
        #expect(bitmap.byteCount == 0)
    }

    @Test func makeBitmapTwiceIsRefused() async {
        await #expect(processExitsWith: .failure) {
            let canvas = Canvas(pixelSize: PixelSize(width: 2, height: 2), scale: .one)
            _ = canvas.makeBitmap()
            _ = canvas.makeBitmap()
        }
    }

    @Test func readingAPixelOutsideTheBitmapIsRefused() async {
        await #expect(processExitsWith: .failure) {
            _ = Canvas(pixelSize: PixelSize(width: 2, height: 2), scale: .one).makeBitmap().pixel(x: 2, y: 0)
        }
    }

    // MARK: Fills

    @Test func newCanvasIsTransparent() {
        let bitmap = Canvas(pixelSize: PixelSize(width: 9, height: 4), scale: .one).makeBitmap()
        #expect(allPixels(bitmap) { _, _, pixel in pixel == Self.transparent })
    }

    @Test func opaqueFillLandsOnExactBytes() {
        let canvas = Canvas(pixelSize: PixelSize(width: 4, height: 4), scale: .one)
        canvas.fill(canvas.bounds, Color(hex: 0xEB7350))
        let bitmap = canvas.makeBitmap()
        #expect(allPixels(bitmap) { _, _, pixel in pixel == Pixel(alpha: 255, red: 0xEB, green: 0x73, blue: 0x50) })
    }

    @Test func halfTransparentRedIsStoredPremultiplied() {
        let canvas = Canvas(pixelSize: PixelSize(width: 2, height: 2), scale: .one)
        canvas.fill(canvas.bounds, Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(canvas.makeBitmap().pixel(x: 1, y: 1) == Pixel(alpha: 128, red: 128, green: 0, blue: 0))
    }

    @Test func translucentFillBlendsOverWhatIsThere() {
        let canvas = Canvas(pixelSize: PixelSize(width: 2, height: 2), scale: .one)
        canvas.fill(canvas.bounds, .white)
        canvas.fill(canvas.bounds, Color.black.withAlpha(0.5))
        let pixel = canvas.makeBitmap().pixel(x: 0, y: 0)
        #expect(pixel.alpha == 255)
        #expect(pixel.maxChannelDifference(to: Pixel(alpha: 255, red: 127, green: 127, blue: 127)) <= 1, "\(pixel)")
    }

    @Test func pointRectsCoverTheirDevicePixelsAtTwoX() {
        let canvas = Canvas(pixelSize: PixelSize(width: 6, height: 6), scale: .two)
        canvas.fill(Rect(x: 1, y: 1, width: 1, height: 1), Color(hex: 0xFF0000))
        canvas.fill(Rect(x: 0.5, y: 2.5, width: 0.5, height: 0.5), Color(hex: 0xFF0000))
        let bitmap = canvas.makeBitmap()
        let painted: Set<[Int]> = [[2, 2], [3, 2], [2, 3], [3, 3], [1, 5]]
        #expect(allPixels(bitmap) { x, y, pixel in pixel == (painted.contains([x, y]) ? Self.opaqueRed : Self.transparent) })
    }

    @Test func clearMakesEveryPixelTransparent() {
        let canvas = Canvas(pixelSize: PixelSize(width: 5, height: 5), scale: .one)
        canvas.fill(canvas.bounds, .white)
        canvas.clear()
        #expect(allPixels(canvas.makeBitmap()) { _, _, pixel in pixel == Self.transparent })
    }

    @Test func translateMovesLaterDrawing() {
        let canvas = Canvas(pixelSize: PixelSize(width: 8, height: 8), scale: .two)
        canvas.translate(dx: 2, dy: 1)
        canvas.fill(Rect(x: 0, y: 0, width: 0.5, height: 0.5), Color(hex: 0xFF0000))
        let bitmap = canvas.makeBitmap()
        #expect(allPixels(bitmap) { x, y, pixel in pixel == (x == 4 && y == 2 ? Self.opaqueRed : Self.transparent) })
    }

    // MARK: Clips and shapes

    @Test func ellipseClipLeavesCornersTransparent() {
        let canvas = Canvas(pixelSize: PixelSize(width: 100, height: 60), scale: .one)
        canvas.clip(toEllipseIn: canvas.bounds)
        canvas.fill(canvas.bounds, Color(hex: 0xFF0000))
        let bitmap = canvas.makeBitmap()
        for (x, y) in [(0, 0), (99, 0), (0, 59), (99, 59), (8, 8), (91, 51)] {
            #expect(bitmap.pixel(x: x, y: y) == Self.transparent, "(\(x), \(y))")
        }
        for (x, y) in [(50, 30), (50, 1), (1, 30), (98, 30), (50, 58)] {
            #expect(bitmap.pixel(x: x, y: y) == Self.opaqueRed, "(\(x), \(y))")
        }
    }

    @Test func roundedRectClipCutsOnlyTheCorners() {
        let canvas = Canvas(pixelSize: PixelSize(width: 40, height: 40), scale: .two)
        canvas.clip(to: canvas.bounds, cornerRadius: 5)  // 10 px
        canvas.fill(canvas.bounds, Color(hex: 0xFF0000))
        let bitmap = canvas.makeBitmap()
        for (x, y) in [(0, 0), (39, 0), (0, 39), (39, 39), (1, 1)] {
            #expect(bitmap.pixel(x: x, y: y) == Self.transparent, "(\(x), \(y))")
        }
        for (x, y) in [(20, 0), (0, 20), (39, 20), (20, 39), (10, 10)] {
            #expect(bitmap.pixel(x: x, y: y) == Self.opaqueRed, "(\(x), \(y))")
        }
    }

    @Test func savedStateRestoresTheClip() {
        let canvas = Canvas(pixelSize: PixelSize(width: 10, height: 10), scale: .one)
        canvas.withSavedState {
            canvas.clip(to: Rect(x: 0, y: 0, width: 5, height: 5))
            canvas.fill(canvas.bounds, Color(hex: 0x00FF00))
        }
        canvas.fill(Rect(x: 5, y: 5, width: 5, height: 5), Color(hex: 0xFF0000))
        let bitmap = canvas.makeBitmap()
        #expect(bitmap.pixel(x: 2, y: 2) == Pixel(alpha: 255, red: 0, green: 255, blue: 0))
        #expect(bitmap.pixel(x: 7, y: 7) == Self.opaqueRed)
        #expect(bitmap.pixel(x: 7, y: 2) == Self.transparent)
    }

    @Test func shapesPaintInsideAndLeaveOutsideAlone() {
        let canvas = Canvas(pixelSize: PixelSize(width: 40, height: 40), scale: .one)
        canvas.fillEllipse(in: Rect(x: 0, y: 0, width: 20, height: 20), Color(hex: 0xFF0000))
        canvas.fillRoundedRect(Rect(x: 20, y: 0, width: 20, height: 20), radius: 6, Color(hex: 0xFF0000))
        canvas.fillPolygon([Point(x: 0, y: 20), Point(x: 20, y: 20), Point(x: 0, y: 40)], Color(hex: 0xFF0000))
        canvas.strokeLine(from: Point(x: 20, y: 30), to: Point(x: 40, y: 30), lineWidth: 2, Color(hex: 0xFF0000))
        let bitmap = canvas.makeBitmap()
        // Inside each shape.
        for (x, y) in [(10, 10), (30, 10), (26, 1), (3, 23), (30, 29), (30, 30)] {
            #expect(bitmap.pixel(x: x, y: y) == Self.opaqueRed, "(\(x), \(y))")
        }
        // Outside: the ellipse's corner, the rounded rect's corner, across the triangle's
        // hypotenuse, beside the line.
        for (x, y) in [(0, 0), (39, 0), (16, 36), (30, 27), (30, 32)] {
            #expect(bitmap.pixel(x: x, y: y) == Self.transparent, "(\(x), \(y))")
        }
    }

    @Test func strokesFollowTheOutlineOnly() {
        let canvas = Canvas(pixelSize: PixelSize(width: 40, height: 20), scale: .one)
        canvas.strokeRoundedRect(Rect(x: 1, y: 1, width: 18, height: 18), radius: 0, lineWidth: 2, Color(hex: 0xFF0000))
        canvas.strokeEllipse(in: Rect(x: 21, y: 1, width: 18, height: 18), lineWidth: 2, Color(hex: 0xFF0000))
        canvas.strokePath([Point(x: 0, y: 10), Point(x: 2, y: 10)], lineWidth: 1, Color(hex: 0x00FF00))
        let bitmap = canvas.makeBitmap()
        #expect(bitmap.pixel(x: 10, y: 0) == Self.opaqueRed)
        #expect(bitmap.pixel(x: 19, y: 10) == Self.opaqueRed)
        #expect(bitmap.pixel(x: 10, y: 10) == Self.transparent)
        #expect(bitmap.pixel(x: 30, y: 0).alpha > 128)
        #expect(bitmap.pixel(x: 30, y: 10) == Self.transparent)
        #expect(bitmap.pixel(x: 1, y: 9).green > 0)
    }

    // MARK: Drawing bitmaps

    @Test func drawScalesABitmapUpIntoTheRect() {
        let source = ImageFixtures.bitmap(.quadrants, width: 8, height: 8)
        let canvas = Canvas(pixelSize: PixelSize(width: 20, height: 20), scale: .one)
        canvas.draw(source, in: Rect(x: 2, y: 2, width: 16, height: 16))
        let bitmap = canvas.makeBitmap()
        // Quadrant interiors keep their colours; the 2 px margin stays empty (no bleed
        // from the padded edges).
        let expected = [((4, 4), (0, 0)), ((15, 4), (7, 0)), ((4, 15), (0, 7)), ((15, 15), (7, 7))]
        for ((x, y), (sx, sy)) in expected {
            let want = ImageFixtures.expectedPixel(.quadrants, x: sx, y: sy, width: 8, height: 8)
            #expect(bitmap.pixel(x: x, y: y).maxChannelDifference(to: want) <= 1, "(\(x), \(y))")
        }
        for (x, y) in [(1, 10), (18, 10), (10, 1), (10, 18), (0, 0), (19, 19)] {
            #expect(bitmap.pixel(x: x, y: y) == Self.transparent, "(\(x), \(y))")
        }
    }

    @Test func drawScalingDownAveragesRatherThanPicksPixels() {
        // A 1 px black/white checkerboard halved must come out grey, not black or white.
        let canvas = Canvas(pixelSize: PixelSize(width: 40, height: 40), scale: .one)
        for y in 0..<40 {
            for x in 0..<40 where (x + y) % 2 == 0 {
                canvas.fill(Rect(x: Double(x), y: Double(y), width: 1, height: 1), .white)
            }
        }
        let checker = canvas.makeBitmap()
        let target = Canvas(pixelSize: PixelSize(width: 20, height: 20), scale: .one)
        target.fill(target.bounds, .black)
        target.draw(checker, in: target.bounds)
        let bitmap = target.makeBitmap()
        for (x, y) in [(5, 5), (10, 10), (14, 3)] {
            let pixel = bitmap.pixel(x: x, y: y)
            #expect(abs(Int(pixel.red) - 128) <= 16 && pixel.alpha == 255, "(\(x), \(y)) is \(pixel)")
        }
    }

    @Test func drawWithAlphaFadesTheBitmap() {
        let source = ImageFixtures.solid(.init(255, 0, 0), width: 4, height: 4)
        let canvas = Canvas(pixelSize: PixelSize(width: 4, height: 4), scale: .one)
        canvas.draw(source, in: canvas.bounds, alpha: 0.5)
        let pixel = canvas.makeBitmap().pixel(x: 2, y: 2)
        #expect(pixel.maxChannelDifference(to: Pixel(alpha: 128, red: 128, green: 0, blue: 0)) <= 1, "\(pixel)")
    }

    @Test func drawingAnEmptyBitmapOrIntoAnEmptyRectDrawsNothing() {
        let empty = Canvas(pixelSize: PixelSize(width: 0, height: 0), scale: .one).makeBitmap()
        let red = ImageFixtures.solid(.init(255, 0, 0), width: 2, height: 2)
        let canvas = Canvas(pixelSize: PixelSize(width: 4, height: 4), scale: .one)
        canvas.draw(empty, in: canvas.bounds)
        canvas.draw(red, in: Rect(x: 1, y: 1, width: 0, height: 2))
        #expect(allPixels(canvas.makeBitmap()) { _, _, pixel in pixel == Self.transparent })
    }

    @Test func withScaleKeepsPixelsAndChangesPointSize() {
        let bitmap = ImageFixtures.bitmap(.gradient, width: 12, height: 6, alpha: true)
        let retina = bitmap.withScale(.three)
        #expect(retina.scale == .three)
        #expect(retina.pixelSize == bitmap.pixelSize)
        #expect(retina.pointSize == Size(width: 4, height: 2))
        #expect(allPixels(retina) { x, y, pixel in pixel == bitmap.pixel(x: x, y: y) })
    }

    // MARK: Values

    @Test func colourAndPixelValuesDescribeThemselves() {
        #expect(Color(hex: 0xEB7350).description == "rgba(235,115,80,255)")
        #expect(Color.white.withAlpha(0.5).description == "rgba(255,255,255,128)")
        #expect(Color.clear.alpha == 0)
        #expect(Pixel(alpha: 1, red: 2, green: 3, blue: 4).description == "argb(1,2,3,4)")
        let a = Pixel(alpha: 255, red: 10, green: 200, blue: 30)
        #expect(a.maxChannelDifference(to: Pixel(alpha: 250, red: 12, green: 180, blue: 30)) == 20)
        #expect(a.maxChannelDifference(to: a) == 0)
    }
}
