import FlickCore
@testable import FlickRaster
import FlickTestSupport
import Testing

@Suite("ImageProcessor")
struct ImageProcessorTests {
    static let orange = Pixel(alpha: 255, red: 0xEB, green: 0x73, blue: 0x50)
    static let navy = Pixel(alpha: 255, red: 0x1E, green: 0x3A, blue: 0x8A)
    static let red = Pixel(alpha: 255, red: 255, green: 0, blue: 0)
    static let clear = Pixel(alpha: 0, red: 0, green: 0, blue: 0)

    private func near(_ a: Pixel, _ b: Pixel, _ tolerance: Int = 2) -> Bool { a.maxChannelDifference(to: b) <= tolerance }

    private func sameBitmaps(_ a: Bitmap, _ b: Bitmap) -> Bool {
        guard a.pixelSize == b.pixelSize, a.scale == b.scale else { return false }
        for y in 0..<a.pixelSize.height {
            for x in 0..<a.pixelSize.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { return false }
        }
        return true
    }

    // MARK: aspectFill

    @Test func aspectFillCropsTheCentreToTheExactSize() {
        // 400×200 of 100 px checker cells: columns orange, navy, orange, navy on the top row.
        let source = ImageFixtures.bitmap(.checkerboard(cell: 100), width: 400, height: 200, scale: .two)
        let filled = ImageProcessor.aspectFill(PixelSize(width: 100, height: 100)).process(source)
        #expect(filled.pixelSize == PixelSize(width: 100, height: 100))
        #expect(filled.scale == .two)
        // Scaled by ½ and centred, the middle two columns show: navy | orange on top,
        // orange | navy below. A squashed (uncropped) image would start with orange.
        #expect(near(filled.pixel(x: 10, y: 10), Self.navy), "\(filled.pixel(x: 10, y: 10))")
        #expect(near(filled.pixel(x: 90, y: 10), Self.orange))
        #expect(near(filled.pixel(x: 10, y: 90), Self.orange))
        #expect(near(filled.pixel(x: 90, y: 90), Self.navy))
    }

    @Test func aspectFillOfATallImageCropsTopAndBottom() {
        let source = ImageFixtures.bitmap(.checkerboard(cell: 60), width: 60, height: 180)  // orange, navy, orange
        let filled = ImageProcessor.aspectFill(PixelSize(width: 30, height: 30)).process(source)
        #expect(filled.pixelSize == PixelSize(width: 30, height: 30))
        #expect(near(filled.pixel(x: 15, y: 2), Self.navy))
        #expect(near(filled.pixel(x: 15, y: 27), Self.navy))
    }

    @Test func aspectFillCoverRectCentresTheScaledSource() {
        let cover = ImageProcessor.coverRect(source: PixelSize(width: 400, height: 200), target: PixelSize(width: 100, height: 100))
        #expect(cover == Rect(x: -50, y: 0, width: 200, height: 100))
        let same = ImageProcessor.coverRect(source: PixelSize(width: 30, height: 20), target: PixelSize(width: 30, height: 20))
        #expect(same == Rect(x: 0, y: 0, width: 30, height: 20))
    }

    @Test func aspectFillToAnEmptySizeReturnsTheBitmapUntouched() {
        let source = ImageFixtures.bitmap(.gradient, width: 10, height: 10)
        #expect(ImageProcessor.aspectFill(PixelSize(width: 0, height: 10)).process(source) === source)
    }

    // MARK: circle

    @Test func circleIsTheCentredSquareOfTheShortSideWithTransparentCorners() {
        let source = ImageFixtures.solid(.init(255, 0, 0), width: 120, height: 80)
        let circle = ImageProcessor.circle(borderWidth: 0, borderColor: .white).process(source)
        #expect(circle.pixelSize == PixelSize(width: 80, height: 80))
        for (x, y) in [(0, 0), (79, 0), (0, 79), (79, 79), (8, 8), (71, 71)] {
            #expect(circle.pixel(x: x, y: y) == Self.clear, "(\(x), \(y))")
        }
        for (x, y) in [(40, 40), (40, 1), (1, 40), (78, 40), (40, 78)] {
            #expect(circle.pixel(x: x, y: y) == Self.red, "(\(x), \(y))")
        }
    }

    @Test func circleCropsTheCentreRatherThanSquashing() {
        let source = ImageFixtures.bitmap(.checkerboard(cell: 100), width: 300, height: 100)  // orange, navy, orange
        let circle = ImageProcessor.circle(borderWidth: 0, borderColor: .white).process(source)
        #expect(circle.pixelSize == PixelSize(width: 100, height: 100))
        #expect(near(circle.pixel(x: 50, y: 50), Self.navy))
        #expect(near(circle.pixel(x: 10, y: 50), Self.navy), "squashed, this would be orange")
    }

    @Test func circleBorderIsDrawnInsideTheEdgeInPoints() {
        // 80×80 px at @2x = 40 pt; a 2 pt border is 4 px wide.
        let source = ImageFixtures.solid(.init(255, 0, 0), width: 80, height: 80).withScale(.two)
        let blue = Pixel(alpha: 255, red: 0, green: 0, blue: 255)
        let circle = ImageProcessor.circle(borderWidth: 2, borderColor: Color(hex: 0x0000FF)).process(source)
        #expect(circle.pixelSize == PixelSize(width: 80, height: 80))
        #expect(circle.scale == .two)
        for (x, y) in [(40, 1), (40, 2), (1, 40), (78, 40), (40, 77)] {
            #expect(near(circle.pixel(x: x, y: y), blue, 8), "(\(x), \(y)) \(circle.pixel(x: x, y: y))")
        }
        #expect(circle.pixel(x: 40, y: 6) == Self.red)
        #expect(circle.pixel(x: 40, y: 40) == Self.red)
        #expect(circle.pixel(x: 0, y: 0) == Self.clear)
    }

