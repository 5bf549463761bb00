import FlickCore

/// How big a decoded image should be. Decoders never upscale: a target larger than the
/// source yields the source size.
public enum DownsampleTarget: Hashable, Sendable {
    /// Full size.
    case original
    /// Largest size that fits inside the box, aspect kept (for aspect-fit display).
    case fit(PixelSize)
    /// Smallest size that covers the box, aspect kept (for aspect-fill thumbnails, then cropped).
    case fill(PixelSize)

    /// The output size for a source of `source` pixels: whole pixels, at least 1×1, never
    /// larger than the source.
    public func outputSize(for source: PixelSize) -> PixelSize {
        let factor: Double
        switch self {
        case .original:
            return source
        case .fit(let box):
            factor = min(Double(box.width) / Double(source.width), Double(box.height) / Double(source.height))
        case .fill(let box):
            factor = max(Double(box.width) / Double(source.width), Double(box.height) / Double(source.height))
        }
        guard factor < 1 else { return source }
        return PixelSize(
            width: max(1, Int((Double(source.width) * factor).rounded())),
            height: max(1, Int((Double(source.height) * factor).rounded())))
    }
}

/// Options for `ImageDecoder.decode`.
public struct DecodeOptions: Hashable, Sendable {
    /// The size to decode to. Default `.original`.
    public var target: DownsampleTarget
    /// The largest pixel count (width × height) a header may declare; larger images are
    /// refused before any pixel memory is allocated. Default 50 MP: a 7000×7000 photo passes,
    /// a decompression bomb does not.
    public var pixelLimit: Int
    /// The scale the resulting bitmap declares. Default 1.
    public var scale: DisplayScale

    public init(target: DownsampleTarget = .original, pixelLimit: Int = 50_000_000, scale: DisplayScale = .one) {
        self.target = target
        self.pixelLimit = pixelLimit
        self.scale = scale
    }
}
