import FlickCore

/// A transform applied to a decoded bitmap on a worker, so the main thread never masks,
/// rounds or scales layers (seed 002 "优化二": pre-render corners and scaling off the main
/// thread, and cache the result).
///
/// Processors chain: decode with `.fill(size)`, then `.aspectFill(size)`, then `.circle`.
public enum ImageProcessor: Hashable, Sendable, CustomStringConvertible {
    /// Scales to cover `size` and crops the centre to exactly `size`.
    case aspectFill(PixelSize)
    /// Crops to the centred circle of the shorter side; draws a border of `borderWidth`
    /// points inside the edge when `borderWidth` > 0.
    case circle(borderWidth: Double, borderColor: Color)
    /// Clears the corners outside a radius of `radius` points.
    case roundedCorners(radius: Double)
    /// Composites over the opaque `background` (the cell colour behind the image): the result
    /// is opaque, so the main thread copies it instead of blending (seed 002: no blended
    /// layers). Last in a chain, after circle or corners.
    case flatten(onto: Color)

    /// A stable identifier for cache keys.
    public var description: String {
        switch self {
        case .aspectFill(let size): "fill(\(size.width)x\(size.height))"
        case .circle(let width, let color): "circle(\(width),\(color))"
        case .roundedCorners(let radius): "corners(\(radius))"
        case .flatten(let background): "flatten(\(background))"
        }
    }

    /// Whether this processor's result is opaque whatever its input (a flatten onto an opaque
    /// colour), so no one needs to scan its pixels to know.
    public var makesOpaque: Bool {
        if case .flatten(let background) = self { background.alpha >= 1 } else { false }
    }

    /// Applies the processor. Any thread.
    public func process(_ bitmap: Bitmap) -> Bitmap {
        switch self {
        case .aspectFill(let size): Self.aspectFill(bitmap, to: size)
        case .circle(let width, let color): Self.circle(bitmap, borderWidth: width, borderColor: color)
        case .roundedCorners(let radius): Self.roundCorners(bitmap, radius: radius)
        case .flatten(let background): Self.flatten(bitmap, onto: background)
        }
    }

    /// Applies each processor in order.
    public static func apply(_ processors: [ImageProcessor], to bitmap: Bitmap) -> Bitmap {
        processors.reduce(bitmap) { $1.process($0) }
    }

    /// The rect (in `target`'s pixel units) where a source of `source` pixels lands when
    /// scaled to cover `target` and centred.
    static func coverRect(source: PixelSize, target: PixelSize) -> Rect {
        let factor = max(Double(target.width) / Double(source.width), Double(target.height) / Double(source.height))
        let width = Double(source.width) * factor
        let height = Double(source.height) * factor
        return Rect(
            x: (Double(target.width) - width) / 2, y: (Double(target.height) - height) / 2, width: width,
            height: height)
    }

    /// Draws `bitmap` scaled to cover the whole canvas, centred.
    private static func drawCovering(_ bitmap: Bitmap, on canvas: Canvas) {
        let cover = coverRect(source: bitmap.pixelSize, target: canvas.pixelSize)
        let s = canvas.scale.value
        canvas.draw(bitmap, in: Rect(x: cover.minX / s, y: cover.minY / s, width: cover.width / s, height: cover.height / s))
    }

    private static func aspectFill(_ bitmap: Bitmap, to size: PixelSize) -> Bitmap {
        guard !size.isEmpty, !bitmap.pixelSize.isEmpty else { return bitmap }
        let canvas = Canvas(pixelSize: size, scale: bitmap.scale)
        drawCovering(bitmap, on: canvas)
        return canvas.makeBitmap()
    }

    private static func circle(_ bitmap: Bitmap, borderWidth: Double, borderColor: Color) -> Bitmap {
        let side = min(bitmap.pixelSize.width, bitmap.pixelSize.height)
        guard side > 0 else { return bitmap }
        let square = PixelSize(width: side, height: side)
        let canvas = Canvas(pixelSize: square, scale: bitmap.scale)
        let bounds = canvas.bounds
        canvas.withSavedState {
            canvas.clip(toEllipseIn: bounds)
            drawCovering(bitmap, on: canvas)
        }
        if borderWidth > 0 {
            canvas.strokeEllipse(
                in: bounds.insetBy(dx: borderWidth / 2, dy: borderWidth / 2), lineWidth: borderWidth, borderColor)
        }
        return canvas.makeBitmap()
    }

    private static func roundCorners(_ bitmap: Bitmap, radius: Double) -> Bitmap {
        guard radius > 0, !bitmap.pixelSize.isEmpty else { return bitmap }
        let canvas = Canvas(pixelSize: bitmap.pixelSize, scale: bitmap.scale)
        canvas.clip(to: canvas.bounds, cornerRadius: radius)
        canvas.draw(bitmap, in: canvas.bounds)
        return canvas.makeBitmap()
    }

    private static func flatten(_ bitmap: Bitmap, onto background: Color) -> Bitmap {
        guard !bitmap.pixelSize.isEmpty, background.alpha >= 1 else { return bitmap }
        let canvas = Canvas(size: bitmap.pointSize, scale: bitmap.scale, opaqueBackground: background)
        canvas.blend(bitmap, at: Point(x: 0, y: 0))
        return canvas.makeBitmap()
    }
}
