import CFlickGTK
import CGtk4
import FlickCore
import Foundation

/// The few GTK chores a command or a test does around the widget: initialising GTK once (at
/// a scale factor), a window holding a widget, waiting for it to be mapped, closing it.
/// Apps do these themselves. Main thread.
@MainActor
public enum GtkHost {
    private static var initialized: Bool?
    /// How the GSK renderer was chosen by `initialize`, nil before it ran.
    public private(set) static var rendererDecision: GtkRendererDecision?

    /// Initialises GTK once per process. `scale`: GTK's scale factor (`GDK_SCALE`);
    /// `renderer`: the GSK renderer every window uses (`GtkRenderer`; a `GSK_RENDERER` already
    /// in the environment wins over `auto`). Both only honoured by the first call. Returns false
    /// when there is no display.
    public static func initialize(scale: Int? = nil, renderer: GtkRenderer = .gtk) -> Bool {
        if let initialized { return initialized }
        if let scale { setenv("GDK_SCALE", "\(scale)", 1) }
        if let value = renderer.environmentValue { setenv("GSK_RENDERER", value, 1) }
        // Without a session bus (Xvfb, CI) GTK's accessibility bridge warns that it cannot
        // reach one, and tests run with warnings fatal: there is no bus to bridge to.
        if getenv("DBUS_SESSION_BUS_ADDRESS") == nil { setenv("GTK_A11Y", "none", 0) }
        // Assistive technology names the app by these; an app that set its own keeps them.
        if g_get_prgname() == nil { g_set_prgname("flick") }
        if g_get_application_name() == nil { g_set_application_name("Flick") }
        let ok = gtk_init_check() != 0
        initialized = ok
        guard ok else { return false }
        if renderer == .auto, let given = getenv("GSK_RENDERER").map({ String(cString: $0) }) {
            rendererDecision = GtkRendererDecision(choice: .auto, glRenderer: nil, requested: given, reason: "auto: GSK_RENDERER=\(given) in the environment")
        } else {
            // GTK reads GSK_RENDERER when it makes the first window's renderer: no window yet.
            let decision = GtkRendererDecision.decide(renderer, glRenderer: renderer == .auto ? GtkRendererDecision.probeGLRenderer() : nil)
            if renderer == .auto, let value = decision.requested { setenv("GSK_RENDERER", value, 1) }
            rendererDecision = decision
        }
        return true
    }

    /// A toplevel window of `size` points holding `child`, shown and mapped.
    public static func window(title: String, size: Size, child: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_window_new()!
        let asWindow: UnsafeMutablePointer<GtkWindow> = GObject.cast(window.object)!
        gtk_window_set_title(asWindow, title)
        gtk_window_set_default_size(asWindow, Int32(size.width), Int32(size.height))
        gtk_window_set_child(asWindow, child)
        gtk_window_present(asWindow)
        iterate(until: { gtk_widget_get_mapped(window) != 0 && gtk_widget_get_width(child) > 0 })
        return window
    }

    /// Iterates GLib's main context until `done` (at most `limit` seconds of wall time).
    public static func iterate(until done: () -> Bool, limit: Double = 10) {
        let deadline = Date().addingTimeInterval(limit)
        while !done(), Date() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { usleep(1_000) }
        }
    }

    /// Runs GLib's main loop for `seconds` of wall time, blocking in it between events (as an
    /// app's main loop does: a list at rest wakes nothing).
    public static func run(seconds: Double) {
        let done = UnsafeMutablePointer<gboolean>.allocate(capacity: 1)
        defer { done.deallocate() }
        done.pointee = 0
        let milliseconds = guint(min(max(0, seconds * 1000).rounded(), Double(UInt32.max)))
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { flag in
            flag?.assumingMemoryBound(to: gboolean.self).pointee = 1
            return 0  // G_SOURCE_REMOVE
        }, done, nil)
        while done.pointee == 0 { g_main_context_iteration(nil, 1) }
    }

    /// The GSK renderer drawing `widget`'s window, by class name (`GskGLRenderer`,
    /// `GskCairoRenderer`), or nil when the widget is not realized.
    public static func rendererName(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native),
            let name = g_type_name_from_instance(UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self))
        else { return nil }
        return String(cString: name)
    }

    /// Destroys `window` and lets GTK finish disposing what it held.
    public static func close(_ window: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_destroy(GObject.cast(window.object))
        while g_main_context_iteration(nil, 0) != 0 {}
    }
}
