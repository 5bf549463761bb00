import FlickCore
import FlickList
import Testing

/// The engine's frame holds worker wake-ups (see `HeldWakes`).
@Suite("Frame wakes")
@MainActor
struct FrameWakesTests {
    @Test func aFrameHoldsWorkerWakesWhileItRuns() {
        let engine = DrawSchedulingTests.engine(RecordingDataSource(rowCount: 100))
        var heldDuringFrame: [Bool] = []
        engine.beforeFrame = { _ in heldDuringFrame.append(HeldWakes.isHolding) }
        engine.frame(at: 0)
        engine.jump(toRow: 60, time: 0.01)
        engine.frame(at: 0.01)
        #expect(heldDuringFrame == [true, true])
        engine.waitForWorkers()
        engine.frame(at: 0.02)
        #expect(engine.counters.layouts > 0, "the held work ran once the frames ended")
    }
}
