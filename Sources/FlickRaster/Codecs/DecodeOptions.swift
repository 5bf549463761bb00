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
    /// The most working memory one decode may hold, in bytes: decoded pixels plus what the
    /// codec keeps beside them (a progressive JPEG's coefficients, a lossless WebP's whole-image
    /// buffer, an interlaced PNG's block sums), estimated from the header before anything is
    /// allocated; over it the image is refused (`.overMemoryLimit`). Default 256 MB: a full
    /// decode at the 50 MP pixel limit (200 MB) still passes, so these options alone keep what
    /// the pixel limit allowed; the image pipeline, which decodes to slots, sets 96 MB.
    public var memoryLimit: Int
    /// Most scans a progressive JPEG may have (`.tooManyScans` past it). Default 100: encoders
    /// write about 10 (libjpeg's default script), mozjpeg under 30, while each scan revisits the
    /// whole image, so thousands of tiny scans cost seconds for one picture.
    public var maxProgressiveScans: Int
    /// With `.fill(box)`: decode only the centre of the image the box shows (the box's aspect),
    /// so the result is at most the box and never needs a crop afterwards; the other pixels
    /// are read and dropped (PNG, JPEG) or skipped by the codec (WebP). A 60000×8 panorama
    /// shown in a square slot becomes its centre 8×8 instead of 60000×8. Default false:
    /// `.fill` keeps the whole image, covering the box.
    public var cropsToFill: Bool

    public init(
        target: DownsampleTarget = .original, pixelLimit: Int = 50_000_000, scale: DisplayScale = .one,
        memoryLimit: Int = 256 * 1024 * 1024, maxProgressiveScans: Int = 100, cropsToFill: Bool = false
    ) {
        self.target = target
        self.pixelLimit = pixelLimit
        self.scale = scale
        self.memoryLimit = memoryLimit
        self.maxProgressiveScans = maxProgressiveScans
        self.cropsToFill = cropsToFill
    }

    /// The part of a `source`-sized image to decode: the centred region with the box's aspect
    /// for `.fill(box)` when `cropsToFill`, otherwise the whole image. Whole pixels, at least 1.
    public func region(of source: PixelSize) -> PixelRegion {
        guard cropsToFill, case .fill(let box) = target, !box.isEmpty, !source.isEmpty else {
            return PixelRegion(x: 0, y: 0, size: source)
        }
        // Compare aspects without division: source.w / source.h against box.w / box.h.
        let wide = source.width * box.height > box.width * source.height
        var size = source
        if wide {
            size.width = min(source.width, max(1, Int((Double(source.height) * Double(box.width) / Double(box.height)).rounded())))
        } else {
            size.height = min(source.height, max(1, Int((Double(source.width) * Double(box.height) / Double(box.width)).rounded())))
        }
        return PixelRegion(x: (source.width - size.width) / 2, y: (source.height - size.height) / 2, size: size)
    }
}

/// A rectangle of whole pixels inside an image.
public struct PixelRegion: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var size: PixelSize

    public init(x: Int, y: Int, size: PixelSize) {
        self.x = x
        self.y = y
        self.size = size
    }

    /// This region in an image scaled from `source` to `scaled` pixels (rounded inwards, at
    /// least 1 × 1, inside the scaled image).
    func scaled(from source: PixelSize, to scaled: PixelSize) -> PixelRegion {
        func map(_ start: Int, _ length: Int, _ from: Int, _ to: Int) -> (Int, Int) {
            let begin = min(to - 1, Int((Double(start) * Double(to) / Double(from)).rounded(.up)))
            let end = max(begin + 1, min(to, Int((Double(start + length) * Double(to) / Double(from)).rounded(.down))))
            return (begin, end - begin)
        }
        let (x, width) = map(x, size.width, source.width, scaled.width)
        let (y, height) = map(y, size.height, source.height, scaled.height)
        return PixelRegion(x: x, y: y, size: PixelSize(width: width, height: height))
    }
}
