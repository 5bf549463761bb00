import FlickCore

/// Resizes bitmaps with Cairo's GOOD filter (a box/bilinear filter in pixman, not point
/// sampling). Any thread.
enum Resampler {
    /// The deepest downscale one pass may take. Cairo 1.16 clips GOOD's box kernel to 16
    /// source pixels, so a 40× pass reads 16 of every 40 rows (stripes alias to solid
    /// colours), and past ~32,768× pixman's fixed-point transform draws nothing at all.
    static let maxStepFactor = 16

    /// - Precondition: `size` fits a `Canvas` (decoders check with `Limits.checkResample`).
    static func resample(_ bitmap: Bitmap, to size: PixelSize) -> Bitmap {
        precondition(
            size.width <= Bitmap.maxSurfaceSide && size.height <= Bitmap.maxSurfaceSide, "resample target \(size) beyond Cairo")
        var current = bitmap
        while current.pixelSize != size {
            current = pass(current, to: nextStep(from: current.pixelSize, to: size))
        }
        return current
    }

    /// The next size on the way from `source` to `target`: at most `maxStepFactor` smaller
    /// per side, never below the target, never over what a `Canvas` can hold.
    static func nextStep(from source: PixelSize, to target: PixelSize) -> PixelSize {
        func side(_ from: Int, _ to: Int) -> Int {
            let shrunk = (from + maxStepFactor - 1) / maxStepFactor
            return min(Bitmap.maxSurfaceSide, max(to, shrunk))
        }
        return PixelSize(width: side(source.width, target.width), height: side(source.height, target.height))
    }

    private static func pass(_ bitmap: Bitmap, to size: PixelSize) -> Bitmap {
        let canvas = Canvas(pixelSize: size, scale: bitmap.scale)
        canvas.draw(bitmap, in: canvas.bounds)
        return canvas.makeBitmap()
    }
}
