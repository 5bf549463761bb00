import CGtk4
@testable import FlickGTK
import FlickHost
import FlickTestSupport
import Foundation
import Testing

/// The GTK widget at rest: its tick comes off the frame clock, GLib's main loop sleeps, and a
/// real key (xdotool through the X server) puts the tick back. The backstop is set far beyond
/// the test, so only a real wake ends a rest.
extension FlickListViewTests {
    @Test func aWidgetAtRestLeavesTheFrameClockUntilARealKeyWakesIt() throws {
        let bed = try GtkTestbed { configuration in
            configuration.lockstep = false
            configuration.rest.backstop = 600
        }
        defer { bed.close() }
        gtk_widget_grab_focus(bed.view.canvas)
        for _ in 0..<40 where bed.view.tickID != 0 { GtkHost.run(seconds: 0.25) }
        #expect(bed.view.tickID == 0, "the list came to rest and took its tick off the clock")
        #expect(bed.view.engine.visibleRowsFullyDrawn)

        let before = (frames: bed.view.framesRun, rests: bed.view.restStatistics.rests)
        GtkHost.run(seconds: 1)
        #expect(bed.view.framesRun - before.frames <= 1, "a list at rest runs no frames")

        let offset = bed.view.engine.contentOffset
        let atKey = bed.view.framesRun
        let title = GtkTestbed.title
        var moved = false
        for _ in 0..<4 where !moved {
            let presser = Thread {
                usleep(200_000)
                try? SyntheticKeys.press("End", inWindowTitled: title)
            }
            presser.start()
            GtkHost.run(seconds: 2)
            moved = bed.view.engine.contentOffset > offset
        }
        #expect(moved, "the key put the tick back and the list moved")
        #expect(bed.view.framesRun > atKey, "frames ran for it")
        for _ in 0..<20 where bed.view.tickID != 0 { GtkHost.run(seconds: 0.25) }
        #expect(bed.view.tickID == 0, "and it rested again")
        #expect(bed.view.restStatistics.rests > before.rests)
    }
}
