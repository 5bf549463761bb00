import FlickCore
import FlickRaster
import FlickTestSupport
import Testing

@Suite("ImageEncoder round trips")
struct ImageEncoderTests {
    static let width = 64
    static let height = 48

    /// The largest channel difference over the interior of each quadrant, `margin` pixels
    /// away from the seams where lossy codecs smear colours together.
    private func worstInQuadrantInteriors(_ bitmap: Bitmap, alpha: Bool = false, margin: Int = 4) -> Int {
        let (w, h) = (bitmap.pixelSize.width, bitmap.pixelSize.height)
        var worst = 0
        for y in 0..<h where y >= margin && y < h - margin && abs(y - h / 2) >= margin {
            for x in 0..<w where x >= margin && x < w - margin && abs(x - w / 2) >= margin {
                let expected = ImageFixtures.expectedPixel(.quadrants, x: x, y: y, width: w, height: h, alpha: alpha)
                worst = max(worst, bitmap.pixel(x: x, y: y).maxChannelDifference(to: expected))
            }
        }
        return worst
    }

    // MARK: JPEG

    @Test func jpegRoundTripKeepsSizeAndColours() throws {
        let bytes = ImageFixtures.encoded(.quadrants, width: Self.width, height: Self.height, as: .jpeg, quality: 90)
        #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(bytes.suffix(2) == [0xFF, 0xD9])
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.pixelSize == PixelSize(width: Self.width, height: Self.height))
        #expect(worstInQuadrantInteriors(decoded) <= 12)
    }

    @Test func jpegGradientStaysCloseEverywhere() throws {
        let decoded = try ImageDecoder.decode(ImageFixtures.encoded(.gradient, width: 80, height: 60, as: .jpeg, quality: 95))
        let worst = ImageFixtures.worstDifference(decoded, from: .gradient)
        #expect(worst.difference <= 12, "worst Δ\(worst.difference) at (\(worst.x), \(worst.y))")
    }

    @Test func jpegIsAlwaysOpaque() throws {
        let bytes = ImageFixtures.encoded(.quadrants, width: 32, height: 32, alpha: true, as: .jpeg)
        #expect(try ImageDecoder.header(of: bytes).hasAlpha == false)
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.pixel(x: 28, y: 28).alpha == 255)
        #expect(decoded.pixel(x: 4, y: 4).alpha == 255)
    }

    @Test func higherJPEGQualityGivesMoreBytesAndLessError() throws {
        let bitmap = ImageFixtures.bitmap(.gradient, width: 80, height: 60)
        let low = ImageFixtures.encoded(bitmap, as: .jpeg, quality: 20)
        let high = ImageFixtures.encoded(bitmap, as: .jpeg, quality: 98)
        #expect(high.count > low.count)
        let lowError = ImageFixtures.worstDifference(try ImageDecoder.decode(low), from: .gradient).difference
        let highError = ImageFixtures.worstDifference(try ImageDecoder.decode(high), from: .gradient).difference
        #expect(highError < lowError)
    }

    // MARK: WebP

    @Test func webpLosslessOpaqueIsExact() throws {
        let bytes = ImageFixtures.encoded(.gradient, width: Self.width, height: Self.height, as: .webp, lossless: true)
        #expect(bytes.starts(with: Array("RIFF".utf8)))
        #expect(Array(bytes[8..<16]) == Array("WEBPVP8L".utf8))
        let decoded = try ImageDecoder.decode(bytes)
        #expect(ImageFixtures.worstDifference(decoded, from: .gradient).difference <= 1)
        let original = ImageFixtures.bitmap(.gradient, width: Self.width, height: Self.height)
        var identical = true
        for y in 0..<Self.height {
            for x in 0..<Self.width where decoded.pixel(x: x, y: y) != original.pixel(x: x, y: y) { identical = false }
        }
        #expect(identical)
    }

    @Test func webpLosslessWithAlphaKeepsAlphaExactly() throws {
        let original = ImageFixtures.bitmap(.gradient, width: Self.width, height: Self.height, alpha: true)
        let decoded = try ImageDecoder.decode(ImageFixtures.encoded(original, as: .webp, lossless: true))
        try #require(decoded.pixelSize == original.pixelSize)
        var worst = 0
        var alphaDiffers = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let (a, b) = (decoded.pixel(x: x, y: y), original.pixel(x: x, y: y))
                worst = max(worst, a.maxChannelDifference(to: b))
                if a.alpha != b.alpha { alphaDiffers += 1 }
            }
        }
        // Un-premultiply on encode, libwebp's premultiply on decode: two roundings.
        #expect(worst <= 1)
        #expect(alphaDiffers == 0)
    }

    @Test func webpLossyKeepsSizeAndColours() throws {
        let bytes = ImageFixtures.encoded(.quadrants, width: Self.width, height: Self.height, as: .webp, quality: 90)
        #expect(Array(bytes[8..<16]) == Array("WEBPVP8 ".utf8))
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.pixelSize == PixelSize(width: Self.width, height: Self.height))
        #expect(worstInQuadrantInteriors(decoded) <= 12)
    }

    @Test func webpLossyWithAlphaKeepsTransparency() throws {
        let bytes = ImageFixtures.encoded(.quadrants, width: Self.width, height: Self.height, alpha: true, as: .webp, quality: 90)
        #expect(try ImageDecoder.header(of: bytes).hasAlpha)
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.pixel(x: 50, y: 40) == Pixel(alpha: 0, red: 0, green: 0, blue: 0))
        #expect(decoded.pixel(x: 50, y: 8).alpha == 128)
        #expect(worstInQuadrantInteriors(decoded, alpha: true) <= 12)
    }

    @Test func webpRefusesImagesBeyondItsSideLimit() throws {
        // WebP stores sides in 14 bits (≤ 16383 px); the encoder must fail, not truncate.
        let wide = Canvas(pixelSize: PixelSize(width: 16_384, height: 1), scale: .one).makeBitmap()
        do {
            _ = try ImageEncoder.encode(wide, as: .webp)
            Issue.record("a 16384 px wide WebP was written")
        } catch {
            #expect(error.format == .webp)
            #expect(error.description.hasPrefix("WEBP encoding failed"))
        }
    }

    // MARK: PNG

    @Test func pngRoundTripIsExact() throws {
        let original = ImageFixtures.bitmap(.checkerboard(cell: 5), width: Self.width, height: Self.height)
        let decoded = try ImageDecoder.decode(ImageFixtures.encoded(original, as: .png))
        #expect(ImageFixtures.worstDifference(decoded, from: .checkerboard(cell: 5)).difference == 0)
    }

    @Test(arguments: ImageFormat.allCases)
    func everyFormatSniffsBackAsItself(format: ImageFormat) {
        let bytes = ImageFixtures.encoded(.gradient, width: 10, height: 10, as: format)
        #expect(ImageFormat.sniff(bytes) == format)
    }
}
