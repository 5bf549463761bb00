import FlickCore

/// An encoded image format Flick decodes. Known from the bytes, never from a file name.
public enum ImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case jpeg
    case png
    case webp

    /// The format whose signature starts `bytes`, or `nil` when none matches.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    public var description: String { rawValue.uppercased() }
}

/// What an image's header says, read without decoding any pixels.
public struct ImageHeader: Hashable, Sendable {
    public let format: ImageFormat
    public let pixelSize: PixelSize
    /// Whether the image can have transparent pixels (PNG/WebP with alpha).
    public let hasAlpha: Bool
}
