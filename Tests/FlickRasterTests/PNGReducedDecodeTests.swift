import CCodecs
import CFlickPNG
import FlickCore
import FlickTestSupport
import Testing
@testable import FlickRaster

/// PNG thumbnails decode row by row with block averaging (`flick_png_decode_reduced`): called
/// directly, it must succeed and give the block averages of a full decode exactly; through
/// `ImageDecoder`, the thumbnail must match decoding the whole image and resampling it.
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
                    worst = max(worst, reduced.pixel(x: x, y: y).maxChannelDifference(to: full.pixel(x: x, y: y)))
                }
            }
            // Different filters (box blocks then Cairo vs Cairo alone) differ by a little on a
            // smooth gradient; a wrong channel order, missing premultiply or row shift is far
            // above this.
            #expect(worst <= 12, "\(width)×\(height) → \(target), alpha \(alpha): worst channel difference \(worst)")
        }
    }

    @Test(arguments: [(1003, 751, 10), (640, 480, 2), (257, 129, 16)])
    func theCDecoderAveragesTheBlocksOfAFullDecode(width: Int, height: Int, factor: Int) throws {
        for alpha in [false, true] {
            let png = ImageFixtures.encoded(ImageFixtures.bitmap(.gradient, width: width, height: height, alpha: alpha), as: .png)
            let output = PixelSize(width: width / factor, height: height / factor)
            let reduced = ReducedPNG(png, factor: factor, output: output)
            #expect(reduced.status == FLICK_PNG_OK, "\(reduced.message)")
            let full = try ImageDecoder.decode(png)
            var worst = 0
            for y in 0..<output.height {
                for x in 0..<output.width {
                    let expected = BlockAverage.of(full, column: x, row: y, factor: factor, output: output)
                    worst = max(worst, reduced.pixel(x: x, y: y).maxChannelDifference(to: expected))
                }
            }
            // Premultiplying before (C) or after (libpng's simplified API, then Flick) rounds
            // each source pixel by at most one step.
            #expect(worst <= 1, "\(width)×\(height) ÷ \(factor), alpha \(alpha): worst channel difference \(worst)")
        }
    }

    @Test func blocksOverSixteenMillionPixelsDoNotOverflow() throws {
        // 4200 × 4200 white pixels into one: 17.6 M × 255 is past 32-bit sums.
        let side = 4_200
        let png = try GrayPNG.encode(width: side, height: side, value: 255)
        let reduced = ReducedPNG(png, factor: side, output: PixelSize(width: 1, height: 1))
        #expect(reduced.status == FLICK_PNG_OK, "\(reduced.message)")
        #expect(reduced.pixel(x: 0, y: 0) == Pixel(alpha: 255, red: 255, green: 255, blue: 255))
    }

    @Test func anInterlacedPNGIsLeftToTheFullDecoder() throws {
        let color = { (x: Int, y: Int) in ImageFixtures.RGBA(UInt8(x * 2), UInt8(y * 3), 90, UInt8(128 + x % 128)) }
        let interlaced = HandBuilt.storedPNG(width: 120, height: 80, interlaced: true, color: color)
        let plain = HandBuilt.storedPNG(width: 120, height: 80, color: color)
        let reduced = ReducedPNG(interlaced, factor: 4, output: PixelSize(width: 30, height: 20))
        #expect(reduced.status == FLICK_PNG_INTERLACED)
        // The fallback decodes it whole: pixel for pixel what the same image non-interlaced gives.
        let whole = try ImageDecoder.decode(interlaced)
        let reference = try ImageDecoder.decode(plain)
        var worst = 0
        for y in 0..<80 {
            for x in 0..<120 { worst = max(worst, whole.pixel(x: x, y: y).maxChannelDifference(to: reference.pixel(x: x, y: y))) }
        }
        #expect(worst == 0)
        let thumbnail = try ImageDecoder.decode(interlaced, options: DecodeOptions(target: .fill(PixelSize(width: 30, height: 20))))
        #expect(thumbnail.pixelSize == PixelSize(width: 30, height: 20))
    }

    @Test func aTruncatedPNGThumbnailIsTruncated() {
        let png = ImageFixtures.encoded(ImageFixtures.bitmap(.gradient, width: 800, height: 600, alpha: false), as: .png)
        let half = Array(png.prefix(png.count / 2))
        #expect(ReducedPNG(half, factor: 10, output: PixelSize(width: 80, height: 60)).status == FLICK_PNG_TRUNCATED)
        #expect(throws: ImageDecodingError.truncated(.png)) {
            try ImageDecoder.decode(half, options: DecodeOptions(target: .fill(PixelSize(width: 80, height: 60))))
        }
    }
}