    @Test func circleWithoutBorderHasNoBorderColour() {
        let source = ImageFixtures.solid(.init(255, 0, 0), width: 80, height: 80)
        let circle = ImageProcessor.circle(borderWidth: 0, borderColor: Color(hex: 0x0000FF)).process(source)
        #expect(circle.pixel(x: 40, y: 1) == Self.red)
    }

    // MARK: roundedCorners

    @Test func roundedCornersClearOnlyTheCorners() {
        let source = ImageFixtures.bitmap(.gradient, width: 60, height: 40)
        let rounded = ImageProcessor.roundedCorners(radius: 10).process(source)
        #expect(rounded.pixelSize == source.pixelSize)
        for (x, y) in [(0, 0), (59, 0), (0, 39), (59, 39), (1, 1)] {
            #expect(rounded.pixel(x: x, y: y) == Self.clear, "(\(x), \(y))")
        }
        for (x, y) in [(30, 20), (30, 0), (0, 20), (59, 20), (30, 39), (10, 10)] {
            #expect(rounded.pixel(x: x, y: y) == source.pixel(x: x, y: y), "(\(x), \(y))")
        }
    }

    @Test func roundedCornerRadiusIsInPoints() {
        // radius 5 pt at @3x = 15 px: pixel (2, 2) lies outside the arc; at @1x (5 px) inside.
        let source = ImageFixtures.solid(.init(255, 0, 0), width: 60, height: 60).withScale(.three)
        let rounded = ImageProcessor.roundedCorners(radius: 5).process(source)
        #expect(rounded.pixel(x: 2, y: 2) == Self.clear)
        #expect(rounded.pixel(x: 15, y: 15) == Self.red)
        let oneX = ImageProcessor.roundedCorners(radius: 5).process(ImageFixtures.solid(.init(255, 0, 0), width: 60, height: 60))
        #expect(oneX.pixel(x: 2, y: 2) == Self.red)
    }

    @Test func zeroRadiusReturnsTheBitmapUntouched() {
        let source = ImageFixtures.bitmap(.gradient, width: 10, height: 10)
        #expect(ImageProcessor.roundedCorners(radius: 0).process(source) === source)
    }

    // MARK: Cache keys

    @Test func descriptionsAreStableCacheKeys() {
        #expect(ImageProcessor.aspectFill(PixelSize(width: 100, height: 80)).description == "fill(100x80)")
        #expect(ImageProcessor.circle(borderWidth: 2, borderColor: .white).description == "circle(2.0,rgba(255,255,255,255))")
        #expect(ImageProcessor.roundedCorners(radius: 8).description == "corners(8.0)")
    }

    @Test func differentProcessorsHaveDifferentDescriptions() {
        let processors: [ImageProcessor] = [
            .aspectFill(PixelSize(width: 100, height: 80)), .aspectFill(PixelSize(width: 80, height: 100)),
            .aspectFill(PixelSize(width: 10, height: 80)), .aspectFill(PixelSize(width: 108, height: 0)),
            .circle(borderWidth: 0, borderColor: .white), .circle(borderWidth: 1, borderColor: .white),
            .circle(borderWidth: 1, borderColor: .black), .circle(borderWidth: 1, borderColor: Color.white.withAlpha(0.5)),
            .roundedCorners(radius: 8), .roundedCorners(radius: 8.5), .roundedCorners(radius: 0),
        ]
        #expect(Set(processors.map(\.description)).count == processors.count)
    }

    // MARK: Opacity

    @Test func onlyAFlattenOntoAnOpaqueColourMakesOpaqueWhateverTheInput() {
        let circle = ImageProcessor.circle(borderWidth: 0, borderColor: .white).process(
            ImageFixtures.bitmap(.gradient, width: 40, height: 40))
        #expect(!circle.isFullyOpaque)
        let flatten = ImageProcessor.flatten(onto: .white)
        #expect(flatten.makesOpaque)
        #expect(flatten.process(circle).isFullyOpaque, "the promise holds for a translucent input")
        #expect(!ImageProcessor.flatten(onto: .clear).makesOpaque)
        #expect(!ImageProcessor.circle(borderWidth: 0, borderColor: .white).makesOpaque)
        #expect(!ImageProcessor.roundedCorners(radius: 4).makesOpaque)
        #expect(!ImageProcessor.aspectFill(PixelSize(width: 4, height: 4)).makesOpaque)
    }

    // MARK: Chains

    @Test func applyRunsProcessorsInOrder() {
        let source = ImageFixtures.bitmap(.gradient, width: 90, height: 60)
        let chain: [ImageProcessor] = [.aspectFill(PixelSize(width: 40, height: 20)), .circle(borderWidth: 0, borderColor: .white)]
        let chained = ImageProcessor.apply(chain, to: source)
        let byHand = ImageProcessor.circle(borderWidth: 0, borderColor: .white).process(
            ImageProcessor.aspectFill(PixelSize(width: 40, height: 20)).process(source))
        #expect(sameBitmaps(chained, byHand))
        #expect(chained.pixelSize == PixelSize(width: 20, height: 20))
        let reversed = ImageProcessor.apply(chain.reversed(), to: source)
        #expect(reversed.pixelSize == PixelSize(width: 40, height: 20))
    }

    @Test func applyingNoProcessorsReturnsTheBitmap() {
        let source = ImageFixtures.bitmap(.gradient, width: 10, height: 10)
        #expect(ImageProcessor.apply([], to: source) === source)
    }
}
