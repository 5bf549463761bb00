import FlickCore
import FlickImage
import FlickRaster

/// One image a row shows in its own layer.
public struct RowImageRequest: Hashable, Sendable {
    public let url: String
    /// Where it goes in the cell, points.
    public let frame: Rect
    /// Done on a worker after decoding (aspect fill, circle, corners): part of the cache key.
    public let processors: [ImageProcessor]

    public init(url: String, frame: Rect, processors: [ImageProcessor]) {
        self.url = url
        self.frame = frame
        self.processors = processors
    }

    /// The pipeline request for this slot at `scale` (its pixel size follows from the frame).
    func imageRequest(scale: DisplayScale) -> ImageRequest {
        ImageRequest(url: url, pointSize: frame.size, scale: scale, processors: processors)
    }

    /// The layer a load's result shows: the image, or the error tile in its place. Draws the
    /// tile, so call it on a worker (or, in the naive pipeline, where drawing is the point).
    func layer(for result: Result<Bitmap, ImageLoadError>, scale: DisplayScale, isOpaque: Bool) -> RowImageLayer {
        switch result {
        case .success(let bitmap): RowImageLayer(bitmap: bitmap, frame: frame, isOpaque: isOpaque)
        case .failure: RowImageLayer(bitmap: ErrorTile.make(size: frame.size, scale: scale), frame: frame, isOpaque: true)
        }
    }
}
