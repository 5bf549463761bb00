import CFlickGTK
import CGtk4

/// What the GTK widget and its controllers tell the list host. The C callbacks below cannot
/// name the host's generic type, so they reach it through this protocol, boxed in a
/// `GtkEventsBox` the widget owns (released when the widget is disposed).
///
/// Main thread: GTK calls every vfunc and signal handler on its thread.
@MainActor
protocol GtkListEvents: AnyObject {
    func snapshot(_ snapshot: OpaquePointer, width: Int, height: Int)
    func allocated(width: Int, height: Int)
    /// A frame-clock tick; returns whether the list keeps ticking (false: it rests).
    func tick(clock: OpaquePointer?) -> Bool
    /// Input, a resize or a landed result: frames run again from the next tick.
    func resumeFrames()
    /// The deadline of the list's rest came (its timeout source removes itself).
    func restDeadlinePassed()
    /// The frame clock finished a frame's after-paint.
    func framePainted()
    func widgetDisposed()
    func pointerPressed(x: Double, y: Double)
    func pointerReleased()
    func dragBegan(x: Double, y: Double)
    func dragUpdated(dx: Double, dy: Double)
    func dragEnded()
    func pointerCancelled()
    func scrollBegan()
    func scrolled(dx: Double, dy: Double, discrete: Bool) -> Bool
    func scrollEnded()
    func decelerated(vx: Double, vy: Double)
    func keyPressed(keyval: UInt32, state: GdkModifierType) -> Bool
    func focusLeft()
    func scaleFactorChanged()
    func adjustmentValueChanged()
    /// The find bar's text changed (typed, pasted, cleared).
    func findTextChanged()
    /// A key in the find bar, before the entry sees it.
    func findKeyPressed(keyval: UInt32, state: GdkModifierType) -> Bool
    /// An assistive technology activated one of the list's proxies.
    func proxyActivated(_ widget: UnsafeMutablePointer<GtkWidget>)
    /// The main loop is idle after a frame: the accessibility tree catches up with it.
    func accessibilitySyncDue()
}

/// Holds the host for the C side. Retained by the widget; `events` goes when it is disposed.
final class GtkEventsBox {
    weak var events: (any GtkListEvents)?
    init(_ events: any GtkListEvents) { self.events = events }
}

/// The C entry points: each finds the host from its user data and forwards on the main actor.
enum GtkCallbacks {
    static func events(_ data: UnsafeMutableRawPointer?) -> (any GtkListEvents)? {
        guard let data else { return nil }
        return Unmanaged<GtkEventsBox>.fromOpaque(data).takeUnretainedValue().events
    }

    /// Forwards a vfunc or signal. Input (`wakes`, the default) also resumes frames in a list
    /// at rest; the frame clock's own calls and painting do not.
    static func run(_ data: UnsafeMutableRawPointer?, wakes: Bool = true, _ body: @MainActor (any GtkListEvents) -> Void) {
        let address = UInt(bitPattern: data)
        MainActor.assumeIsolated {
            guard let events = events(UnsafeMutableRawPointer(bitPattern: address)) else { return }
            body(events)
            if wakes { events.resumeFrames() }
        }
    }

    static func handled(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (any GtkListEvents) -> Bool) -> gboolean {
        let address = UInt(bitPattern: data)
        return MainActor.assumeIsolated {
            guard let events = events(UnsafeMutableRawPointer(bitPattern: address)) else { return 0 }
            let handled = body(events)
            events.resumeFrames()
            return handled ? 1 : 0
        }
    }

    /// The widget's vfuncs; `context` is a retained `GtkEventsBox`.
    static func viewCallbacks(context: UnsafeMutableRawPointer) -> FlickGtkViewCallbacks {
        FlickGtkViewCallbacks(context: context, snapshot: snapshot, size_allocate: sizeAllocate, release: release, activate_proxy: activateProxy)
    }

