import CCodecs
import FlickCore

/// JPEG through TurboJPEG: reads the header, then decodes with the largest DCT scaling
/// factor (1/8 … 1) that still covers the target, so a 4000 px photo asked for as a 240 px
/// thumbnail is never held at full size (docs/PLATFORM-NOTES.md: ~4.5 ms instead of ~24 ms).
/// Any thread; each call owns its TurboJPEG handle.
enum JPEGDecoder {
    /// The header with the size as shown: EXIF orientations 5–8 turn the image a quarter, so
    /// a 4000 × 3000 photo stored sideways is shown (and decoded) 3000 × 4000.
    static func header(_ bytes: [UInt8]) throws(ImageDecodingError) -> ImageHeader {
        let handle = try makeHandle()
        defer { tjDestroy(handle) }
        let stored = try readHeader(handle, bytes)
        let orientation = ImageOrientation.ofJPEG(bytes)
        guard orientation.swapsAxes else { return stored }
        return ImageHeader(format: stored.format, pixelSize: orientation.shownSize(of: stored.pixelSize), hasAlpha: stored.hasAlpha)
    }

    /// Decodes `bytes` upright (EXIF orientation applied): the box of `options.target` is
    /// taken as the shown image's, so a portrait photo stored sideways fills a portrait slot.
    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImageDecodingError) -> Bitmap {
        let orientation = ImageOrientation.ofJPEG(bytes)
        guard orientation.swapsAxes else { return orientation.apply(to: try decodeStored(bytes, options: options)) }
        var stored = options
        stored.target =
            switch options.target {
            case .original: .original
            case .fit(let box): .fit(PixelSize(width: box.height, height: box.width))
            case .fill(let box): .fill(PixelSize(width: box.height, height: box.width))
            }
        return orientation.apply(to: try decodeStored(bytes, options: stored))
    }

    /// Decodes the pixels as stored.
    private static func decodeStored(_ bytes: [UInt8], options: DecodeOptions) throws(ImageDecodingError) -> Bitmap {
        let handle = try makeHandle()
        defer { tjDestroy(handle) }
        let (header, subsampling) = try readHeaderAndSubsampling(handle, bytes)
        try Limits.check(header, options)
        let frame = JPEGMarkers.frame(bytes, scanLimit: options.maxProgressiveScans)
        if frame.progressive, frame.scans > options.maxProgressiveScans {
            throw .tooManyScans(count: frame.scans, limit: options.maxProgressiveScans)
        }
        let region = options.region(of: header.pixelSize)
        let output = options.target.outputSize(for: region.size)
        // The whole image is decoded (TurboJPEG 2.1 has no region decode) at the smallest DCT
        // scale whose crop still covers the output.
        let covering = region.size == header.pixelSize ? output : options.target.outputSize(for: header.pixelSize)
        let decoded = scaledSize(source: header.pixelSize, covering: covering)
        let decodedRegion = region.scaled(from: header.pixelSize, to: decoded)
        if decodedRegion.size != output { try Limits.checkResample(to: output, .jpeg) }
        // Working memory: the decoded buffer, a progressive file's coefficients (libjpeg keeps
        // 2 bytes per sample of the whole image, whatever the scale), the crop and the result.
        // (JPEG sides are at most 65,535, so the coefficient count cannot overflow.)
        let coefficients = frame.progressive ? header.pixelSize.area * coefficientBytesPerPixel(subsampling) : 0
        let crop = decodedRegion.size == decoded ? 0 : Limits.pixelBytes(decodedRegion.size)
        let result = decodedRegion.size == output ? 0 : Limits.pixelBytes(output)
        try Limits.checkMemory(Limits.total(Limits.pixelBytes(decoded), coefficients, crop, result), header, options)
        let bytesPerRow = Bitmap.stride(forWidth: decoded.width)
        // Not zeroed: TurboJPEG writes every row in full (the stride is 4 × width); a failed
        // decode hands the buffer back below. TJPF_BGRA writes alpha = 0xFF: opaque pixels,
        // premultiplied trivially, in Cairo's native little-endian ARGB32 byte order.
        let storage = Bitmap.allocate(bytes: bytesPerRow * decoded.height, zeroed: false)
        let status = bytes.withUnsafeBufferPointer { source in
            tjDecompress2(
                handle, source.baseAddress, UInt(source.count), storage.assumingMemoryBound(to: UInt8.self),
                Int32(decoded.width), Int32(bytesPerRow), Int32(decoded.height), Int32(TJPF_BGRA.rawValue),
                TJFLAG_STOPONWARNING)
        }
        guard status == 0 else {
            Bitmap.recycle(storage, bytes: bytesPerRow * decoded.height)
            throw classify(handle, bytes)
        }
        let bitmap = Bitmap(adopting: storage, pixelSize: decoded, bytesPerRow: bytesPerRow, scale: options.scale)
            .cropped(to: decodedRegion)
        return bitmap.pixelSize == output ? bitmap : Resampler.resample(bitmap, to: output)
    }

    /// Bytes of DCT coefficients per pixel for a TurboJPEG subsampling: 2 per sample, and 4:4:4
    /// has 3 samples per pixel (6 bytes), 4:2:2 2 (4), 4:2:0 1.5 (3), grey 1 (2).
    private static func coefficientBytesPerPixel(_ subsampling: Int32) -> Int {
        switch subsampling {
        case Int32(TJSAMP_GRAY.rawValue): 2
        case Int32(TJSAMP_420.rawValue), Int32(TJSAMP_411.rawValue): 3
        case Int32(TJSAMP_422.rawValue), Int32(TJSAMP_440.rawValue): 4
        default: 6
        }
    }

    /// The smallest TurboJPEG-scaled size (factors ≤ 1 only: the upscaling factors overrun
    /// the buffer, docs/PLATFORM-NOTES.md) that is at least `target` on both sides.
    static func scaledSize(source: PixelSize, covering target: PixelSize) -> PixelSize {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return source }
        var best = source
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) where factor.num <= factor.denom {
            let scaled = PixelSize(
                width: scaledDimension(source.width, factor), height: scaledDimension(source.height, factor))
            if scaled.width >= target.width, scaled.height >= target.height, scaled.area < best.area {
                best = scaled
            }
        }
        return best
    }

    /// TurboJPEG's TJSCALED macro: ceil(dimension × num / denom).
    private static func scaledDimension(_ dimension: Int, _ factor: tjscalingfactor) -> Int {
        (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }

    private static func makeHandle() throws(ImageDecodingError) -> tjhandle {
        guard let handle = tjInitDecompress() else {
            throw .corrupt(.jpeg, reason: "TurboJPEG could not start a decompressor")
        }
        return handle
    }

    private static func readHeader(_ handle: tjhandle, _ bytes: [UInt8]) throws(ImageDecodingError) -> ImageHeader {
        try readHeaderAndSubsampling(handle, bytes).header
    }

    private static func readHeaderAndSubsampling(_ handle: tjhandle, _ bytes: [UInt8]) throws(ImageDecodingError)
        -> (header: ImageHeader, subsampling: Int32)
    {
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { source in
            tjDecompressHeader3(handle, source.baseAddress, UInt(source.count), &width, &height, &subsampling, &colorspace)
        }
        guard status == 0 else { throw classify(handle, bytes) }
        let size = PixelSize(width: Int(width), height: Int(height))
        // TurboJPEG reports success with 0×0 when the data ends before the frame header.
        guard !size.isEmpty else { throw classify(message: "no frame header (SOF) before the end of the data", bytes) }
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            throw .unsupported(.jpeg, reason: "CMYK/YCCK colour space")
        }
        return (ImageHeader(format: .jpeg, pixelSize: size, hasAlpha: false), subsampling)
    }

    private static func classify(_ handle: tjhandle, _ bytes: [UInt8]) -> ImageDecodingError {
        classify(message: String(cString: tjGetErrorStr2(handle)), bytes)
    }

    /// Names a failure from the marker layout, not only libjpeg's message: a short file makes
    /// libjpeg see a fake EOI and complain about whatever comes next (a bogus table, a
    /// missing SOS), and its "premature end of data segment" means damage, not a short file.
    /// A file that still ends in EOI was damaged, not cut short, whatever libjpeg ran into.
    static func classify(message: String, _ bytes: [UInt8]) -> ImageDecodingError {
        let markers = JPEGMarkers.summarize(bytes)
        if let size = markers.frameSize, size.isEmpty { return .invalidDimensions(.jpeg, size) }
        let endIntact = bytes.count >= 4 && bytes.suffix(2).elementsEqual([0xFF, 0xD9])
        let ranOut = markers.endsEarly || message.lowercased().contains("premature end of jpeg file")
        return ranOut && !endIntact ? .truncated(.jpeg) : .corrupt(.jpeg, reason: message)
    }
}
