import FlickCore
import FlickRaster
import FlickTestSupport
import Testing

@Suite("PNG round trip: Bitmap.pngData → ImageDecoder")
struct PNGRoundTripTests {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test(arguments: [ImageFixtures.Pattern.gradient, .checkerboard(cell: 3), .quadrants])
    func opaqueImagesComeBackExactly(pattern: ImageFixtures.Pattern) throws {
        let original = ImageFixtures.bitmap(pattern, width: 97, height: 61)
        let png = try original.pngData()
        #expect(png.starts(with: Self.signature))
        let decoded = try ImageDecoder.decode(png)
        try #require(decoded.pixelSize == original.pixelSize)
        var worst = 0
        for y in 0..<61 {
            for x in 0..<97 { worst = max(worst, decoded.pixel(x: x, y: y).maxChannelDifference(to: original.pixel(x: x, y: y))) }
        }
        #expect(worst == 0)
    }

    @Test(arguments: [ImageFixtures.Pattern.gradient, .checkerboard(cell: 3), .quadrants])
    func alphaImagesComeBackWithinOneStepOfPremultiplication(pattern: ImageFixtures.Pattern) throws {
        // Cairo writes straight alpha (dividing out the premultiplication) and the decoder
        // premultiplies again; each step rounds, so ±1 per channel is the honest bound.
        let original = ImageFixtures.bitmap(pattern, width: 97, height: 61, alpha: true)
        let decoded = try ImageDecoder.decode(try original.pngData())
        try #require(decoded.pixelSize == original.pixelSize)
        var worst = 0
        var alphaDiffers = 0
        for y in 0..<61 {
            for x in 0..<97 {
                let (a, b) = (decoded.pixel(x: x, y: y), original.pixel(x: x, y: y))
                worst = max(worst, a.maxChannelDifference(to: b))
                if a.alpha != b.alpha { alphaDiffers += 1 }
            }
        }
        #expect(worst <= 1)
        #expect(alphaDiffers == 0, "alpha itself is stored exactly")
    }

    @Test func transparentAndHalfTransparentPixelsSurvive() throws {
        let decoded = try ImageDecoder.decode(ImageFixtures.encoded(.quadrants, width: 40, height: 40, alpha: true, as: .png))
        #expect(decoded.pixel(x: 30, y: 30) == Pixel(alpha: 0, red: 0, green: 0, blue: 0))
        let half = decoded.pixel(x: 30, y: 5)
        #expect(half.maxChannelDifference(to: Pixel(alpha: 128, red: 0, green: 128, blue: 0)) <= 1, "\(half)")
        #expect(decoded.pixel(x: 5, y: 5) == Pixel(alpha: 255, red: 255, green: 0, blue: 0))
    }

    @Test func headerReportsAlphaOnlyWhenThePixelsHaveIt() throws {
        let opaque = try ImageDecoder.header(of: ImageFixtures.encoded(.gradient, width: 20, height: 10, as: .png))
        let translucent = try ImageDecoder.header(of: ImageFixtures.encoded(.gradient, width: 20, height: 10, alpha: true, as: .png))
        #expect(opaque.format == .png && translucent.format == .png)
        #expect(opaque.pixelSize == PixelSize(width: 20, height: 10))
        #expect(translucent.pixelSize == PixelSize(width: 20, height: 10))
        #expect(!opaque.hasAlpha)
        #expect(translucent.hasAlpha)
    }

    @Test func decodedBitmapDeclaresTheRequestedScale() throws {
        let png = ImageFixtures.encoded(.gradient, width: 60, height: 30, as: .png)
        let decoded = try ImageDecoder.decode(png, options: DecodeOptions(scale: .three))
        #expect(decoded.scale == .three)
        #expect(decoded.pixelSize == PixelSize(width: 60, height: 30))
        #expect(decoded.pointSize == Size(width: 20, height: 10))
    }

    @Test func bitmapAtAnotherScaleEncodesTheSamePixels() throws {
        let bitmap = ImageFixtures.bitmap(.checkerboard(cell: 2), width: 8, height: 8)
        #expect(try bitmap.pngData() == (try bitmap.withScale(.two).pngData()))
    }

    @Test func pngEncoderAndPNGDataAgree() throws {
        let bitmap = ImageFixtures.bitmap(.gradient, width: 16, height: 16, alpha: true)
        #expect(try ImageEncoder.encode(bitmap, as: .png) == (try bitmap.pngData()))
    }
}
