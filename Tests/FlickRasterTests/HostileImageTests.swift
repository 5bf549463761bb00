import CCodecs
import FlickCore
import FlickTestSupport
import Testing

@testable import FlickRaster

/// Images small on the wire but costly to decode (issue 14, part 5): decode memory bounded by
/// what is decoded, extreme shapes decoded to the slot, progressive scans limited.
@Suite struct HostileImageTests {
    static func colour(_ x: Int, _ y: Int) -> ImageFixtures.RGBA {
        ImageFixtures.RGBA(UInt8((x * 7) & 0xFF), UInt8((y * 5) & 0xFF), UInt8((x + y) & 0xFF), UInt8(255 - (x ^ y) & 0x7F))
    }

    @Test func anInterlacedPNGThumbnailIsDecodedWithoutTheWholeImage() throws {
        let interlaced = HandBuilt.storedPNG(width: 1_200, height: 900, interlaced: true, color: Self.colour)
        let plain = HandBuilt.storedPNG(width: 1_200, height: 900, interlaced: false, color: Self.colour)
        // The whole image is 4.3 MB decoded; the thumbnail's block sums about 100 KB.
        let options = DecodeOptions(target: .fill(PixelSize(width: 60, height: 60)), memoryLimit: 1_000_000, cropsToFill: true)
        let fromInterlaced = try ImageDecoder.decode(interlaced, options: options)
        let fromPlain = try ImageDecoder.decode(plain, options: options)
        #expect(fromInterlaced.pixelSize == PixelSize(width: 60, height: 60))
        var differing = 0
        for y in 0..<60 {
            for x in 0..<60 where fromInterlaced.pixel(x: x, y: y) != fromPlain.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "the passes' pixels summed into the same blocks as the rows'")
    }

    @Test func aWholeDecodeOverTheMemoryLimitIsRefusedByName() {
        let png = HandBuilt.storedPNG(width: 1_200, height: 900, interlaced: true, color: Self.colour)
        let error = decodingError(png, options: DecodeOptions(memoryLimit: 1_000_000))
        guard case .overMemoryLimit(.png, PixelSize(width: 1_200, height: 900), let bytes, 1_000_000) = error else {
            Issue.record("expected overMemoryLimit, got \(String(describing: error))")
            return
        }
        #expect(bytes >= 1_200 * 900 * 4)
        #expect(error?.description.contains("over the limit of 1000000 bytes") == true)
    }

    @Test func aLosslessWebPCountsItsWholeImageBuffer() throws {
        let bitmap = ImageFixtures.bitmap(.gradient, width: 800, height: 600, alpha: false)
        let lossless = ImageFixtures.encoded(bitmap, as: .webp, lossless: true)
        let lossy = ImageFixtures.encoded(bitmap, as: .webp)
        // 1.9 MB: room for a 100 × 75 thumbnail, not for the 800 × 600 × 4 bytes libwebp's
        // lossless decoder holds whatever the scale.
        let options = DecodeOptions(target: .fit(PixelSize(width: 100, height: 100)), memoryLimit: 1_900_000)
        #expect(try ImageDecoder.decode(lossy, options: options).pixelSize == PixelSize(width: 100, height: 75))
        guard case .overMemoryLimit(.webp, _, let bytes, _) = decodingError(lossless, options: options) else {
            Issue.record("a lossless WebP is refused")
            return
        }
        #expect(bytes >= 800 * 600 * 4)
    }

    @Test func aProgressiveJPEGCountsItsCoefficients() throws {
        let bitmap = ImageFixtures.bitmap(.gradient, width: 1_600, height: 1_200, alpha: false)
        let baseline = ImageFixtures.encoded(bitmap, as: .jpeg)
        let progressive = try Self.progressiveJPEG(bitmap)
        // A 1/8 scaled decode is 200 × 150 × 4 bytes; a progressive file also holds 2 bytes
        // per sample of the whole image (1,600 × 1,200 × 1.5 × 2 = 5.8 MB at 4:2:0).
        let options = DecodeOptions(target: .fit(PixelSize(width: 200, height: 200)), memoryLimit: 2_000_000)
        #expect(try ImageDecoder.decode(baseline, options: options).pixelSize == PixelSize(width: 200, height: 150))
        #expect(try ImageDecoder.decode(progressive, options: DecodeOptions(target: options.target)).pixelSize.width == 200)
        guard case .overMemoryLimit(.jpeg, _, let bytes, _) = decodingError(progressive, options: options) else {
            Issue.record("the progressive file is refused under the same limit")
            return
        }
        #expect(bytes >= 1_600 * 1_200 * 3)
    }

