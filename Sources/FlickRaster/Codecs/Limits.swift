import FlickCore

enum Limits {
    /// Refuses a header whose pixel count is over `options.pixelLimit`, before any allocation.
    static func check(_ header: ImageHeader, _ options: DecodeOptions) throws(ImageDecodingError) {
        let (area, overflow) = header.pixelSize.width.multipliedReportingOverflow(by: header.pixelSize.height)
        if overflow || area > options.pixelLimit {
            throw .tooLarge(header.format, header.pixelSize, limit: options.pixelLimit)
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
