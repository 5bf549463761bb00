import FlickCore

/// Resizes bitmaps with Cairo's GOOD filter (a proper box/bilinear downscale in pixman,
/// not point sampling). Any thread.
enum Resampler {
    static func resample(_ bitmap: Bitmap, to size: PixelSize) -> Bitmap {
        guard size != bitmap.pixelSize else { return bitmap }
        let canvas = Canvas(pixelSize: size, scale: bitmap.scale)
        canvas.draw(bitmap, in: canvas.bounds)
        return canvas.makeBitmap()
    }
}
