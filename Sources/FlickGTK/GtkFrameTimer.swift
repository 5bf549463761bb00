import CGtk4
import Glibc

/// Per-frame work the way GTK apps are judged: from the frame clock's `before-paint` to the
/// end of `after-paint` (every handler, GTK's own included), on GTK's main thread. That span
/// holds the update phase (tick callbacks: Flick's engine frame), layout (GtkListView's
/// binding and measuring) and paint (snapshots, GSK rendering and the buffer swap), each
/// also timed apart in `phases`.
@MainActor
public final class GtkFrameTimer {
    /// Milliseconds of each frame since `start()`.
    public private(set) var milliseconds: [Double] = []
    /// Where each frame's time went, one entry per entry of `milliseconds`.
    public private(set) var phases: [GtkFramePhases] = []
    /// CPU time GTK's main thread spent in each frame, milliseconds (the rest of the frame's
    /// span it waited: for the CPU on a loaded machine, or for renderer threads).
    public private(set) var cpuMilliseconds: [Double] = []
    private var marks = Marks()
    private var recording = false

    /// The moments one frame reached, microseconds of GLib's monotonic clock.
    private struct Marks {
        var began: gint64?
        var updated: gint64?
        var laidOut: gint64?
        var painted: gint64?
        var cpuBegan: Double?
    }

    /// Starts measuring the frames of `widget`'s frame clock (the widget must be realized).
    /// The phase handlers are connected after GTK's own (GTK connects at realize), so each
    /// marks the end of its phase.
    public init?(widget: UnsafeMutablePointer<GtkWidget>) {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return nil }
        let box = TimerBox(self)  // each handler holds it until the clock goes
        let instance = GObject.pointer(clock)
        GObject.connect(instance, "before-paint", Self.began, owner: box)
        GObject.connect(instance, "update", Self.updated, owner: box)
        GObject.connect(instance, "layout", Self.laidOut, owner: box)
        GObject.connect(instance, "paint", Self.painted, owner: box)
        GObject.connect(instance, "after-paint", Self.end, owner: box, after: true)
    }

    /// Forgets frames so far and records from now.
    public func start() {
        milliseconds.removeAll()
        phases.removeAll()
        cpuMilliseconds.removeAll()
        recording = true
    }

    public func stop() { recording = false }

    private final class TimerBox {
        weak var timer: GtkFrameTimer?
        init(_ timer: GtkFrameTimer) { self.timer = timer }
    }

    private func mark(_ phase: GdkFrameClockPhase) {
        let now = g_get_monotonic_time()
        switch phase {
        case GDK_FRAME_CLOCK_PHASE_BEFORE_PAINT: marks = Marks(began: now, cpuBegan: Self.threadCPUMilliseconds())
        case GDK_FRAME_CLOCK_PHASE_UPDATE: marks.updated = now
        case GDK_FRAME_CLOCK_PHASE_LAYOUT: marks.laidOut = now
        case GDK_FRAME_CLOCK_PHASE_PAINT: marks.painted = now
        default: break
        }
    }

    private func end() {
        let now = g_get_monotonic_time()
        defer { marks = Marks() }
        guard recording, let began = marks.began else { return }
        func ms(_ from: gint64, _ to: gint64?) -> Double { to.map { Double($0 - from) / 1000 } ?? 0 }
        let updated = marks.updated ?? began, laidOut = marks.laidOut ?? updated, painted = marks.painted ?? laidOut
        milliseconds.append(ms(began, now))
        cpuMilliseconds.append(marks.cpuBegan.map { Self.threadCPUMilliseconds() - $0 } ?? 0)
        phases.append(
            GtkFramePhases(
                update: ms(began, marks.updated), layout: ms(updated, marks.laidOut), paint: ms(laidOut, marks.painted),
                afterPaint: ms(painted, now), painted: marks.painted != nil))
    }

    /// CPU time of the calling thread, milliseconds.
    static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    private typealias Signal = @convention(c) (gpointer?, gpointer?) -> Void
    private static func timer(_ data: gpointer?) -> GtkFrameTimer? {
        guard let data else { return nil }
        return Unmanaged<TimerBox>.fromOpaque(data).takeUnretainedValue().timer
    }

    private static func mark(_ data: gpointer?, _ phase: GdkFrameClockPhase) {
        let address = UInt(bitPattern: data)
        MainActor.assumeIsolated { timer(UnsafeMutableRawPointer(bitPattern: address))?.mark(phase) }
    }
    // One handler per signal: a C callback cannot capture which phase it marks.
    private static let began: Signal = { _, data in mark(data, GDK_FRAME_CLOCK_PHASE_BEFORE_PAINT) }
    private static let updated: Signal = { _, data in mark(data, GDK_FRAME_CLOCK_PHASE_UPDATE) }
    private static let laidOut: Signal = { _, data in mark(data, GDK_FRAME_CLOCK_PHASE_LAYOUT) }
    private static let painted: Signal = { _, data in mark(data, GDK_FRAME_CLOCK_PHASE_PAINT) }
    private static let end: Signal = { _, data in
        let address = UInt(bitPattern: data)
        MainActor.assumeIsolated { timer(UnsafeMutableRawPointer(bitPattern: address))?.end() }
    }
}

/// One frame's time by frame-clock phase, milliseconds: `update` (tick callbacks), `layout`
/// (measure and allocate), `paint` (snapshots, GSK render, buffer swap), `afterPaint`.
/// A phase the frame did not run counts 0; `painted` says whether the paint phase ran.
public struct GtkFramePhases: Sendable, Equatable {
    public var update: Double
    public var layout: Double
    public var paint: Double
    public var afterPaint: Double
    public var painted: Bool
}
