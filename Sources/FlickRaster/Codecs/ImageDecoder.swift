import FlickCore

/// Decodes JPEG, PNG and WebP bytes into premultiplied ARGB32 bitmaps, downsampling to the
/// requested size while decoding where the codec allows.
///
/// Format comes from the bytes' signature, never a file name. The header is checked against
/// `DecodeOptions.pixelLimit` before any pixel memory is allocated. Every failure is a typed
/// `ImageDecodingError`. Safe on any thread; meant for worker queues (decoding costs 5–30 ms).
public enum ImageDecoder {
    /// Reads the format and pixel size without decoding pixels. The size is the one `decode`
    /// produces at `.original`: a JPEG's EXIF orientation applied (5–8 swap width and height).
    public static func header(of bytes: [UInt8]) throws(ImageDecodingError) -> ImageHeader {
        switch try sniff(bytes) {
        case .jpeg: try JPEGDecoder.header(bytes)
        case .png: try PNGDecoder.header(bytes)
        case .webp: try WebPDecoder.header(bytes)
        }
    }

    /// Decodes `bytes` at the size `options.target` asks for (never larger than the source).
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(ImageDecodingError)
        -> Bitmap
    {
        switch try sniff(bytes) {
        case .jpeg: try JPEGDecoder.decode(bytes, options: options)
        case .png: try PNGDecoder.decode(bytes, options: options)
        case .webp: try WebPDecoder.decode(bytes, options: options)
        }
    }

    private static func sniff(_ bytes: [UInt8]) throws(ImageDecodingError) -> ImageFormat {
        guard !bytes.isEmpty else { throw .empty }
        guard let format = ImageFormat.sniff(bytes) else {
            let prefix = bytes.prefix(8).map { byte in
                let hex = String(byte, radix: 16, uppercase: true)
                return hex.count == 1 ? "0" + hex : hex
            }
            throw .unknownFormat(prefix: prefix.joined(separator: " "))
        }
        return format
    }
}
