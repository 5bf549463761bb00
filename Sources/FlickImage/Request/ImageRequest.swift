import FlickCore
import FlickRaster

/// What to load: an image URL, the size it is shown at and the processing done before it is
/// shown. Two requests with the same `cacheKey` share one download, one decode and one cache
/// entry.
public struct ImageRequest: Hashable, Sendable, CustomStringConvertible {
    /// The URL as the feed gives it: `http(s)://`, `file://`, or a path relative to the feed
    /// (what it may read: the pipeline's `ImageAccessPolicy`).
    public let url: String
    /// Display size in points.
    public let pointSize: Size
    /// Device pixels per point.
    public let scale: DisplayScale
    /// Applied in order on a worker after decoding (aspect fill, circle, corners).
    public let processors: [ImageProcessor]

    public init(url: String, pointSize: Size, scale: DisplayScale, processors: [ImageProcessor] = []) {
        self.url = url
        self.pointSize = pointSize
        self.scale = scale
        self.processors = processors
    }

    /// The whole-device-pixel size of the result (seed 004 §6: no fractional pixels).
    public var pixelSize: PixelSize {
        PixelSize(width: max(1, scale.pixels(pointSize.width)), height: max(1, scale.pixels(pointSize.height)))
    }

    /// Stable across runs: URL, pixel size and processors.
    public var cacheKey: String {
        let processing = processors.map(\.description).joined(separator: "+")
        return "\(url)|\(pixelSize.width)x\(pixelSize.height)|\(processing)"
    }

    public var description: String { cacheKey }
}

/// How urgently a request's row needs it (the list engine's ranges). Lower raw values run first.
public enum ImagePriority: Int, Comparable, Sendable, CaseIterable {
    /// On screen now.
    case visible = 0
    /// About to come on screen (display range).
    case display = 1
    /// Further ahead (preload range).
    case preload = 2

    public static func < (lhs: ImagePriority, rhs: ImagePriority) -> Bool { lhs.rawValue < rhs.rawValue }
}
