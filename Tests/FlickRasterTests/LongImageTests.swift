import FlickCore
@testable import FlickRaster
import FlickTestSupport
import Testing

/// Weibo's "long images" (长图) are screenshots like 1080×40000 px: past Cairo's 32767 px
/// surface side, where Cairo silently reads nothing and a Canvas cannot exist.
@Suite("Bitmaps beyond Cairo's 32767 px side")
struct LongImageTests {
    typealias RGBA = ImageFixtures.RGBA
    static let red = Pixel(alpha: 255, red: 255, green: 0, blue: 0)
    static let green = Pixel(alpha: 255, red: 0, green: 255, blue: 0)
    static let blue = Pixel(alpha: 255, red: 0, green: 0, blue: 255)

    static func third(_ position: Int, of length: Int) -> RGBA {
        position < length / 3 ? RGBA(255, 0, 0) : position < 2 * length / 3 ? RGBA(0, 255, 0) : RGBA(0, 0, 255)
    }

    /// 40000×4: red, green, blue thirds from left to right.
    static let wide = HandBuilt.storedPNG(width: 40_000, height: 4) { x, _ in third(x, of: 40_000) }
    /// 6×40000: red, green, blue thirds from top to bottom.
    static let tall = HandBuilt.storedPNG(width: 6, height: 40_000) { _, y in third(y, of: 40_000) }

    @Test func tilesCoverTheBitmapExactlyOnce() {
        let bitmap = ImageFixtures.bitmap(.gradient, width: 10, height: 7)
        #expect(bitmap.sourceTiles() == [Bitmap.Tile(x: 0, y: 0, width: 10, height: 7)])
        let tiles = bitmap.sourceTiles(side: 4)
        #expect(tiles.count == 6)
        #expect(tiles.allSatisfy { $0.width <= 4 && $0.height <= 4 && $0.width > 0 && $0.height > 0 })
        #expect(tiles.map { $0.width * $0.height }.reduce(0, +) == 70)
        #expect(Set(tiles.map { [$0.x, $0.y] }) == [[0, 0], [4, 0], [8, 0], [0, 4], [4, 4], [8, 4]])
    }

    @Test func wideImageDecodesAtFullSize() throws {
        let bitmap = try ImageDecoder.decode(Self.wide)
        #expect(bitmap.pixelSize == PixelSize(width: 40_000, height: 4))
        #expect(bitmap.sourceTiles() == [
            Bitmap.Tile(x: 0, y: 0, width: 16_384, height: 4), Bitmap.Tile(x: 16_384, y: 0, width: 16_384, height: 4),
            Bitmap.Tile(x: 32_768, y: 0, width: 7_232, height: 4),
        ])
        #expect(bitmap.pixel(x: 39_999, y: 3) == Self.blue)
    }

    @Test func tileSeamsLeaveNoTrace() throws {
        // 16385 px: the last tile is 1 px wide and shares an output pixel with the first.
        let png = HandBuilt.storedPNG(width: 16_385, height: 2) { _, _ in RGBA(0, 0, 255) }
        let bitmap = try ImageDecoder.decode(png)
        #expect(bitmap.sourceTiles().count == 2)
        let canvas = Canvas(pixelSize: PixelSize(width: 1000, height: 2), scale: .one)
        canvas.draw(bitmap, in: canvas.bounds)
        let drawn = canvas.makeBitmap()
        let faint = (0..<1000).filter { drawn.pixel(x: $0, y: 1) != Self.blue }
        #expect(faint.isEmpty, "\(faint.map { ($0, drawn.pixel(x: $0, y: 1)) })")
    }

    @Test func wideBitmapDrawsEveryTile() throws {
        let bitmap = try ImageDecoder.decode(Self.wide)
        let canvas = Canvas(pixelSize: PixelSize(width: 120, height: 4), scale: .one)
        canvas.draw(bitmap, in: canvas.bounds)
        let drawn = canvas.makeBitmap()
        // Output x 110 reads source x ≈ 36,700: the second tile.
        for (x, expected) in [(20, Self.red), (60, Self.green), (90, Self.blue), (110, Self.blue)] {
            #expect(drawn.pixel(x: x, y: 2) == expected, "x \(x): \(drawn.pixel(x: x, y: 2))")
        }
    }

    @Test func longScreenshotDrawsEveryTile() throws {
        let bitmap = try ImageDecoder.decode(Self.tall)
        let canvas = Canvas(pixelSize: PixelSize(width: 6, height: 120), scale: .one)
        canvas.draw(bitmap, in: canvas.bounds)
        let drawn = canvas.makeBitmap()
        for (y, expected) in [(20, Self.red), (60, Self.green), (90, Self.blue), (110, Self.blue)] {
            #expect(drawn.pixel(x: 3, y: y) == expected, "y \(y): \(drawn.pixel(x: 3, y: y))")
        }
    }

    @Test func longScreenshotDownsamplesToItsPixelsNotABlank() throws {
        let fit = try ImageDecoder.decode(Self.tall, options: DecodeOptions(target: .fit(PixelSize(width: 3, height: 1000))))
        #expect(fit.pixelSize == PixelSize(width: 1, height: 1000))
        #expect(fit.pixel(x: 0, y: 100) == Self.red)
        #expect(fit.pixel(x: 0, y: 500) == Self.green)
        #expect(fit.pixel(x: 0, y: 900) == Self.blue)
        let fill = try ImageDecoder.decode(Self.tall, options: DecodeOptions(target: .fill(PixelSize(width: 3, height: 3000))))
        #expect(fill.pixelSize == PixelSize(width: 3, height: 20_000))
        #expect(fill.pixel(x: 1, y: 19_000) == Self.blue)
    }

    @Test func aspectFillOfALongScreenshotShowsItsMiddle() throws {
        let bitmap = try ImageDecoder.decode(Self.tall)
        let square = ImageProcessor.aspectFill(PixelSize(width: 6, height: 6)).process(bitmap)
        #expect(square.pixel(x: 3, y: 3) == Self.green)
    }

    @Test func resampledResultOverTheCanvasLimitIsAnErrorNotACrash() throws {
        let png = HandBuilt.storedPNG(width: 10, height: 40_000) { _, y in Self.third(y, of: 40_000) }
        let target = DecodeOptions(target: .fit(PixelSize(width: 9, height: 40_000)))  // 9×36000
        #expect(
            decodingError(png, options: target)
                == .unsupported(.png, reason: "a 9×36000px result is over Cairo's 32767 px side limit"))

        // A JPEG whose nearest DCT scale (7/8: 6×35000) still needs resampling to 5×33333.
        let jpeg = try ImageEncoder.encode(try ImageDecoder.decode(Self.tall), as: .jpeg)
        #expect(try ImageDecoder.header(of: jpeg).pixelSize == PixelSize(width: 6, height: 40_000))
        let jpegTarget = DecodeOptions(target: .fit(PixelSize(width: 5, height: 40_000)))
        #expect(
            decodingError(jpeg, options: jpegTarget)
                == .unsupported(.jpeg, reason: "a 5×33333px result is over Cairo's 32767 px side limit"))
        // Within the limit the same JPEG decodes.
        let small = try ImageDecoder.decode(jpeg, options: DecodeOptions(target: .fit(PixelSize(width: 6, height: 1000))))
        #expect(small.pixelSize == PixelSize(width: 1, height: 1000))
    }

    @Test func pngDataOfABitmapCairoCannotReadIsAnError() throws {
        let bitmap = try ImageDecoder.decode(Self.wide)
        #expect(throws: PNGEncodingError.self) { try bitmap.pngData() }
    }
}
