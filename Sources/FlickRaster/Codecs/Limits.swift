enum Limits {
    /// Refuses a header whose pixel count is over `options.pixelLimit`, before any allocation.
    static func check(_ header: ImageHeader, _ options: DecodeOptions) throws(ImageDecodingError) {
        let (area, overflow) = header.pixelSize.width.multipliedReportingOverflow(by: header.pixelSize.height)
        if overflow || area > options.pixelLimit {
            throw .tooLarge(header.format, header.pixelSize, limit: options.pixelLimit)
        }
    }
}
