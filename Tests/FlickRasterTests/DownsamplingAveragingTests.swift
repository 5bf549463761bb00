import FlickCore
import FlickRaster
import FlickTestSupport
import Testing

/// Decoding at a smaller size must average the source pixels each output pixel covers. A
/// smooth gradient cannot tell averaging from point sampling; 1-px black and white stripes
/// can: averaged they turn mid-grey, point-sampled they stay black, white or banded.
@Suite("Downsampling averages fine detail")
struct DownsamplingAveragingTests {
    /// Source side lengths: each output pixel of a `fit(100×100)` decode covers 8×8 of them.
    static let sourceSize = PixelSize(width: 800, height: 600)
    static let target = DownsampleTarget.fit(PixelSize(width: 100, height: 100))
    /// Mid-grey: the mean of black (0) and white (255).
    static let grey = 128
    static let tolerance = 12

    /// White with black 1-px stripes on every even column (`vertical`) or row.
    static func stripes(vertical: Bool) -> Bitmap {
        let canvas = Canvas(pixelSize: sourceSize, scale: .one)
        canvas.fill(canvas.bounds, .white)
        let count = vertical ? sourceSize.width : sourceSize.height
        for offset in stride(from: 0, to: count, by: 2) {
            let stripe =
                vertical
                ? Rect(x: Double(offset), y: 0, width: 1, height: Double(sourceSize.height))
                : Rect(x: 0, y: Double(offset), width: Double(sourceSize.width), height: 1)
            canvas.fill(stripe, .black)
        }
        return canvas.makeBitmap()
    }

    static func encoded(_ bitmap: Bitmap, as format: String) -> [UInt8] {
        switch format {
        case "JPEG": ImageFixtures.encoded(bitmap, as: .jpeg, quality: 95)
        default: ImageFixtures.encoded(bitmap, as: .webp, lossless: true)
        }
    }

    @Test(arguments: ["JPEG", "WebP lossless"], [true, false])
    func stripesDecodedSmallTurnMidGrey(format: String, vertical: Bool) throws {
        let bytes = Self.encoded(Self.stripes(vertical: vertical), as: format)

        // The encoded fixture really holds stripes at full size.
        let full = try ImageDecoder.decode(bytes, options: DecodeOptions(target: .original))
        try #require(full.pixelSize == Self.sourceSize)
        let dark = full.pixel(x: 400, y: 300)
        let light = vertical ? full.pixel(x: 401, y: 300) : full.pixel(x: 400, y: 301)
        #expect(dark.green < 40 && light.green > 215, "\(format) full size: \(dark) then \(light)")

        let small = try ImageDecoder.decode(bytes, options: DecodeOptions(target: Self.target))
        try #require(small.pixelSize == PixelSize(width: 100, height: 75))
        var worst = (difference: 0, x: 0, y: 0, pixel: small.pixel(x: 0, y: 0))
        for y in 0..<small.pixelSize.height {
            for x in 0..<small.pixelSize.width {
                let pixel = small.pixel(x: x, y: y)
                let difference = [pixel.red, pixel.green, pixel.blue].map { abs(Int($0) - Self.grey) }.max() ?? 0
                if difference > worst.difference { worst = (difference, x, y, pixel) }
            }
        }
        #expect(
            worst.difference <= Self.tolerance,
            "\(format) \(vertical ? "columns" : "rows"): \(worst.pixel) at (\(worst.x), \(worst.y)) is not mid-grey")
    }
}