    @Test func aJPEGWithThousandsOfScansIsRefused() throws {
        let bitmap = ImageFixtures.bitmap(.gradient, width: 64, height: 64, alpha: false)
        let progressive = try Self.progressiveJPEG(bitmap)
        #expect(try ImageDecoder.decode(progressive).pixelSize == PixelSize(width: 64, height: 64), "a normal one decodes")
        // The last scan (SOS up to EOI) repeated 3,000 times.
        let lastScan = try #require(Self.lastIndex(of: [0xFF, 0xDA], in: progressive))
        let scan = Array(progressive[lastScan..<(progressive.count - 2)])
        var hostile = Array(progressive[..<(progressive.count - 2)])
        for _ in 0..<3_000 { hostile += scan }
        hostile += [0xFF, 0xD9]
        let error = decodingError(hostile)
        #expect(error == .tooManyScans(count: 101, limit: 100))
        #expect(error?.description == "progressive JPEG has 101 scans or more, over the limit of 100")
        #expect(decodingError(hostile, options: DecodeOptions(maxProgressiveScans: 10)) == .tooManyScans(count: 11, limit: 10))
    }

    @Test func anExtremePanoramaPNGDecodesToItsSlot() throws {
        let panorama = HandBuilt.storedPNG(width: 60_000, height: 8, color: Self.colour)
        let options = DecodeOptions(target: .fill(PixelSize(width: 360, height: 360)), memoryLimit: 4_000_000, cropsToFill: true)
        let bitmap = try ImageDecoder.decode(panorama, options: options)
        // The slot shows the centre 8 × 8 (never upscaled here; the pipeline scales it).
        #expect(bitmap.pixelSize == PixelSize(width: 8, height: 8))
        let c = Self.colour(30_000 - 4 + 3, 5)
        let alpha = Int(c.alpha)
        let pixel = bitmap.pixel(x: 3, y: 5)
        #expect(pixel.alpha == c.alpha)
        #expect(abs(Int(pixel.red) - (Int(c.red) * alpha + 127) / 255) <= 1, "premultiplied centre pixel")
    }

    @Test func anExtremePanoramaJPEGDecodesToItsSlot() throws {
        let panorama = ImageFixtures.bitmap(.quadrants, width: 30_000, height: 40, alpha: false)
        let jpeg = ImageFixtures.encoded(panorama, as: .jpeg)
        let options = DecodeOptions(target: .fill(PixelSize(width: 20, height: 20)), cropsToFill: true)
        let bitmap = try ImageDecoder.decode(jpeg, options: options)
        #expect(bitmap.pixelSize == PixelSize(width: 20, height: 20))
        // Without the crop the covering result is 15000 × 20 (then cropped by the caller).
        let whole = try ImageDecoder.decode(jpeg, options: DecodeOptions(target: options.target))
        #expect(whole.pixelSize == PixelSize(width: 15_000, height: 20))
    }

    @Test func cropsToFillKeepsTheCentreOfAPhoto() throws {
        let photo = ImageFixtures.bitmap(.quadrants, width: 400, height: 200, alpha: false)
        for format in [ImageFormat.png, .webp, .jpeg] {
            let bytes = ImageFixtures.encoded(photo, as: format, quality: 95, lossless: format == .webp)
            let bitmap = try ImageDecoder.decode(
                bytes, options: DecodeOptions(target: .fill(PixelSize(width: 50, height: 50)), cropsToFill: true))
            #expect(bitmap.pixelSize == PixelSize(width: 50, height: 50), "\(format)")
            // The centre 200 × 200 holds all four quadrants, each a quarter of the result.
            let expected = [(10, 10, photo.pixel(x: 190, y: 90)), (40, 10, photo.pixel(x: 210, y: 90)),
                            (10, 40, photo.pixel(x: 190, y: 110)), (40, 40, photo.pixel(x: 210, y: 110))]
            for (x, y, want) in expected {
                let got = bitmap.pixel(x: x, y: y)
                #expect(abs(Int(got.red) - Int(want.red)) < 24 && abs(Int(got.green) - Int(want.green)) < 24, "\(format) at \(x),\(y)")
            }
        }
    }

    static func progressiveJPEG(_ bitmap: Bitmap) throws -> [UInt8] {
        let handle = try #require(tjInitCompress())
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = bitmap.withUnsafeBytes { raw in
            tjCompress2(
                handle, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(bitmap.pixelSize.width),
                Int32(bitmap.bytesPerRow), Int32(bitmap.pixelSize.height), Int32(TJPF_BGRA.rawValue), &output, &size,
                Int32(TJSAMP_420.rawValue), 90, TJFLAG_PROGRESSIVE)
        }
        try #require(status == 0)
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    static func lastIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        stride(from: bytes.count - pattern.count, through: 0, by: -1).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }
}
