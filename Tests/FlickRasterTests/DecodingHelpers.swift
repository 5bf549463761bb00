import FlickCore
import FlickRaster
import FlickTestSupport

/// The error `body` throws, or `nil` when it succeeds.
func decodingError(_ body: () throws(ImageDecodingError) -> Void) -> ImageDecodingError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// The error decoding `bytes` with `options` gives, or `nil` when it decodes.
func decodingError(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) -> ImageDecodingError? {
    decodingError { () throws(ImageDecodingError) in _ = try ImageDecoder.decode(bytes, options: options) }
}

extension ImageDecodingError {
    /// The format the error blames, when it names one.
    var format: ImageFormat? {
        switch self {
        case .empty, .unknownFormat: nil
        case .tooManyScans: .jpeg
        case .truncated(let format), .corrupt(let format, _), .unsupported(let format, _), .tooLarge(let format, _, _),
            .invalidDimensions(let format, _), .overMemoryLimit(let format, _, _, _):
            format
        }
    }

    /// Whether this is `.truncated(format)` or `.corrupt(format, …)`: what damaged data of
    /// `format` may honestly be reported as.
    func isTruncatedOrCorrupt(_ format: ImageFormat) -> Bool {
        switch self {
        case .truncated(let f), .corrupt(let f, _): f == format
        default: false
        }
    }
}

/// Minimal hand-built files whose headers say whatever a test needs, with no real pixels:
/// decoding them must stop at the header.
enum HandBuilt {
    /// Signature, IHDR (8-bit RGBA), a short IDAT of junk, IEND; CRCs correct.
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        var ihdr = ImageFixtures.bigEndian(width) + ImageFixtures.bigEndian(height)
        ihdr += [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
            + chunk("IDAT", [0x78, 0x9C, 0x01, 0x02, 0x03]) + chunk("IEND", [])
    }

    /// Adam7's passes: first column and row, then the steps between columns and rows.
    private static let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    /// A real 8-bit RGBA PNG of any size (beyond what a `Canvas` can draw), its pixels from
    /// `color(x, y)` as straight RGBA, compressed with stored (uncompressed) deflate blocks;
    /// `interlaced` writes the rows in Adam7's seven passes.
    static func storedPNG(width: Int, height: Int, interlaced: Bool = false, color: (Int, Int) -> ImageFixtures.RGBA) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + width * 4) + (interlaced ? 7 * height : 0))
        func appendRow(_ y: Int, columns: StrideTo<Int>) {
            raw.append(0)  // filter: none
            for x in columns {
                let c = color(x, y)
                raw += [c.red, c.green, c.blue, c.alpha]
            }
        }
        let passes = interlaced ? adam7 : [(0, 0, 1, 1)]
        // A pass with no pixels (an image narrower or shorter than its start) has no rows at all.
        for (x0, y0, dx, dy) in passes where x0 < width && y0 < height {
            for y in stride(from: y0, to: height, by: dy) { appendRow(y, columns: stride(from: x0, to: width, by: dx)) }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, raw.count - start)
            let last: UInt8 = start + count == raw.count ? 1 : 0
            zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[start..<start + count]
            start += count
        } while start < raw.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib += ImageFixtures.bigEndian(b << 16 | a)
        let ihdr = ImageFixtures.bigEndian(UInt32(width)) + ImageFixtures.bigEndian(UInt32(height)) + [8, 6, 0, 0, interlaced ? 1 : 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return ImageFixtures.bigEndian(UInt32(data.count)) + typeBytes + data
            + ImageFixtures.bigEndian(ImageFixtures.crc32(typeBytes + data))
    }

    /// SOI, a baseline SOF0 for `components` components (1: grey; 4: CMYK), SOS, a few junk
    /// bytes, EOI.
    static func jpeg(width: UInt16, height: UInt16, components: UInt8 = 1) -> [UInt8] {
        var sof: [UInt8] = [
            0xFF, 0xC0, 0x00, 8 + 3 * components, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
            UInt8(width & 0xFF), components,
        ]
        var sos: [UInt8] = [0xFF, 0xDA, 0x00, 6 + 2 * components, components]
        for id in 1...components {
            sof += [id, 0x11, 0x00]
            sos += [id, 0x00]
        }
        sos += [0x00, 0x3F, 0x00]
        return [0xFF, 0xD8] + sof + sos + [0x12, 0x34, 0x56, 0x78] + [0xFF, 0xD9]
    }

    /// RIFF/WEBP with only a VP8X chunk declaring a `width`×`height` canvas (up to 2^24),
    /// with alpha, and animated when asked.
    static func webpVP8X(width: UInt32, height: UInt32, animated: Bool = false) -> [UInt8] {
        func le24(_ v: UInt32) -> [UInt8] { Array(ImageFixtures.littleEndian(v).prefix(3)) }
        let flags: UInt8 = 0x10 | (animated ? 0x02 : 0)  // ALPHA, ANIMATION
        let payload: [UInt8] = [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1)
        return riff(Array("VP8X".utf8) + ImageFixtures.littleEndian(UInt32(payload.count)) + payload)
    }

    /// RIFF/WEBP with a VP8L (lossless) header declaring `width`×`height` (up to 16384), then junk.
    static func webpVP8L(width: UInt32, height: UInt32) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14 | 1 << 28
        let payload: [UInt8] = [0x2F] + ImageFixtures.littleEndian(bits) + [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
        return riff(Array("VP8L".utf8) + ImageFixtures.littleEndian(UInt32(payload.count)) + payload)
    }

    static func riff(_ chunks: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + ImageFixtures.littleEndian(UInt32(4 + chunks.count)) + Array("WEBP".utf8) + chunks
    }
}
