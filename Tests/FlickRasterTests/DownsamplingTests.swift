import FlickCore
@testable import FlickRaster
import FlickTestSupport
import Testing

/// Large sources, made once: a 1920×1440 photo-sized JPEG, smaller PNG/WebP (the Swift-side
/// premultiply loops are slow in debug builds, and the sizes logic is the same).
enum LargeSources {
    static let jpeg = ImageFixtures.encoded(.gradient, width: 1920, height: 1440, as: .jpeg, quality: 92)
    static let png = ImageFixtures.encoded(.gradient, width: 480, height: 360, alpha: true, as: .png)
    static let webpLossy = ImageFixtures.encoded(.gradient, width: 480, height: 360, as: .webp, quality: 92)
    static let webpLossless = ImageFixtures.encoded(.gradient, width: 480, height: 360, alpha: true, as: .webp, lossless: true)
}

@Suite("Downsampling while decoding")
struct DownsamplingTests {
    private static func px(_ width: Int, _ height: Int) -> PixelSize { PixelSize(width: width, height: height) }

    // MARK: Target sizes (pure)

    @Test func fitAndFillGiveExactSizesForAPhoto() {
        let source = Self.px(1920, 1440)
        #expect(DownsampleTarget.fit(Self.px(480, 480)).outputSize(for: source) == Self.px(480, 360))
        #expect(DownsampleTarget.fill(Self.px(240, 240)).outputSize(for: source) == Self.px(320, 240))
        #expect(DownsampleTarget.fit(Self.px(100, 300)).outputSize(for: source) == Self.px(100, 75))
        #expect(DownsampleTarget.fill(Self.px(100, 300)).outputSize(for: source) == Self.px(400, 300))
        #expect(DownsampleTarget.original.outputSize(for: source) == source)
    }

    @Test func targetsNeverUpscale() {
        let source = Self.px(640, 480)
        #expect(DownsampleTarget.fit(Self.px(4000, 4000)).outputSize(for: source) == source)
        #expect(DownsampleTarget.fill(Self.px(641, 10)).outputSize(for: source) == source)
        #expect(DownsampleTarget.fit(Self.px(640, 480)).outputSize(for: source) == source)
    }

