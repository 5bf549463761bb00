import CGtk4
import FlickCore
import FlickHost
import FlickList

/// Resting: a list at rest (`HostRest`) takes its tick callback off the frame clock, so GTK
/// runs no frames for it, and GLib's main loop sleeps. Input (every controller's signal), a new
/// size, a result landing (`FrameWake`, from any thread, through an idle source) or the list's
/// next deadline (a timeout source) put the tick back. Lockstep lists and scripts never rest
/// between their frames. Main thread.
extension FlickListView {
    /// Whether the widget has something of its own under way that needs frames (a rebuild).
    var isBusy: Bool { engineRebuild.isUnderWay }

    /// After a frame begun when `FrameWake` stood at `seen`: whether the list rests now. Resting,
    /// it arranges its wakes (a result, its deadline); the caller takes the tick off the clock.
    func rest(since seen: UInt64) -> Bool {
        guard !configuration.lockstep, !isDisposed,
            let duration = HostRest.sleep(engine: engine, now: now, busy: isBusy, deadline: nil, configuration: configuration.rest),
            duration > 0
        else { return false }
        let wake = GtkRestWake(box: eventsContext)
        guard let sleeper = FrameWake.shared.sleep(since: seen, wake: { wake.post() }) else { return false }
        restingSleeper = sleeper
        let milliseconds = guint(min(max(1, duration * 1000).rounded(.up), Double(UInt32.max)))
        restingTimeout = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, GtkCallbacks.restDeadline, eventsContext, nil)
        tickID = 0  // the tick callback returns G_SOURCE_REMOVE
        restStatistics.began()
        return true
    }

    /// Puts the tick back on the frame clock if the list rests; ends its wakes. Main thread.
    func resumeFrames() {
        guard tickID == 0, !isDisposed else { return }
        endRest()
        tickID = gtk_widget_add_tick_callback(canvas, GtkCallbacks.tick, eventsContext, nil)
    }

    /// The rest's deadline came (its timeout source is done): frames run again.
    func restDeadlinePassed() {
        restingTimeout = 0
        resumeFrames()
    }

    /// Ends a rest's wakes (resuming, or the widget going away).
    func endRest() {
        restingSleeper?.end()
        restingSleeper = nil
        if restingTimeout != 0 { g_source_remove(restingTimeout) }
        restingTimeout = 0
        restStatistics.ended()
    }
}

/// A wake for a list at rest, made on the main thread and posted from any: it keeps the
/// widget's events box alive until GLib has run or dropped the idle source it adds.
final class GtkRestWake: @unchecked Sendable {
    // @unchecked: `box` is only read, and only dereferenced on the main thread (`restWake`).
    let box: UnsafeMutableRawPointer

    init(box: UnsafeMutableRawPointer) {
        self.box = box
        _ = Unmanaged<GtkEventsBox>.fromOpaque(box).retain()
    }

    deinit { Unmanaged<GtkEventsBox>.fromOpaque(box).release() }

    /// Resumes the list's frames from the main loop. Any thread (`g_idle_add_full` is).
    func post() {
        let retained = Unmanaged.passRetained(self).toOpaque()
        g_idle_add_full(G_PRIORITY_DEFAULT, GtkCallbacks.restWake, retained, GtkCallbacks.releaseRestWake)
    }
}
