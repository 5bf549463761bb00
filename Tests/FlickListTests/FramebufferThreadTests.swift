import Dispatch
import FlickCore
import FlickRaster
import Testing

@testable import FlickList

/// The headless framebuffer is drawn on the compositor's own thread: the main thread hands a
/// frame's layers over and goes on. What it must keep: a snapshot shows the newest frame, even
/// when the thread was never woken for it; a frame handed over while another waits replaces
/// it; a display learns what the thread did for each frame; the thread ends with its compositor.
@MainActor
@Suite("Framebuffer thread")
struct FramebufferThreadTests {
    static let viewport = Size(width: 40, height: 60)

    /// A solid 40 × `height` bitmap.
    static func block(_ color: UInt32, height: Double) -> Bitmap {
        let canvas = Canvas(size: Size(width: viewport.width, height: height), scale: .two)
        canvas.fill(Rect(x: 0, y: 0, width: viewport.width, height: height), Color(hex: color))
        return canvas.makeBitmap()
    }

    static func row(_ index: Int, top: Double, _ bitmap: Bitmap) -> Compositor.Row {
        Compositor.Row(
            index: index, top: top, height: bitmap.pointSize.height, full: bitmap, fullIsStale: false, skeleton: nil)
    }

    /// The colour at point `y` down the middle of `bitmap`.
    static func color(in bitmap: Bitmap, atPoint y: Double) -> Pixel {
        bitmap.pixel(x: 40, y: Int(y * 2))
    }

    @Test func aSnapshotTakenWhileTheWakeIsHeldDrawsTheNewestFrameItself() {
        let compositor = Compositor(viewport: Self.viewport, scale: .two, placeholder: nil)
        let red = Self.block(0xCC2020, height: 60)
        let blue = Self.block(0x2020CC, height: 60)
        var stats = FrameStats()
        // Inside one hold the thread is not woken: both frames wait, the second replaces the
        // first, and the snapshot must draw it on this thread rather than wait for a wake that
        // comes only when the hold ends.
        let snapshot = HeldWakes.holding {
            stats.index = 1
            compositor.compose([Self.row(0, top: 0, red)], stats: &stats)
            stats.index = 2
            compositor.compose([Self.row(0, top: 0, blue)], stats: &stats)
            return compositor.snapshot()
        }
        #expect(Self.color(in: snapshot, atPoint: 30) == Self.color(in: blue, atPoint: 30), "the newest frame is shown")
        let drawn = compositor.takeDrawnFrames()
        #expect(drawn.map(\.index) == [2], "only the newest of the waiting frames is drawn: \(drawn.map(\.index))")
        #expect(drawn.first?.replacedBefore == 1, "the frame it replaced is counted")
        #expect(compositor.lastRedrawnRows == compositor.pixelSize.height, "the first frame drawn is a full redraw")
    }

    @Test func framesHandedOverOneAtATimeAreEachDrawnAndScrolledInTheRing() {
        let compositor = Compositor(viewport: Self.viewport, scale: .two, placeholder: nil)
        let rows = (0..<6).map { Self.block(0x101010 + UInt32($0) * 0x202020, height: 20) }
        var stats = FrameStats()
        var shown: [Bitmap] = []
        for (frame, offset) in [0.0, 5, 10, 15].enumerated() {
            stats.index = frame
            compositor.compose((0..<rows.count).map { Self.row($0, top: Double($0) * 20 - offset, rows[$0]) }, stats: &stats)
            compositor.finishFrames()
            shown.append(compositor.snapshot())
            // A scroll of 5 points redraws the exposed strip only (10 pixel rows at 2x).
            if frame > 0 { #expect(compositor.lastRedrawnRows == 10, "frame \(frame) redrew \(compositor.lastRedrawnRows) rows") }
        }
        let drawn = compositor.takeDrawnFrames()
        #expect(drawn.map(\.index) == [0, 1, 2, 3])
        #expect(drawn.allSatisfy { $0.replacedBefore == 0 && $0.latencyMilliseconds >= $0.drawMilliseconds })
        for (frame, offset) in [0.0, 5, 10, 15].enumerated() {
            // Point 22 of the viewport is row 1 at offset 0 (22 + offset) / 20.
            let row = Int((22 + offset) / 20)
            #expect(Self.color(in: shown[frame], atPoint: 22) == Self.color(in: rows[row], atPoint: 1), "frame \(frame)")
        }
    }

    @Test func theHeadlessDisplayRecordsEveryFramesDrawingOffTheMainThread() {
        let source = RecordingDataSource(rowCount: 2_000, estimate: 90) { id in 40 + Double((id * 37) % 120) }
        let display = HeadlessDisplay(engine: DrawSchedulingTests.engine(source), hz: 120, pacing: .immediate)
        display.run(seconds: 0.2)
        display.engine.fling(velocity: 4_000, time: display.now)
        display.run(seconds: 0.5)
        let frames = display.frames
        #expect(frames.count == 84)
        let accounted = frames.filter { ($0.framebufferLatencyMilliseconds > 0) != $0.framebufferReplaced }
        #expect(accounted.count == frames.count, "each frame is drawn or replaced, not both: \(frames.count - accounted.count) are not")
        #expect(frames.last.map { $0.framebufferLatencyMilliseconds > 0 } == true, "the last frame is drawn")
        #expect(frames.filter { !$0.framebufferReplaced }.allSatisfy { $0.framebufferMilliseconds > 0 })
    }

    @Test func theThreadEndsWithItsCompositor() async throws {
        weak var thread: FramebufferThread?
        do {
            let compositor = Compositor(viewport: Self.viewport, scale: .two, placeholder: nil)
            var stats = FrameStats()
            compositor.compose([Self.row(0, top: 0, Self.block(0x808080, height: 60))], stats: &stats)
            _ = compositor.snapshot()
            thread = compositor.startedFramebufferThread
            #expect(thread != nil)
        }
        // The compositor is gone: its thread stops, drops its owner, and frees the ring.
        let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        while thread != nil, DispatchTime.now().uptimeNanoseconds < deadline { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(thread == nil, "the compositor's thread outlived it")
    }

    @Test func aWindowsCompositorStartsNoThread() {
        let compositor = Compositor(viewport: Self.viewport, scale: .two, placeholder: nil)
        compositor.drawsFramebuffer = false
        var stats = FrameStats()
        compositor.compose([Self.row(0, top: 0, Self.block(0x808080, height: 60))], stats: &stats)
        compositor.finishFrames()
        #expect(compositor.startedFramebufferThread == nil)
        #expect(compositor.takeDrawnFrames().isEmpty)
    }
}
