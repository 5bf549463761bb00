import FlickCore
import FlickTestSupport
import Testing
@testable import FlickRaster

/// PNG thumbnails decode row by row with block averaging: the result must match decoding the
/// whole image and resampling it, edges and alpha included.
@Suite("PNG reduced decoding")
struct PNGReducedDecodeTests {
    @Test(arguments: [(1000, 750, 100, 75), (1003, 751, 100, 75), (640, 480, 300, 220), (257, 129, 16, 8)])
    func matchesAFullDecodeResampled(width: Int, height: Int, targetWidth: Int, targetHeight: Int) throws {
        for alpha in [false, true] {
            let source = ImageFixtures.bitmap(.gradient, width: width, height: height, alpha: alpha)
            let png = ImageFixtures.encoded(source, as: .png)
            let target = PixelSize(width: targetWidth, height: targetHeight)
            let reduced = try ImageDecoder.decode(png, options: DecodeOptions(target: .fill(target)))
            let full = Resampler.resample(try ImageDecoder.decode(png), to: reduced.pixelSize)
            #expect(reduced.pixelSize.width >= targetWidth && reduced.pixelSize.height >= targetHeight)
            var worst = 0
            for y in stride(from: 0, to: reduced.pixelSize.height, by: 3) {
                for x in stride(from: 0, to: reduced.pixelSize.width, by: 3) {
                    let a = reduced.pixel(x: x, y: y)
                    let b = full.pixel(x: x, y: y)
                    worst = max(worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
                }
            }
            // Different filters (box blocks then Cairo vs Cairo alone) differ by a little on a
            // smooth gradient; a wrong channel order, missing premultiply or row shift is far
            // above this.
            #expect(worst <= 12, "\(width)×\(height) → \(target), alpha \(alpha): worst channel difference \(worst)")
        }
    }

    @Test func aTruncatedPNGThumbnailIsTruncated() {
        let png = ImageFixtures.encoded(ImageFixtures.bitmap(.gradient, width: 800, height: 600, alpha: false), as: .png)
        #expect(throws: ImageDecodingError.truncated(.png)) {
            try ImageDecoder.decode(Array(png.prefix(png.count / 2)), options: DecodeOptions(target: .fill(PixelSize(width: 80, height: 60))))
        }
    }
}
