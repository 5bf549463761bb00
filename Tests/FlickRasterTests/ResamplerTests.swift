import FlickCore
@testable import FlickRaster
import FlickTestSupport
import Testing

@Suite("Resampler: deep downscales average, in steps")
struct ResamplerTests {
    /// 1600×2 of 32 px black / 32 px white stripes: every 160 px output pixel covers 2½
    /// periods, so a true box average is 96/160 or 64/160 black (102 or 153), never 0 or 255.
    static let stripes = HandBuilt.storedPNG(width: 1600, height: 2) { x, _ in
        (x / 32) % 2 == 0 ? ImageFixtures.RGBA(0, 0, 0) : ImageFixtures.RGBA(255, 255, 255)
    }

    @Test func deepDownscaleAveragesInsteadOfSkippingRows() throws {
        let bitmap = try ImageDecoder.decode(Self.stripes, options: DecodeOptions(target: .fit(PixelSize(width: 10, height: 10))))
        try #require(bitmap.pixelSize == PixelSize(width: 10, height: 1))
        let greys = (0..<10).map { Int(bitmap.pixel(x: $0, y: 0).red) }
        #expect(greys.allSatisfy { (96...160).contains($0) }, "\(greys)")
    }

    @Test func stepsShrinkAtMostSixteenfoldAndEndAtTheTarget() {
        var size = PixelSize(width: 40_000, height: 1_080)
        let target = PixelSize(width: 10, height: 3)
        var steps: [PixelSize] = []
        while size != target {
            let next = Resampler.nextStep(from: size, to: target)
            #expect(next.width * Resampler.maxStepFactor >= size.width && next.height * Resampler.maxStepFactor >= size.height)
            #expect(next.width >= target.width && next.height >= target.height)
            steps.append(next)
            size = next
        }
        #expect(steps == [
            PixelSize(width: 2_500, height: 68), PixelSize(width: 157, height: 5), PixelSize(width: 10, height: 3),
        ])
    }

    @Test func stepsNeverExceedACanvas() {
        let next = Resampler.nextStep(from: PixelSize(width: 600_000, height: 1), to: PixelSize(width: 100, height: 1))
        #expect(next == PixelSize(width: Bitmap.maxSurfaceSide, height: 1))
    }

    @Test func extremeDownscaleStillGivesTheAverageColour() throws {
        // 40000 px → 1 px is past what one pixman transform can express.
        let png = HandBuilt.storedPNG(width: 40_000, height: 1) { x, _ in
            x < 20_000 ? ImageFixtures.RGBA(255, 0, 0) : ImageFixtures.RGBA(0, 0, 255)
        }
        let bitmap = try ImageDecoder.decode(png, options: DecodeOptions(target: .fit(PixelSize(width: 1, height: 1))))
        try #require(bitmap.pixelSize == PixelSize(width: 1, height: 1))
        let pixel = bitmap.pixel(x: 0, y: 0)
        #expect(pixel.alpha == 255)
        #expect(abs(Int(pixel.red) - 128) <= 8 && abs(Int(pixel.blue) - 128) <= 8, "\(pixel)")
    }

    @Test func resamplingToTheSameSizeReturnsTheBitmap() {
        let bitmap = ImageFixtures.bitmap(.gradient, width: 8, height: 8)
        #expect(Resampler.resample(bitmap, to: bitmap.pixelSize) === bitmap)
    }
}
