import FlickCore
import FlickList
import FlickRaster

/// What one snapshot of the list shows: the layers (each bitmap by identity, with its place
/// and clip: the focus ring and selection tint among them) and the background. Two equal values paint the same pixels, so a
/// frame whose `PaintedFrame` equals the last one painted asks GTK for no redraw. The value
/// holds its bitmaps, so an identity cannot be reused by a new bitmap while it is compared.
/// Plain value, made on the main thread.
struct PaintedFrame: Equatable {
    struct Layer: Equatable {
        let bitmap: Bitmap
        let origin: Point
        let clip: Rect?

        static func == (a: Layer, b: Layer) -> Bool { a.bitmap === b.bitmap && a.origin == b.origin && a.clip == b.clip }
    }

    let size: Size
    let background: Color
    let layers: [Layer]

    init(size: Size, background: Color, layers: [DisplayLayer]) {
        self.size = size
        self.background = background
        self.layers = layers.map { Layer(bitmap: $0.bitmap, origin: $0.origin, clip: $0.clip) }
    }

    /// The parts of the viewport (0…`height` points) no opaque full-width layer covers: only
    /// these get the background colour, so GTK does not fill the whole viewport under rows
    /// that hide it (a software renderer pays for every pixel twice otherwise). Ordered top
    /// to bottom.
    static func backgroundGaps(_ layers: [DisplayLayer], width: Double, height: Double) -> [ClosedRange<Double>] {
        var covered: [ClosedRange<Double>] = []
        for layer in layers where layer.isOpaque {
            var frame = layer.frame
            if let clip = layer.clip {
                guard let cut = frame.intersection(clip) else { continue }
                frame = cut
            }
            guard frame.minX <= 0, frame.maxX >= width, frame.maxY > 0, frame.minY < height else { continue }
            covered.append(max(0, frame.minY)...min(height, frame.maxY))
        }
        covered.sort { $0.lowerBound < $1.lowerBound }
        var gaps: [ClosedRange<Double>] = []
        var cursor = 0.0
        for span in covered {
            if span.lowerBound > cursor { gaps.append(cursor...span.lowerBound) }
            cursor = max(cursor, span.upperBound)
        }
        if cursor < height { gaps.append(cursor...height) }
        return gaps
    }
}
