import FlickCore
import FlickList
import Testing

/// `ListEngine.isAtRest`: what keeps a host running frames, and what lets it sleep.
@Suite("Engine rest")
@MainActor
struct EngineRestTests {
    @Test func aSettledListIsAtRestAndMotionOrChangesWakeIt() {
        let engine = DrawSchedulingTests.engine(RecordingDataSource(rowCount: 100))
        engine.frame(at: 0)
        engine.waitForWorkers()
        engine.frame(at: 0.016)
        #expect(engine.isAtRest, "nothing moves or waits")
        engine.fling(velocity: 2000, time: 0.02)
        #expect(!engine.isAtRest, "a fling runs frames")
        var time = 0.02
        while engine.physics.phase != .idle, time < 20 {
            time += 1.0 / 60
            engine.frame(at: time)
        }
        #expect(engine.isAtRest, "the fling came to rest")
        engine.apply(.reloading([3], count: 100))
        #expect(!engine.isAtRest, "changes wait for the next frame")
        engine.frame(at: time + 0.016)
        engine.scrollTo(row: 80, align: .center, animated: true, time: time + 0.02)
        #expect(!engine.isAtRest, "a scroll to a row runs frames")
    }

    @Test func aRequestedFrameIsKeptUntilAFrameReachesIt() {
        let engine = DrawSchedulingTests.engine(RecordingDataSource(rowCount: 10))
        engine.requestFrame(at: 5)
        engine.requestFrame(at: 2)
        engine.requestFrame(at: 3)
        #expect(engine.requestedFrameTime == 2, "the earliest wins")
        engine.frame(at: 1)
        #expect(engine.requestedFrameTime == 2)
        engine.frame(at: 2)
        #expect(engine.requestedFrameTime == nil, "the frame at its time takes it")
    }
}
