import FlickCore

/// Where a layer lands on the display and whether it lands cleanly. Pure; any thread.
///
/// A layer is *misaligned* when its origin is not on whole device pixels (the display must
/// resample it: blurry, and a blend instead of a copy — seed 004 §6, Instruments' "Color
/// Misaligned Images"), and *scaled* when its bitmap was made for another display scale.
public enum LayerPlacement: Hashable, Sendable {
    case aligned
    case misaligned
    case scaled

    /// How `layer` lands at `scale`.
    public static func of(_ layer: DisplayLayer, scale: DisplayScale) -> LayerPlacement {
        of(origin: layer.origin, bitmapScale: layer.bitmap.scale, scale: scale)
    }

    /// How a bitmap made at `bitmapScale` placed at `origin` (points) lands at `scale`.
    public static func of(origin: Point, bitmapScale: DisplayScale, scale: DisplayScale) -> LayerPlacement {
        if abs(bitmapScale.value - scale.value) > 1e-9 { return .scaled }
        return scale.isAligned(origin.x) && scale.isAligned(origin.y) ? .aligned : .misaligned
    }

    /// The destination rectangle in device pixels: the origin rounded to the nearest pixel
    /// and the bitmap's size converted from its scale to the display's.
    public static func destination(origin: Point, pixelSize: PixelSize, bitmapScale: DisplayScale, scale: DisplayScale)
        -> (x: Int, y: Int, width: Int, height: Int)
    {
        let factor = scale.value / bitmapScale.value
        return (
            scale.pixels(origin.x), scale.pixels(origin.y),
            Int((Double(pixelSize.width) * factor).rounded()), Int((Double(pixelSize.height) * factor).rounded())
        )
    }

    /// Layers of `layers` that do not land cleanly, with how.
    public static func problems(in layers: [DisplayLayer], scale: DisplayScale) -> [(index: Int, placement: LayerPlacement)] {
        layers.indices.compactMap { index in
            let placement = of(layers[index], scale: scale)
            return placement == .aligned ? nil : (index, placement)
        }
    }
}
