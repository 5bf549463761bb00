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

    /// Initialises GTK once per process. `scale`: GTK's scale factor (`GDK_SCALE`), only
    /// honoured by the first call. Returns false when there is no display.
    public static func initialize(scale: Int? = nil) -> Bool {
        if let initialized { return initialized }
        if let scale { setenv("GDK_SCALE", "\(scale)", 1) }
        // Without a session bus (Xvfb, CI) GTK's accessibility bridge warns that it cannot
        // reach one, and tests run with warnings fatal: there is no bus to bridge to.
        if getenv("DBUS_SESSION_BUS_ADDRESS") == nil { setenv("GTK_A11Y", "none", 0) }
        let ok = gtk_init_check() != 0
        initialized = ok
        return ok
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

    /// Destroys `window` and lets GTK finish disposing what it held.
    public static func close(_ window: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_destroy(GObject.cast(window.object))
        while g_main_context_iteration(nil, 0) != 0 {}
    }
}

/// Per-frame work the way GTK apps are judged: from the frame clock's `before-paint` to the
/// end of `after-paint` (every handler, GTK's own included), on GTK's main thread. That span
/// holds the update phase (tick callbacks: Flick's engine frame), layout (GtkListView's
/// binding and measuring) and paint (snapshots and GSK rendering).
@MainActor
public final class GtkFrameTimer {
    /// Milliseconds of each frame since `start()`.
    public private(set) var milliseconds: [Double] = []
    private var beganAt: gint64?
    private var recording = false

    /// Starts measuring the frames of `widget`'s frame clock (the widget must be realized).
    public init?(widget: UnsafeMutablePointer<GtkWidget>) {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return nil }
        let box = Unmanaged.passRetained(TimerBox(self)).toOpaque()  // lives as long as the process's clock
        GObject.connect(GObject.pointer(clock), "before-paint", Self.before, data: box)
        GObject.connect(GObject.pointer(clock), "after-paint", Self.after, data: box, after: true)
    }

    /// Forgets frames so far and records from now.
    public func start() {
        milliseconds.removeAll()
        recording = true
    }

    public func stop() { recording = false }

    private final class TimerBox {
        weak var timer: GtkFrameTimer?
        init(_ timer: GtkFrameTimer) { self.timer = timer }
    }

    private typealias Signal = @convention(c) (gpointer?, gpointer?) -> Void
    private static let before: Signal = { _, data in
        let address = UInt(bitPattern: data)
        MainActor.assumeIsolated {
            guard let raw = UnsafeMutableRawPointer(bitPattern: address) else { return }
            Unmanaged<TimerBox>.fromOpaque(raw).takeUnretainedValue().timer?.beganAt = g_get_monotonic_time()
        }
    }
    private static let after: Signal = { _, data in
        let address = UInt(bitPattern: data)
        MainActor.assumeIsolated {
            guard let raw = UnsafeMutableRawPointer(bitPattern: address),
                let timer = Unmanaged<TimerBox>.fromOpaque(raw).takeUnretainedValue().timer, let began = timer.beganAt
            else { return }
            timer.beganAt = nil
            if timer.recording { timer.milliseconds.append(Double(g_get_monotonic_time() - began) / 1000) }
        }
    }
}