    typealias SnapshotVfunc = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, Int32, Int32) -> Void
    static let snapshot: SnapshotVfunc = { data, snapshot, width, height in
        guard let snapshot else { return }
        nonisolated(unsafe) let node = snapshot  // GTK's main thread throughout
        run(data, wakes: false) { $0.snapshot(node, width: Int(width), height: Int(height)) }
    }

    typealias AllocateVfunc = @convention(c) (UnsafeMutableRawPointer?, Int32, Int32) -> Void
    static let sizeAllocate: AllocateVfunc = { data, width, height in
        run(data, wakes: false) { $0.allocated(width: Int(width), height: Int(height)) }
    }

    typealias ReleaseVfunc = @convention(c) (UnsafeMutableRawPointer?) -> Void
    static let release: ReleaseVfunc = { data in
        guard let data else { return }
        run(data, wakes: false) { $0.widgetDisposed() }
        Unmanaged<GtkEventsBox>.fromOpaque(data).release()
    }

    typealias ProxyVfunc = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GtkWidget>?) -> Void
    static let activateProxy: ProxyVfunc = { data, proxy in
        guard let proxy else { return }
        nonisolated(unsafe) let widget = proxy  // GTK's main thread throughout
        run(data) { $0.proxyActivated(widget) }
    }

    static let accessibilityIdle: GSourceFunc = { data in
        run(data, wakes: false) { $0.accessibilitySyncDue() }
        return 0  // G_SOURCE_REMOVE: each frame asks again
    }

    typealias Tick = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean
    static let tick: Tick = { _, clock, data in
        nonisolated(unsafe) let clock = clock  // GTK's main thread throughout
        var keepsTicking = false
        run(data, wakes: false) { keepsTicking = $0.tick(clock: clock) }
        return keepsTicking ? 1 : 0  // G_SOURCE_CONTINUE, or G_SOURCE_REMOVE at rest
    }

    /// A list at rest woke (a landed result, its deadline): frames run again. Called by GLib
    /// on the main thread; `data` is a retained `GtkRestWake`.
    static let restWake: GSourceFunc = { data in
        guard let data else { return 0 }
        let wake = Unmanaged<GtkRestWake>.fromOpaque(data).takeUnretainedValue()
        run(wake.box, wakes: false) { $0.resumeFrames() }
        return 0  // G_SOURCE_REMOVE: once
    }

    /// The deadline of a rest (a timeout source on the widget's events box, removed before the
    /// box goes): frames run again.
    static let restDeadline: GSourceFunc = { data in
        run(data, wakes: false) { $0.restDeadlinePassed() }
        return 0  // G_SOURCE_REMOVE: once
    }

    static let releaseRestWake: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<GtkRestWake>.fromOpaque(data).release()
    }

    typealias PointDouble = @convention(c) (gpointer?, Double, Double, gpointer?) -> Void
    typealias PressSignal = @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void
    typealias Plain = @convention(c) (gpointer?, gpointer?) -> Void
    typealias ScrollSignal = @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean
    typealias KeySignal = @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean
    typealias Notify = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void

    static let pressed: PressSignal = { _, _, x, y, data in run(data) { $0.pointerPressed(x: x, y: y) } }
    static let released: PressSignal = { _, _, _, _, data in run(data) { $0.pointerReleased() } }
    static let dragBegin: PointDouble = { _, x, y, data in run(data) { $0.dragBegan(x: x, y: y) } }
    static let dragUpdate: PointDouble = { _, dx, dy, data in run(data) { $0.dragUpdated(dx: dx, dy: dy) } }
    static let dragEnd: PointDouble = { _, _, _, data in run(data) { $0.dragEnded() } }
    static let cancelled: Notify = { _, _, data in run(data) { $0.pointerCancelled() } }
    static let scrollBegin: Plain = { _, data in run(data) { $0.scrollBegan() } }
    static let scrollEnd: Plain = { _, data in run(data) { $0.scrollEnded() } }
    static let scroll: ScrollSignal = { controller, dx, dy, data in
        let discrete = gtk_event_controller_scroll_get_unit(GObject.opaque(controller)) == GDK_SCROLL_UNIT_WHEEL
        return handled(data) { $0.scrolled(dx: dx, dy: dy, discrete: discrete) }
    }
    static let decelerate: PointDouble = { _, vx, vy, data in run(data) { $0.decelerated(vx: vx, vy: vy) } }
    static let keyPressed: KeySignal = { _, keyval, _, state, data in handled(data) { $0.keyPressed(keyval: keyval, state: state) } }
    static let focusLeave: Plain = { _, data in run(data) { $0.focusLeft() } }
    static let scaleFactor: Notify = { _, _, data in run(data) { $0.scaleFactorChanged() } }
    static let valueChanged: Plain = { _, data in run(data) { $0.adjustmentValueChanged() } }
    static let afterPaint: Plain = { _, data in run(data, wakes: false) { $0.framePainted() } }
    static let findChanged: Plain = { _, data in run(data) { $0.findTextChanged() } }
    static let findKeyPressed: KeySignal = { _, keyval, _, state, data in handled(data) { $0.findKeyPressed(keyval: keyval, state: state) } }
}
