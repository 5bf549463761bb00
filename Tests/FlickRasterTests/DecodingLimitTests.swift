import FlickCore
import FlickRaster
import FlickTestSupport
import Testing

@Suite("Decoding limits: too large, invalid dimensions")
struct DecodingLimitTests {
    static let huge = PixelSize(width: 30_000, height: 30_000)

    // MARK: Decompression bombs

    /// Hand-built files whose headers declare 30000×30000 (WebP lossless: 16384², its
    /// 14-bit maximum) and which hold no real pixel data: anything but `.tooLarge` would
    /// mean the decoder went past the header.
    static let bombs: [(label: String, bytes: [UInt8], format: ImageFormat, size: PixelSize)] = [
        ("PNG", HandBuilt.png(width: 30_000, height: 30_000), .png, huge),
        ("JPEG", HandBuilt.jpeg(width: 30_000, height: 30_000), .jpeg, huge),
        ("WebP VP8X", HandBuilt.webpVP8X(width: 30_000, height: 30_000), .webp, huge),
        ("WebP VP8L", HandBuilt.webpVP8L(width: 16_384, height: 16_384), .webp, PixelSize(width: 16_384, height: 16_384)),
    ]

    @Test(arguments: bombs.map(\.label))
    func hugeHeaderIsRefusedBeforeDecoding(label: String) throws {
        let bomb = try #require(Self.bombs.first { $0.label == label })
        #expect(decodingError(bomb.bytes) == .tooLarge(bomb.format, bomb.size, limit: 50_000_000))
        // Even when asking for a thumbnail: the limit is on what the file declares.
        let thumbnail = DecodeOptions(target: .fit(PixelSize(width: 100, height: 100)))
        #expect(decodingError(bomb.bytes, options: thumbnail) == .tooLarge(bomb.format, bomb.size, limit: 50_000_000))
    }

    @Test(arguments: bombs.map(\.label))
    func headerOfAHugeImageStillReads(label: String) throws {
        let bomb = try #require(Self.bombs.first { $0.label == label })
        let header = try ImageDecoder.header(of: bomb.bytes)
        #expect(header.format == bomb.format)
        #expect(header.pixelSize == bomb.size)
    }

    @Test func handBuiltHeadersUnderTheLimitFailOnTheirMissingPixels() {
        // The same hand-built files, small enough to pass the limit, fail for their (absent)
        // pixel data: proof the bombs above were stopped by the limit, not by the junk.
        for (bytes, format) in [
            (HandBuilt.png(width: 300, height: 200), ImageFormat.png), (HandBuilt.jpeg(width: 300, height: 200), .jpeg),
            (HandBuilt.webpVP8X(width: 300, height: 200), .webp), (HandBuilt.webpVP8L(width: 300, height: 200), .webp),
        ] {
            let error = decodingError(bytes)
            #expect(error?.isTruncatedOrCorrupt(format) == true, "\(format): \(String(describing: error))")
        }
    }

    @Test(arguments: ImageFormat.allCases)
    func customPixelLimitAppliesToRealImages(format: ImageFormat) throws {
        let bytes = ImageFixtures.encoded(.gradient, width: 64, height: 48, as: format)
        let size = PixelSize(width: 64, height: 48)
        #expect(decodingError(bytes, options: DecodeOptions(pixelLimit: 3071)) == .tooLarge(format, size, limit: 3071))
        let small = DecodeOptions(target: .fit(PixelSize(width: 8, height: 8)), pixelLimit: 3071)
        #expect(decodingError(bytes, options: small) == .tooLarge(format, size, limit: 3071))
        // Exactly at the limit is allowed.
        let bitmap = try ImageDecoder.decode(bytes, options: DecodeOptions(pixelLimit: 3072))
        #expect(bitmap.pixelSize == size)
    }

    @Test func defaultLimitIsFiftyMegapixels() {
        #expect(DecodeOptions().pixelLimit == 50_000_000)
        #expect(DecodeOptions().target == .original)
        #expect(DecodeOptions().scale == .one)
    }

    @Test func tooLargeDescriptionNamesSizeAndLimit() {
        let error = decodingError(HandBuilt.png(width: 30_000, height: 30_000), options: DecodeOptions(pixelLimit: 1_000_000))
        #expect(error?.description == "PNG image of 30000×30000px (900000000 pixels) is over the limit of 1000000 pixels")
    }

    // MARK: Invalid dimensions

    @Test func pngDeclaringAZeroSideHasInvalidDimensions() {
        #expect(decodingError(HandBuilt.png(width: 0, height: 10)) == .invalidDimensions(.png, PixelSize(width: 0, height: 10)))
        #expect(decodingError(HandBuilt.png(width: 10, height: 0)) == .invalidDimensions(.png, PixelSize(width: 10, height: 0)))
        let header = decodingError { () throws(ImageDecodingError) in _ = try ImageDecoder.header(of: HandBuilt.png(width: 0, height: 0)) }
        #expect(header == .invalidDimensions(.png, PixelSize(width: 0, height: 0)))
    }

    @Test func pngDeclaringASideBeyondThirtyOneBitsHasInvalidDimensions() {
        let error = decodingError(HandBuilt.png(width: 0x8000_0000, height: 1))
        #expect(error == .invalidDimensions(.png, PixelSize(width: 0x8000_0000, height: 1)))
    }

    @Test func jpegDeclaringAZeroSideHasInvalidDimensions() {
        #expect(decodingError(HandBuilt.jpeg(width: 10, height: 0)) == .invalidDimensions(.jpeg, PixelSize(width: 10, height: 0)))
        #expect(decodingError(HandBuilt.jpeg(width: 0, height: 10)) == .invalidDimensions(.jpeg, PixelSize(width: 0, height: 10)))
        #expect(
            decodingError(HandBuilt.jpeg(width: 0, height: 10))?.description == "JPEG header has invalid dimensions 0×10px")
    }
}
