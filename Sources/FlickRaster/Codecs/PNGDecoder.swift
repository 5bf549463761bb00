import CCodecs
import CFlickPNG
import FlickCore

/// PNG through libpng (its setjmp error handling stays inside C, so nothing unwinds through
/// Swift). A thumbnail at least 2× smaller than the source, or a crop of it (`cropsToFill`), is
/// decoded row by row with k × k block averaging over the crop only (`CFlickPNG`), so the whole
/// image is never held — interlaced (Adam7) files too, their passes summed into per-block sums
/// (a 1-bit interlaced PNG is tiny on the wire but 4 bytes a pixel decoded whole) — then
/// resampled to the exact target; otherwise the simplified API decodes the whole image to
/// straight BGRA, premultiplies in place and resamples. Working memory is checked against
/// `DecodeOptions.memoryLimit` before either. Any thread.
enum PNGDecoder {
    /// PNG_FORMAT_BGRA: libpng's composite macro does not import into Swift.
    private static let formatBGRA = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_BGR)

    static func header(_ bytes: [UInt8]) throws(ImageDecodingError) -> ImageHeader {
        var image = png_image()
        defer { png_image_free(&image) }
        return try begin(&image, bytes)
    }

    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageDecodingError) -> Bitmap {
        // libpng reads from this pointer until png_image_free, so keep one buffer alive across both calls.
        try bytes.withUnsafeBufferPointer { source throws(ImageDecodingError) -> Bitmap in
            var image = png_image()
            defer { png_image_free(&image) }
            let header = try begin(&image, source)
            try Limits.check(header, options)
            let size = header.pixelSize
            let region = options.region(of: size)
            let output = options.target.outputSize(for: region.size)
            if output != region.size { try Limits.checkResample(to: output, .png) }
            let factor = max(1, min(region.size.width / max(1, output.width), region.size.height / max(1, output.height)))
            // Row by row (block sums, the crop only) when that reduces or crops; otherwise the
            // whole image at once, which is then the output itself.
            let whole = Limits.total(
                Limits.pixelBytes(size), region.size == size ? 0 : Limits.pixelBytes(region.size),
                output == region.size ? 0 : Limits.pixelBytes(output))
            if factor >= 2 || region.size != size {
                let reducedSize = PixelSize(width: region.size.width / factor, height: region.size.height / factor)
                let isInterlaced = Self.isInterlaced(source)
                // One source row and a row of 64-bit sums, or for Adam7 sums for every output pixel.
                let sums = Limits.pixelBytes(PixelSize(width: reducedSize.width * 8, height: isInterlaced ? reducedSize.height : 1))
                let rowByRow = Limits.total(
                    Limits.pixelBytes(PixelSize(width: size.width, height: 1)), sums, Limits.pixelBytes(reducedSize),
                    reducedSize == output ? 0 : Limits.pixelBytes(output))
                if !isInterlaced || rowByRow <= whole {
                    try Limits.checkMemory(rowByRow, header, options)
                    let reduced = try decodeRegion(source, region: region, factor: factor, size: reducedSize, scale: options.scale)
                    return reduced.pixelSize == output ? reduced : Resampler.resample(reduced, to: output)
                }
            }
            try Limits.checkMemory(whole, header, options)
            image.format = formatBGRA
            let bytesPerRow = Bitmap.stride(forWidth: size.width)
            // Not zeroed: libpng writes every row in full (the stride is 4 × width), and a
            // failed read hands the buffer back below.
            let storage = Bitmap.allocate(bytes: bytesPerRow * size.height, zeroed: false)
            guard png_image_finish_read(&image, nil, storage, Int32(bytesPerRow), nil) != 0 else {
                Bitmap.recycle(storage, bytes: bytesPerRow * size.height)
                throw classify(image, source)
            }
            Premultiply.inPlace(storage, size: size, bytesPerRow: bytesPerRow)
            let bitmap = Bitmap(adopting: storage, pixelSize: size, bytesPerRow: bytesPerRow, scale: options.scale)
                .cropped(to: region)
            return output == bitmap.pixelSize ? bitmap : Resampler.resample(bitmap, to: output)
        }
    }

    /// `region` averaged down by `factor` while decoding (`CFlickPNG`), interlaced files too;
    /// `size` is the region's size divided by `factor`.
    private static func decodeRegion(
        _ source: UnsafeBufferPointer<UInt8>, region: PixelRegion, factor: Int, size reduced: PixelSize, scale: DisplayScale
    ) throws(ImageDecodingError) -> Bitmap {
        let bytesPerRow = Bitmap.stride(forWidth: reduced.width)
        // Not zeroed: on success the C decoder has written every output row in full (the
        // stride is 4 × width); on any other status the buffer goes back to the pool.
        let storage = Bitmap.allocate(bytes: bytesPerRow * reduced.height, zeroed: false)
        var message = [CChar](repeating: 0, count: 200)
        let crop = flick_png_crop(
            x: UInt32(region.x), y: UInt32(region.y), width: UInt32(region.size.width), height: UInt32(region.size.height))
        let status = flick_png_decode_region(
            source.baseAddress, source.count, crop, UInt32(factor), storage.assumingMemoryBound(to: UInt8.self), bytesPerRow,
            UInt32(reduced.width), UInt32(reduced.height), &message, message.count)
        guard status == FLICK_PNG_OK else {
            Bitmap.recycle(storage, bytes: bytesPerRow * reduced.height)
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw classify(message: text, ranOutOfData: status == FLICK_PNG_TRUNCATED, source)
        }
        return Bitmap(adopting: storage, pixelSize: reduced, bytesPerRow: bytesPerRow, scale: scale)
    }

    /// Whether IHDR declares Adam7 interlacing (its last byte, at offset 28).
    private static func isInterlaced(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        source.count > 28 && source[28] != 0
    }

    private static func begin(_ image: inout png_image, _ bytes: [UInt8]) throws(ImageDecodingError) -> ImageHeader {
        try bytes.withUnsafeBufferPointer { source throws(ImageDecodingError) in try begin(&image, source) }
    }

    private static func begin(_ image: inout png_image, _ source: UnsafeBufferPointer<UInt8>) throws(ImageDecodingError)
        -> ImageHeader
    {
        // libpng refuses a zero width or height as "Invalid IHDR data"; name it as what it is.
        if let declared = declaredSize(source), declared.isEmpty || declared.width > Int(Int32.max)
            || declared.height > Int(Int32.max)
        {
            throw .invalidDimensions(.png, declared)
        }
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(&image, source.baseAddress, source.count) != 0 else {
            throw classify(image, source)
        }
        let size = PixelSize(width: Int(image.width), height: Int(image.height))
        guard !size.isEmpty else { throw .invalidDimensions(.png, size) }
        let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
        return ImageHeader(format: .png, pixelSize: size, hasAlpha: hasAlpha)
    }

    /// The size IHDR declares. IHDR is always the first chunk: length at byte 8, type at 12,
    /// width and height (big-endian) at 16 and 20.
    private static func declaredSize(_ source: UnsafeBufferPointer<UInt8>) -> PixelSize? {
        guard source.count >= 24, Array(source[12..<16]) == Array("IHDR".utf8) else { return nil }
        func word(_ at: Int) -> Int { source[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return PixelSize(width: word(16), height: word(20))
    }

    /// The IEND chunk every complete PNG ends with: length 0, "IEND", its fixed CRC.
    private static let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Names a failure of the simplified API, which says only in words that it ran out of data.
    private static func classify(_ image: png_image, _ source: UnsafeBufferPointer<UInt8>) -> ImageDecodingError {
        let message = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let lowered = message.lowercased()
        let ranOut = lowered.contains("not enough") || lowered.contains("end of") || lowered.contains("truncated")
            || lowered.contains("read beyond")
        return classify(message: message, ranOutOfData: ranOut, source)
    }

    /// The one place a libpng failure gets its name, for both decode paths. Running out of
    /// data ("read beyond end of data") also comes from a damaged chunk length inside a
    /// complete file; only a file without its IEND was cut short.
    private static func classify(message: String, ranOutOfData: Bool, _ source: UnsafeBufferPointer<UInt8>) -> ImageDecodingError {
        if ranOutOfData && !source.suffix(iend.count).elementsEqual(iend) {
            return .truncated(.png)
        }
        return .corrupt(.png, reason: message.isEmpty ? "libpng gave no reason" : message)
    }
}
