import FlickCore
import FlickList
import FlickTestSupport
@testable import FlickWindow
import Foundation
import Testing

/// An interactive SDL window whose list is at rest runs no frames: it sleeps in SDL's queue
/// until a real key arrives through the X server, or a worker's result lands (`FrameWake`).
/// The backstop is set far beyond each test, so only a real wake can end a sleep.
@Suite("A window at rest", .serialized)
@MainActor
struct WindowRestTests {
    static func window(title: String, source: StripedRows) throws -> ListWindow<StripedTaps> {
        var configuration = WindowConfiguration()
        configuration.viewport = Size(width: 200, height: 300)
        configuration.hz = 60
        configuration.overlays = []
        configuration.title = title
        configuration.rest.backstop = 600
        let pool = QueuePool<Void>(queuesPerLane: 1, workerNice: 0) { _ in () }
        return try ListWindow(configuration: configuration, interaction: StripedTaps()) { viewport, _ in
            ListEngine(source: source, viewport: viewport, scale: .two, placeholder: nil, pool: pool)
        }
    }

    @Test func aWindowAtRestRunsNoFramesUntilARealKeyWakesIt() throws {
        let display = try TestDisplay.acquire()
        defer { display.stop() }
        let window = try Self.window(title: "flick-rest-\(getpid())-keys", source: StripedRows(count: 200))
        defer { window.close() }
        for _ in 0..<20 where !(window.engine.visibleRowsFullyDrawn && window.restStatistics.rests > 0) {
            window.runInteractively(seconds: 0.25)
        }
        #expect(window.engine.visibleRowsFullyDrawn)
        #expect(window.engine.isAtRest)

        let before = (frames: window.framesRun, rests: window.restStatistics.rests)
        window.runInteractively(seconds: 1)
        #expect(window.framesRun - before.frames <= 1, "a list at rest runs no frames (at 60 Hz a second is 60)")
        #expect(window.restStatistics.rests > before.rests, "it slept instead")

        let id = try #require(window.display.x11WindowID, "the window is on X11")
        let offset = window.engine.contentOffset
        let atKey = window.framesRun
        var moved = false
        for _ in 0..<4 where !moved {
            let presser = Thread {
                usleep(200_000)
                try? SyntheticKeys.press("Page_Down", inWindow: id)
            }
            presser.start()
            window.runInteractively(seconds: 2)
            moved = window.engine.contentOffset > offset
        }
        #expect(moved, "the key woke the sleeping window and its list moved")
        #expect(window.framesRun > atKey + 5, "frames ran while it moved (Page Down glides)")
        #expect(window.engine.isAtRest, "and it came to rest again")
        #expect(window.restStatistics.rests > before.rests)
        #expect(window.frameTiming.missedFrames < 30, "time asleep is not counted as missed refreshes")
    }

    /// The status bar's message wakes the window once to clear it, then the window rests again.
    @Test func aStatusMessageWakesTheWindowOnceToClearIt() throws {
        let display = try TestDisplay.acquire()
        defer { display.stop() }
        let window = try Self.window(title: "flick-rest-\(getpid())-status", source: StripedRows(count: 200))
        defer { window.close() }
        window.overlays = [.statusBar]
        window.runInteractively(seconds: 5) { window.engine.visibleRowsFullyDrawn && window.engine.isAtRest }
        window.status = ("a tap's message", window.now + 0.3)
        let before = (frames: window.framesRun, rests: window.restStatistics.rests)
        window.runInteractively(seconds: 1.5)
        #expect(window.restStatistics.rests >= before.rests + 2, "it rested until the message's time, and again after it")
        #expect(window.framesRun - before.frames <= 15, "a few frames show and clear the message, each bar drawn on the HUD worker (every frame at 60 Hz: 90)")
    }

    @Test func rowsDrawnWhileTheWindowSleepsWakeIt() throws {
        let display = try TestDisplay.acquire()
        defer { display.stop() }
        // Each row takes 0.1 s to draw on the one worker: the window rests between results.
        let window = try Self.window(title: "flick-rest-\(getpid())-rows", source: StripedRows(count: 200, renderDelay: 0.1))
        defer { window.close() }
        let start = Date()
        window.runInteractively(seconds: 10) { window.engine.visibleRowsFullyDrawn }
        let seconds = Date().timeIntervalSince(start)
        #expect(window.engine.visibleRowsFullyDrawn, "each row that landed woke the window to show it")
        #expect(window.restStatistics.rests > 0, "it slept while the rows were drawn")
        #expect(Double(window.framesRun) < seconds * 40, "it did not run every frame at 60 Hz: \(window.framesRun) frames in \(seconds) s")
    }
}
