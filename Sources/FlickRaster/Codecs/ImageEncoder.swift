import CCodecs
import FlickCore

/// Encodes bitmaps as JPEG, PNG or WebP: for the feed generator's image pool and for tests
/// that need real files. Any thread.
public enum ImageEncoder {
    /// Why encoding failed.
    public struct Failure: Error, CustomStringConvertible {
        public let format: ImageFormat
        public let reason: String
        public var description: String { "\(format) encoding failed: \(reason)" }
    }

    /// Encodes `bitmap` in `format`. `quality` (0…100) applies to JPEG and lossy WebP;
    /// WebP with `lossless` keeps exact pixels.
    public static func encode(_ bitmap: Bitmap, as format: ImageFormat, quality: Int = 85, lossless: Bool = false)
        throws(Failure) -> [UInt8]
    {
        switch format {
        case .png:
            do { return try bitmap.pngData() } catch { throw Failure(format: .png, reason: error.reason) }
        case .jpeg:
            return try jpeg(bitmap, quality: quality)
        case .webp:
            return try webp(bitmap, quality: quality, lossless: lossless)
        }
    }

    private static func jpeg(_ bitmap: Bitmap, quality: Int) throws(Failure) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw Failure(format: .jpeg, reason: "no compressor") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = bitmap.withUnsafeBytes { raw in
            tjCompress2(
                handle, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(bitmap.pixelSize.width),
                Int32(bitmap.bytesPerRow), Int32(bitmap.pixelSize.height), Int32(TJPF_BGRA.rawValue), &output, &size,
                Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else {
            throw Failure(format: .jpeg, reason: String(cString: tjGetErrorStr2(handle)))
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    private static func webp(_ bitmap: Bitmap, quality: Int, lossless: Bool) throws(Failure) -> [UInt8] {
        let straight = Premultiply.straightBGRA(bitmap)
        var output: UnsafeMutablePointer<UInt8>? = nil
        let width = Int32(bitmap.pixelSize.width)
        let height = Int32(bitmap.pixelSize.height)
        let size = straight.withUnsafeBufferPointer { pixels in
            lossless
                ? WebPEncodeLosslessBGRA(pixels.baseAddress, width, height, width * 4, &output)
                : WebPEncodeBGRA(pixels.baseAddress, width, height, width * 4, Float(quality), &output)
        }
        defer { if let output { WebPFree(output) } }
        guard size > 0, let output else { throw Failure(format: .webp, reason: "libwebp returned no data") }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
