import FlickCore

enum Limits {
    /// Refuses a header whose pixel count is over `options.pixelLimit`, before any allocation.
    static func check(_ header: ImageHeader, _ options: DecodeOptions) throws(ImageDecodingError) {
        let (area, overflow) = header.pixelSize.width.multipliedReportingOverflow(by: header.pixelSize.height)
        if overflow || area > options.pixelLimit {
            throw .tooLarge(header.format, header.pixelSize, limit: options.pixelLimit)
        }
    }

    /// Refuses a decode whose working memory, `bytes` as each decoder estimates it from the
    /// header, is over `options.memoryLimit`, before any allocation.
    static func checkMemory(_ bytes: Int, _ header: ImageHeader, _ options: DecodeOptions) throws(ImageDecodingError) {
        if bytes > options.memoryLimit {
            throw .overMemoryLimit(header.format, header.pixelSize, bytes: bytes, limit: options.memoryLimit)
        }
    }

    /// Bytes of `size` pixels at 4 bytes each, saturating instead of overflowing.
    static func pixelBytes(_ size: PixelSize) -> Int {
        let (area, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        return overflow || area > Int.max / 4 ? Int.max : area * 4
    }

    /// The sum of byte counts, saturating at `Int.max` (a count may already be saturated).
    static func total(_ counts: Int...) -> Int {
        counts.reduce(0) { sum, count in
            let (next, overflow) = sum.addingReportingOverflow(count)
            return overflow ? Int.max : next
        }
    }

    /// Refuses a resampled result no `Canvas` can hold (over Cairo's 32767 px side): fitting
    /// a 1080×40000 long screenshot into 1000×40000 would need 1000×37037 px. A typed error,
    /// not the Canvas precondition's crash.
    static func checkResample(to output: PixelSize, _ format: ImageFormat) throws(ImageDecodingError) {
        if output.width > Bitmap.maxSurfaceSide || output.height > Bitmap.maxSurfaceSide {
            throw .unsupported(format, reason: "a \(output) result is over Cairo's \(Bitmap.maxSurfaceSide) px side limit")
        }
    }
}
