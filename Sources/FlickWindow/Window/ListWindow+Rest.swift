import FlickCore
import FlickHost
import FlickList

/// Resting: an interactive window whose list is at rest runs no frames (`HostRest`). It
/// sleeps in SDL's queue until input, a landed result (`FrameWake` pushes a wake event) or the
/// earliest deadline, then runs the next frame at once. Main thread.
extension ListWindow {
    /// Whether the window has something of its own under way that needs frames: a rebuild,
    /// a pointer a script holds down.
    var isBusy: Bool { engineRebuild.isUnderWay || scriptHoldsPointer }

    /// When the window itself needs its next frame: the bottom bar's message to clear (the
    /// frame at its time clears it).
    var ownDeadline: Double? { overlays.contains(.statusBar) ? status?.until : nil }

    /// After a frame begun when `FrameWake` stood at `seen`: sleeps while the list is at rest,
    /// but not past `limit` (wall clock). Lockstep runs never sleep.
    func rest(since seen: UInt64, limit: Double?) {
        guard !configuration.lockstep,
            var duration = HostRest.sleep(engine: engine, now: now, busy: isBusy, deadline: ownDeadline, configuration: configuration.rest),
            duration > 0
        else { return }
        if let limit { duration = min(duration, limit - clock.now) }
        guard duration > 0, let sleeper = FrameWake.shared.sleep(since: seen, wake: SDLDisplay.pushWake) else { return }
        restStatistics.began()
        display.waitForEvent(timeout: duration)
        sleeper.end()
        restStatistics.ended()
        frameTiming.rested(until: clock.now - clockOrigin)
        // The next frame starts now: input waits for no frame interval.
        nextFrameStart = clock.now
        pacer = FramePacer(hz: configuration.hz, start: nextFrameStart)
    }
}
