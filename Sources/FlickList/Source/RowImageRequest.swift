import FlickCore
import FlickRaster

/// One image a row shows in its own layer.
public struct RowImageRequest: Hashable, Sendable {
    public let url: String
    /// Where it goes in the cell, points.
    public let frame: Rect
    public let pixelSize: PixelSize
    /// Done on a worker after decoding (aspect fill, circle, corners): part of the cache key.
    public let processors: [ImageProcessor]

    public init(url: String, frame: Rect, pixelSize: PixelSize, processors: [ImageProcessor]) {
        self.url = url
        self.frame = frame
        self.pixelSize = pixelSize
        self.processors = processors
    }
}