/// One direct call of `flick_png_decode_reduced`: its status, message and BGRA output (rows
/// 4 × width apart, as the decoder writes them for a bitmap).
struct ReducedPNG {
    let status: flick_png_status
    let message: String
    let output: PixelSize
    let bytes: [UInt8]

    init(_ png: [UInt8], factor: Int, output: PixelSize) {
        var bytes = [UInt8](repeating: 0, count: output.width * output.height * 4)
        var message = [CChar](repeating: 0, count: 200)
        status = png.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { out in
                flick_png_decode_reduced(
                    source.baseAddress, source.count, UInt32(factor), out.baseAddress, output.width * 4,
                    UInt32(output.width), UInt32(output.height), &message, message.count)
            }
        }
        self.message = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.output = output
        self.bytes = bytes
    }

    func pixel(x: Int, y: Int) -> Pixel {
        let at = (y * output.width + x) * 4
        return Pixel(alpha: bytes[at + 3], red: bytes[at + 2], green: bytes[at + 1], blue: bytes[at])
    }
}

/// The reference the C decoder is held to: the rounded mean of a block of a full decode's
/// premultiplied pixels, the last column and row of blocks taking the pixels left over.
enum BlockAverage {
    static func of(_ full: Bitmap, column: Int, row: Int, factor: Int, output: PixelSize) -> Pixel {
        let xs = column * factor..<(column + 1 == output.width ? full.pixelSize.width : (column + 1) * factor)
        let ys = row * factor..<(row + 1 == output.height ? full.pixelSize.height : (row + 1) * factor)
        var sums = (alpha: 0, red: 0, green: 0, blue: 0)
        for y in ys {
            for x in xs {
                let pixel = full.pixel(x: x, y: y)
                sums.alpha += Int(pixel.alpha)
                sums.red += Int(pixel.red)
                sums.green += Int(pixel.green)
                sums.blue += Int(pixel.blue)
            }
        }
        let count = xs.count * ys.count
        func mean(_ sum: Int) -> UInt8 { UInt8((sum + count / 2) / count) }
        return Pixel(alpha: mean(sums.alpha), red: mean(sums.red), green: mean(sums.green), blue: mean(sums.blue))
    }
}

/// An 8-bit greyscale PNG of one value through libpng's simplified writer: large images cheaply.
enum GrayPNG {
    struct Failure: Error {}

    static func encode(width: Int, height: Int, value: UInt8) throws -> [UInt8] {
        let pixels = [UInt8](repeating: value, count: width * height)
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_GRAY)
        defer { png_image_free(&image) }
        var size: png_alloc_size_t = 0
        // First call: the size only (no memory given).
        guard pixels.withUnsafeBytes({ png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil) }) != 0 else {
            throw Failure()
        }
        var encoded = [UInt8](repeating: 0, count: Int(size))
        let written = encoded.withUnsafeMutableBytes { out in
            pixels.withUnsafeBytes { png_image_write_to_memory(&image, out.baseAddress, &size, 0, $0.baseAddress, 0, nil) }
        }
        guard written != 0 else { throw Failure() }
        return Array(encoded.prefix(Int(size)))
    }
}
