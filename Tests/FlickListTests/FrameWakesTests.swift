import FlickCore
import FlickList
import Foundation
import Testing

/// The engine's frame holds worker wake-ups (see `HeldWakes`): work submitted during a frame
/// starts when the frame is composed.
@Suite("Frame wakes")
@MainActor
struct FrameWakesTests {
    @Test func workSubmittedDuringAFrameStartsWhenTheFrameEnds() {
        let engine = DrawSchedulingTests.engine(RecordingDataSource(rowCount: 100))
        let ran = LockedBox(0)
        var ranDuringFrame: [Int] = []
        engine.beforeFrame = { _ in
            engine.pool.submit(.userInitiated) { _ in ran.withLock { $0 += 1 } }
            Thread.sleep(forTimeInterval: 0.05)  // time enough for a woken worker to run it
            ranDuringFrame.append(ran.value)
        }
        // Each frame starts on an idle pool (a queue already draining takes new work at once;
        // the hold delays only the wake-up of idle ones).
        engine.frame(at: 0)
        engine.waitForWorkers()
        engine.jump(toRow: 60, time: 0.01)
        engine.frame(at: 0.01)
        #expect(ranDuringFrame == [0, 1], "each frame's work waited for the frame (the first frame's ran after it)")
        engine.beforeFrame = nil
        engine.waitForWorkers()
        #expect(ran.value == 2)
        engine.frame(at: 0.02)
        #expect(engine.counters.layouts > 0, "the rows' held work ran once the frames ended")
    }
}