    @Test func fitStaysInsideTheBoxAndFillCoversIt() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            let source = Self.px(generator.int(in: 1...5000), generator.int(in: 1...5000))
            let box = Self.px(generator.int(in: 1...800), generator.int(in: 1...800))
            let fit = DownsampleTarget.fit(box).outputSize(for: source)
            let fill = DownsampleTarget.fill(box).outputSize(for: source)
            #expect(fit.width <= box.width && fit.height <= box.height, "fit \(box) of \(source) → \(fit)")
            #expect(fit.width <= source.width && fit.height <= source.height, "fit \(box) of \(source) → \(fit)")
            #expect(fill.width <= source.width && fill.height <= source.height, "fill \(box) of \(source) → \(fill)")
            let covers = fill.width >= box.width && fill.height >= box.height
            #expect(covers || fill == source, "fill \(box) of \(source) → \(fill)")
            #expect(fit.width >= 1 && fit.height >= 1)
        }
    }

    @Test func extremeAspectRatiosKeepAtLeastOnePixel() {
        #expect(DownsampleTarget.fit(Self.px(100, 100)).outputSize(for: Self.px(10_000, 10)) == Self.px(100, 1))
        #expect(DownsampleTarget.fit(Self.px(10, 10)).outputSize(for: Self.px(1, 5_000)) == Self.px(1, 10))
    }

    // MARK: TurboJPEG scale factors

    @Test func scaledSizePicksTheSmallestFactorThatCovers() {
        let source = Self.px(1920, 1440)
        #expect(JPEGDecoder.scaledSize(source: source, covering: Self.px(480, 360)) == Self.px(480, 360))  // 1/4
        #expect(JPEGDecoder.scaledSize(source: source, covering: Self.px(320, 240)) == Self.px(480, 360))  // 1/4
        #expect(JPEGDecoder.scaledSize(source: source, covering: Self.px(1000, 700)) == Self.px(1200, 900))  // 5/8
        #expect(JPEGDecoder.scaledSize(source: source, covering: Self.px(961, 10)) == Self.px(1200, 900))  // 5/8
        #expect(JPEGDecoder.scaledSize(source: source, covering: Self.px(960, 720)) == Self.px(960, 720))  // 1/2
        #expect(JPEGDecoder.scaledSize(source: source, covering: Self.px(1, 1)) == Self.px(240, 180))  // 1/8
        #expect(JPEGDecoder.scaledSize(source: source, covering: source) == source)  // 1
    }

    @Test func scaledSizeNeverUpscales() {
        let source = Self.px(1920, 1440)
        #expect(JPEGDecoder.scaledSize(source: source, covering: Self.px(4000, 3000)) == source)
        #expect(JPEGDecoder.scaledSize(source: Self.px(7, 5), covering: Self.px(8, 8)) == Self.px(7, 5))
    }

    @Test func scaledSizeRoundsOddSidesUpLikeTurboJPEG() {
        // TJSCALED: ceil(1001 / 8) = 126.
        #expect(JPEGDecoder.scaledSize(source: Self.px(1001, 999), covering: Self.px(100, 100)) == Self.px(126, 125))
    }

    @Test func scaledSizeAlwaysCoversAndNeverExceedsTheSource() {
        var generator = SplitMix64(seed: 9)
        for _ in 0..<500 {
            let source = Self.px(generator.int(in: 1...6000), generator.int(in: 1...6000))
            let target = DownsampleTarget.fill(Self.px(generator.int(in: 1...600), 200)).outputSize(for: source)
            let scaled = JPEGDecoder.scaledSize(source: source, covering: target)
            #expect(scaled.width >= target.width && scaled.height >= target.height, "\(source) → \(target): \(scaled)")
            #expect(scaled.width <= source.width && scaled.height <= source.height, "\(source) → \(target): \(scaled)")
        }
    }

    // MARK: Decoding at size

    @Test(arguments: [
        (DownsampleTarget.fit(PixelSize(width: 480, height: 480)), PixelSize(width: 480, height: 360)),
        (.fill(PixelSize(width: 240, height: 240)), PixelSize(width: 320, height: 240)),
        (.fit(PixelSize(width: 1000, height: 1000)), PixelSize(width: 1000, height: 750)),
        (.fit(PixelSize(width: 4000, height: 4000)), PixelSize(width: 1920, height: 1440)),
        (.original, PixelSize(width: 1920, height: 1440)),
    ])
    func jpegDecodesToTheExactTargetSize(target: DownsampleTarget, expected: PixelSize) throws {
        let bitmap = try ImageDecoder.decode(LargeSources.jpeg, options: DecodeOptions(target: target, scale: .two))
        #expect(bitmap.pixelSize == expected)
        #expect(bitmap.scale == .two)
    }

    @Test func downsampledJPEGStillLooksLikeTheSource() throws {
        let bitmap = try ImageDecoder.decode(LargeSources.jpeg, options: DecodeOptions(target: .fit(PixelSize(width: 480, height: 480))))
        try #require(bitmap.pixelSize == PixelSize(width: 480, height: 360))
        // Each output pixel covers 4×4 source pixels of a smooth gradient.
        for (x, y) in [(10, 10), (240, 180), (470, 20), (20, 350), (400, 300)] {
            let source = ImageFixtures.expectedPixel(.gradient, x: x * 4 + 2, y: y * 4 + 2, width: 1920, height: 1440)
            let actual = bitmap.pixel(x: x, y: y)
            #expect(actual.maxChannelDifference(to: source) <= 8, "(\(x), \(y)) \(actual) vs \(source)")
        }
    }

    /// Sources by label (labels as arguments keep test names short in the log).
    static func source(_ label: String) -> [UInt8] {
        switch label {
        case "PNG": LargeSources.png
        case "WebP lossy": LargeSources.webpLossy
        default: LargeSources.webpLossless
        }
    }

    @Test(arguments: ["PNG", "WebP lossy", "WebP lossless"])
    func pngAndWebPDecodeToTheExactTargetSize(label: String) throws {
        let bytes = Self.source(label)
        let fit = try ImageDecoder.decode(bytes, options: DecodeOptions(target: .fit(PixelSize(width: 120, height: 120))))
        #expect(fit.pixelSize == PixelSize(width: 120, height: 90), "\(label)")
        let fill = try ImageDecoder.decode(bytes, options: DecodeOptions(target: .fill(PixelSize(width: 60, height: 60))))
        #expect(fill.pixelSize == PixelSize(width: 80, height: 60), "\(label)")
        let larger = try ImageDecoder.decode(bytes, options: DecodeOptions(target: .fill(PixelSize(width: 1000, height: 10))))
        #expect(larger.pixelSize == PixelSize(width: 480, height: 360), "\(label)")
    }

    @Test(arguments: ["PNG", "WebP lossy", "WebP lossless"])
    func downsampledPNGAndWebPStillLookLikeTheSource(label: String) throws {
        let bytes = Self.source(label)
        let alpha = label != "WebP lossy"
        let bitmap = try ImageDecoder.decode(bytes, options: DecodeOptions(target: .fit(PixelSize(width: 120, height: 120))))
        try #require(bitmap.pixelSize == PixelSize(width: 120, height: 90))
        for (x, y) in [(10, 10), (60, 45), (110, 5), (5, 85), (100, 70)] {
            let source = ImageFixtures.expectedPixel(.gradient, x: x * 4 + 2, y: y * 4 + 2, width: 480, height: 360, alpha: alpha)
            let actual = bitmap.pixel(x: x, y: y)
            #expect(actual.maxChannelDifference(to: source) <= 8, "\(label) (\(x), \(y)) \(actual) vs \(source)")
        }
    }

    @Test func downsamplingKeepsTransparencyWhereTheSourceHadIt() throws {
        let bytes = ImageFixtures.encoded(.quadrants, width: 400, height: 300, alpha: true, as: .webp, lossless: true)
        for bytes in [bytes, ImageFixtures.encoded(.quadrants, width: 400, height: 300, alpha: true, as: .png)] {
            let bitmap = try ImageDecoder.decode(bytes, options: DecodeOptions(target: .fit(PixelSize(width: 100, height: 100))))
            try #require(bitmap.pixelSize == PixelSize(width: 100, height: 75))
            #expect(bitmap.pixel(x: 80, y: 60).alpha == 0)
            #expect(abs(Int(bitmap.pixel(x: 80, y: 15).alpha) - 128) <= 1)
            #expect(bitmap.pixel(x: 20, y: 15) == Pixel(alpha: 255, red: 255, green: 0, blue: 0))
        }
    }
}
