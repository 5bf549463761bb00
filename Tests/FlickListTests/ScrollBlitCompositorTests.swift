import FlickCore
import FlickList
import FlickRaster
import Testing

/// The headless compositor reuses its previous frame (moved by the scroll, changed rows
/// redrawn): every frame's pixels must equal a full redraw of that frame's layers.
@Suite("Compositor scroll-blit")
@MainActor
struct ScrollBlitCompositorTests {
    /// The frame drawn from nothing: background, then each layer in order.
    static func fullRedraw(_ compositor: Compositor) -> Bitmap {
        let canvas = Canvas(size: compositor.viewport, scale: compositor.scale)
        canvas.fill(Rect(origin: .zero, size: compositor.viewport), compositor.background)
        for layer in compositor.layers {
            canvas.withSavedState {
                if let clip = layer.clip {
                    canvas.clip(to: clip)
                    canvas.copy(layer.bitmap, at: layer.origin)
                } else if layer.isOpaque {
                    canvas.copy(layer.bitmap, at: layer.origin)
                } else {
                    canvas.blend(layer.bitmap, at: layer.origin)
                }
            }
        }
        return canvas.snapshot()
    }

    static func differingRows(_ a: Bitmap, _ b: Bitmap) -> [Int] {
        guard a.pixelSize == b.pixelSize else { return [-1] }
        return (0..<a.pixelSize.height).filter { y in
            (0..<a.pixelSize.width).contains { x in a.pixel(x: x, y: y) != b.pixel(x: x, y: y) }
        }
    }

    @Test func everyFrameOfScrollsFlingsAndJumpsEqualsAFullRedraw() {
        // Rows of varied heights, so rows enter and leave at many offsets.
        let source = RecordingDataSource(rowCount: 400, estimate: 90) { id in 40 + Double((id * 37) % 120) }
        let engine = DrawSchedulingTests.engine(source, queues: 2)
        var time = 0.0
        var reused = 0
        var checked = 0
        func frame(waiting: Bool = true) {
            if waiting { engine.waitForWorkers() }
            engine.frame(at: time)
            time += 1.0 / 120
            let rows = engine.compositor.pixelSize.height
            if engine.compositor.lastRedrawnRows < rows { reused += 1 }
            let wrong = Self.differingRows(engine.compositor.snapshot(), Self.fullRedraw(engine.compositor))
            #expect(wrong.count == 0, "frame \(checked): rows \(wrong.prefix(8)) differ from a full redraw")
            checked += 1
        }
        for _ in 0..<5 { frame() }
        engine.fling(velocity: 3_000, time: time)
        for _ in 0..<60 { frame() }
        engine.fling(velocity: -1_500, time: time)
        for _ in 0..<40 { frame() }
        engine.jump(toRow: 250, time: time)
        for _ in 0..<10 { frame() }
        // Rows arriving while the list moves: clipped placeholder tiles scroll through the ring.
        engine.jump(toRow: 120, time: time)
        engine.fling(velocity: 2_500, time: time)
        for index in 0..<60 { frame(waiting: index % 4 == 0) }
        #expect(reused > 60, "most frames reuse the previous one (\(reused) of \(checked))")
    }

    /// Kind skeletons cut at rows whose ends fall inside a pixel row (fractional heights at 2x),
    /// with gaps between rows: whole pixel rows are plain copies, the cut rows and the gaps go
    /// through Cairo; each frame of a scroll must match Cairo drawing everything.
    @Test func skeletonPiecesCutInsidePixelRowsAndGapsMatchCairo() {
        let skeleton = Canvas(size: Size(width: 40, height: 90), scale: .two)
        for band in 0..<9 {
            skeleton.fill(Rect(x: 0, y: Double(band) * 10, width: 40, height: 10), Color(hex: UInt32(0x203040 + band * 0x151007)))
        }
        let shape = KindSkeleton(bitmap: skeleton.makeBitmap(), kind: 0)
        let compositor = Compositor(viewport: Size(width: 40, height: 200), scale: .two, placeholder: nil)
        let heights = [37.3, 61.7, 150.25, 22.9]
        for shift in [0.0, 0.5, 3.0, 7.5, 8.0, 40.0] {
            var top = 5.0 - shift
            var rows: [Compositor.Row] = []
            for (index, height) in heights.enumerated() {
                rows.append(Compositor.Row(index: index, top: top, height: height, full: nil, fullIsStale: false, skeleton: nil, kindSkeleton: shape))
                top += height + 3.25  // a gap the background shows through
            }
            var stats = FrameStats()
            compositor.compose(rows, stats: &stats)
            #expect(Self.differingRows(compositor.snapshot(), Self.fullRedraw(compositor)) == [], "scrolled \(shift) pt")
        }
    }
}
