import CFlickGTK
import CGtk4
import FlickCore

/// The widget's vfuncs and signals, forwarded by `GtkCallbacks`. Main thread.
extension FlickListView: GtkListEvents {
    func snapshot(_ snapshot: OpaquePointer, width: Int, height: Int) { paint(snapshot, width: width, height: height) }

    func allocated(width: Int, height: Int) {
        checkScaleFactor()
        viewportChanged(to: Size(width: Double(width), height: Double(height)), time: now)
    }

    func tick(clock: OpaquePointer?) { runFrame(clock: clock) }

    func widgetDisposed() {
        guard !isDisposed else { return }
        isDisposed = true
        engine.stop()
        handoff?.engine.stop()
        textures.releaseAll()
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
        GObject.connect(GObject.pointer(adjustment), "value-changed", GtkCallbacks.valueChanged, data: context)
    }
}
