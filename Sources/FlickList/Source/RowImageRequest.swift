import FlickCore
import FlickRaster

/// One image a row shows in its own layer.
public struct RowImageRequest: Hashable, Sendable {
    public let url: String
    /// Where it goes in the cell, points.
    public let frame: Rect
    public let pixelSize: PixelSize
    /// Processing identifiers (circle, corners): part of the image cache key.
    public let processing: String

    public init(url: String, frame: Rect, pixelSize: PixelSize, processing: String) {
        self.url = url
        self.frame = frame
        self.pixelSize = pixelSize
        self.processing = processing
    }
}
