import FlickCore

/// Why bytes did not become a bitmap. Each case names the reason; none is ever a crash.
public enum ImageDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Zero bytes.
    case empty
    /// The bytes start with no signature Flick knows; `prefix` shows the first bytes in hex.
    case unknownFormat(prefix: String)
    /// The data ends before the image does.
    case truncated(ImageFormat)
    /// The data is damaged; `reason` is the codec's own message.
    case corrupt(ImageFormat, reason: String)
    /// A valid image using something Flick does not decode (e.g. animated WebP, CMYK JPEG).
    case unsupported(ImageFormat, reason: String)
    /// The header declares more pixels than `limit`; refused before decoding anything.
    case tooLarge(ImageFormat, PixelSize, limit: Int)
    /// The header declares a zero or negative dimension.
    case invalidDimensions(ImageFormat, PixelSize)
    /// Decoding this image would need `bytes` of working memory (pixels plus the codec's own
    /// buffers, estimated from the header), over `limit`; refused before decoding anything.
    case overMemoryLimit(ImageFormat, PixelSize, bytes: Int, limit: Int)
    /// A progressive JPEG with more scans than `limit` (`count` or more); refused before
    /// decoding anything.
    case tooManyScans(count: Int, limit: Int)

    public var description: String {
        switch self {
        case .empty: "image data is empty (0 bytes)"
        case .unknownFormat(let prefix): "unknown image format (first bytes: \(prefix))"
        case .truncated(let format): "\(format) data is truncated"
        case .corrupt(let format, let reason): "\(format) data is corrupt: \(reason)"
        case .unsupported(let format, let reason): "\(format) feature not supported: \(reason)"
        case .tooLarge(let format, let size, let limit):
            "\(format) image of \(size) (\(size.area) pixels) is over the limit of \(limit) pixels"
        case .invalidDimensions(let format, let size): "\(format) header has invalid dimensions \(size)"
        case .overMemoryLimit(let format, let size, let bytes, let limit):
            "\(format) image of \(size) needs \(bytes) bytes to decode, over the limit of \(limit) bytes"
        case .tooManyScans(let count, let limit):
            "progressive JPEG has \(count) scans or more, over the limit of \(limit)"
        }
    }
}
