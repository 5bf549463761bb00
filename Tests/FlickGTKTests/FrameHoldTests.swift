import FlickCore
@testable import FlickGTK
import Testing

/// Work a frame asks for starts after GTK has painted the frame.
extension FlickListViewTests {
    @Test func workerWakesAreHeldFromTheFramesUpdateToItsAfterPaint() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        var heldDuringFrames: [Bool] = []
        let view = bed.view
        bed.view.onFrame = { _ in heldDuringFrames.append(view.holdsWorkerWakes && HeldWakes.isHolding) }
        bed.view.engine.fling(velocity: 3000, time: bed.view.now)
        bed.frames(5)
        bed.view.onFrame = nil
        #expect(heldDuringFrames.count == 5 && heldDuringFrames.allSatisfy { $0 }, "held after the engine's frame: \(heldDuringFrames)")
        GtkHost.iterate(until: { !view.holdsWorkerWakes })  // the last frame's paint and after-paint
        #expect(!view.holdsWorkerWakes, "the last frame's after-paint let the wake-ups go")
    }
}
