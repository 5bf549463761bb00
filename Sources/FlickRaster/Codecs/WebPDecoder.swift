import CCodecs
import FlickCore

/// WebP through libwebp's advanced API: decodes straight into premultiplied BGRA (MODE_bgrA,
/// Cairo's layout) at the target size using libwebp's own scaler, so no full-size copy is
/// ever held. Any thread.
enum WebPDecoder {
    static func header(_ bytes: [UInt8]) throws(ImageDecodingError) -> ImageHeader {
        var features = WebPBitstreamFeatures()
        return try header(bytes, features: &features)
    }

    private static func header(_ bytes: [UInt8], features: inout WebPBitstreamFeatures) throws(ImageDecodingError)
        -> ImageHeader
    {
        let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else { throw classify(status, bytes) }
        let size = PixelSize(width: Int(features.width), height: Int(features.height))
        guard !size.isEmpty else { throw .invalidDimensions(.webp, size) }
        if features.has_animation != 0 { throw .unsupported(.webp, reason: "animated WebP") }
        return ImageHeader(format: .webp, pixelSize: size, hasAlpha: features.has_alpha != 0)
    }

    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageDecodingError) -> Bitmap {
        var features = WebPBitstreamFeatures()
        let header = try header(bytes, features: &features)
        try Limits.check(header, options)
        let region = options.region(of: header.pixelSize)
        let output = options.target.outputSize(for: region.size)
        // Working memory besides the output: a lossless bitstream is decoded whole into 32-bit
        // pixels whatever the scale (back-references reach any earlier pixel); a lossy one with
        // alpha keeps a whole-image alpha plane; a lossy one without works in rows.
        let codecBuffers =
            switch features.format {
            case 2: Limits.pixelBytes(header.pixelSize)
            default: features.has_alpha != 0 ? header.pixelSize.area : 0
            }
        try Limits.checkMemory(Limits.total(Limits.pixelBytes(output), codecBuffers), header, options)
        let bytesPerRow = Bitmap.stride(forWidth: output.width)
        let byteCount = bytesPerRow * output.height
        // Not zeroed: libwebp writes every row in full (the stride is 4 × width); every
        // failure below hands the buffer back.
        let storage = Bitmap.allocate(bytes: byteCount, zeroed: false)

        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            Bitmap.recycle(storage, bytes: byteCount)
            throw .corrupt(.webp, reason: "libwebp version mismatch")
        }
        if region.size != header.pixelSize {
            // libwebp crops first, then scales the crop.
            config.options.use_cropping = 1
            config.options.crop_left = Int32(region.x)
            config.options.crop_top = Int32(region.y)
            config.options.crop_width = Int32(region.size.width)
            config.options.crop_height = Int32(region.size.height)
        }
        if output != region.size {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(output.width)
            config.options.scaled_height = Int32(output.height)
        }
        config.output.colorspace = MODE_bgrA
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = storage.assumingMemoryBound(to: UInt8.self)
        config.output.u.RGBA.stride = Int32(bytesPerRow)
        config.output.u.RGBA.size = byteCount
        let status = bytes.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, &config) }
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else {
            Bitmap.recycle(storage, bytes: byteCount)
            throw classify(status, bytes)
        }
        return Bitmap(adopting: storage, pixelSize: output, bytesPerRow: bytesPerRow, scale: options.scale)
    }

    /// libwebp says NOT_ENOUGH_DATA both for a file cut short and for damage inside a complete
    /// one (garbage tokens or a bad length make its reader run past the data); only the first
    /// is `.truncated`, told apart by the size the RIFF header declares.
    private static func classify(_ status: VP8StatusCode, _ bytes: [UInt8]) -> ImageDecodingError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA where isComplete(bytes):
            .corrupt(.webp, reason: "the bitstream runs past the end of its complete data")
        case VP8_STATUS_NOT_ENOUGH_DATA: .truncated(.webp)
        case VP8_STATUS_UNSUPPORTED_FEATURE: .unsupported(.webp, reason: "libwebp reports an unsupported feature")
        case VP8_STATUS_OUT_OF_MEMORY: .corrupt(.webp, reason: "libwebp ran out of memory")
        default: .corrupt(.webp, reason: "bitstream error (VP8 status \(status.rawValue))")
        }
    }

    /// Whether `bytes` hold the whole RIFF container its header declares (size at byte 4,
    /// little-endian, counting from byte 8).
    private static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 12 else { return false }
        let riffSize = bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        return bytes.count >= 8 + riffSize
    }
}
