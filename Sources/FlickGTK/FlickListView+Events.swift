import CFlickGTK
import CGtk4
import FlickCore

/// The widget's vfuncs and signals, forwarded by `GtkCallbacks`. Main thread.
extension FlickListView: GtkListEvents {
    func snapshot(_ snapshot: OpaquePointer, width: Int, height: Int) { paint(snapshot, width: width, height: height) }

    func allocated(width: Int, height: Int) {
        // The canvas is allocated again whenever its accessibility proxies move (every frame
        // of a scroll under a screen reader); only a new size is news here.
        guard lastAllocation?.width != width || lastAllocation?.height != height else { return }
        lastAllocation = (width, height)
        resumeFrames()
        checkScaleFactor()
        viewportChanged(to: Size(width: Double(width), height: Double(height)), time: now)
    }

    func tick(clock: OpaquePointer?) -> Bool {
        let seen = FrameWake.shared.generation
        runFrame(clock: clock)
        return !rest(since: seen)
    }

    /// GTK rendered and sent the frame: the work it asked for starts, and the housekeeping it
    /// put off runs now (`ListEngine.idle()`), charged to its statistics apart from its paint.
    func framePainted() {
        endFrameHold()
        let idle = engine.idle()
        if !frames.isEmpty { frames[frames.count - 1].idleMilliseconds = idle }
    }

    /// Whether this list holds worker wake-ups now (from a frame's update to its after-paint).
    var holdsWorkerWakes: Bool { frameHold != nil }

    /// Lets go of the frame's hold on worker wake-ups: what the frame asked for starts.
    func endFrameHold() {
        frameHold = nil
    }

    /// Holds worker wake-ups from the frame's update phase to the end of its after-paint, so
    /// the rows and layouts the frame asked for start once GTK has rendered and sent it: a
    /// worker woken mid-frame takes a core on a 2-core machine before it lowers its priority,
    /// and GTK's paint (the costly phase under the Cairo renderer) would wait for it. A hold
    /// left from a frame whose after-paint did not come ends here (at most one frame).
    func holdWorkerWakes(clock: OpaquePointer?) {
        endFrameHold()
        guard configuration.holdsWorkerWakesThroughPaint, let clock else { return }
        if watchedClock != clock {
            watchedClock = clock
            let box = Unmanaged<GtkEventsBox>.fromOpaque(eventsContext).takeUnretainedValue()
            GObject.connect(GObject.pointer(clock), "after-paint", GtkCallbacks.afterPaint, owner: box, after: true)
        }
        frameHold = HeldWakes.begin()
    }

    func widgetDisposed() {
        guard !isDisposed else { return }
        isDisposed = true
        endRest()
        endFrameHold()
        engine.stop()
        engineRebuild.handoff?.engine.stop()
        cancelAccessibilitySync()
        accessible.removeAll()
        textures.releaseAll()
        uploadPool.release()
        g_object_unref(GObject.pointer(adjustment))
        Unmanaged.passUnretained(self).release()  // the widget's reference (see init)
    }

    func scaleFactorChanged() { checkScaleFactor() }

    /// Connects the pointer, scroll, key and focus controllers to the canvas.
    func installControllers(context: UnsafeMutableRawPointer) {
        let click = gtk_gesture_click_new()!
        GObject.connect(GObject.pointer(click), "pressed", GtkCallbacks.pressed, data: context)
        GObject.connect(GObject.pointer(click), "released", GtkCallbacks.released, data: context)
        GObject.connect(GObject.pointer(click), "cancel", GtkCallbacks.cancelled, data: context)
        gtk_widget_add_controller(canvas, click)
        controllers.click = click

        let drag = gtk_gesture_drag_new()!
        GObject.connect(GObject.pointer(drag), "drag-begin", GtkCallbacks.dragBegin, data: context)
        GObject.connect(GObject.pointer(drag), "drag-update", GtkCallbacks.dragUpdate, data: context)
        GObject.connect(GObject.pointer(drag), "drag-end", GtkCallbacks.dragEnd, data: context)
        GObject.connect(GObject.pointer(drag), "cancel", GtkCallbacks.cancelled, data: context)
        gtk_widget_add_controller(canvas, drag)
        controllers.drag = drag

        let flags = GtkEventControllerScrollFlags(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue)
        let scroll = gtk_event_controller_scroll_new(flags)!
        GObject.connect(GObject.pointer(scroll), "scroll-begin", GtkCallbacks.scrollBegin, data: context)
        GObject.connect(GObject.pointer(scroll), "scroll", GtkCallbacks.scroll, data: context)
        GObject.connect(GObject.pointer(scroll), "scroll-end", GtkCallbacks.scrollEnd, data: context)
        GObject.connect(GObject.pointer(scroll), "decelerate", GtkCallbacks.decelerate, data: context)
        gtk_widget_add_controller(canvas, scroll)
        controllers.scroll = scroll

        let keys = gtk_event_controller_key_new()!
        GObject.connect(GObject.pointer(keys), "key-pressed", GtkCallbacks.keyPressed, data: context)
        gtk_widget_add_controller(canvas, keys)
        controllers.keys = keys

        let focus = gtk_event_controller_focus_new()!
        GObject.connect(GObject.pointer(focus), "leave", GtkCallbacks.focusLeave, data: context)
        gtk_widget_add_controller(canvas, focus)

        GObject.connect(canvas.object, "notify::scale-factor", GtkCallbacks.scaleFactor, data: context)
    }

    /// The scrollbar over the right edge, on the list's adjustment.
    func installScrollbar(context: UnsafeMutableRawPointer) {
        let scrollbar = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, adjustment)!
        gtk_widget_set_halign(scrollbar, GTK_ALIGN_END)
        gtk_widget_set_valign(scrollbar, GTK_ALIGN_FILL)
        gtk_overlay_add_overlay(OpaquePointer(widget), scrollbar)
        self.scrollbar = scrollbar
        GObject.connect(GObject.pointer(adjustment), "value-changed", GtkCallbacks.valueChanged, data: context)
    }
}
