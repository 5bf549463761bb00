import CGtk4
import FlickCore
import FlickGTK
import FlickList
import FlickText
import FlickTimeline
import FlickWindow
import Foundation

/// `flick gtk-demo --compare`'s GTK side: the same feed in `GtkListViewBaseline`, moved by the
/// same script. The list has no engine, so the script's motions (waits, drags, constant-speed
/// scrolls, flings, touches, settles, scroll to top, jumps) are played here with Flick's own
/// `ScrollPhysics` stepping the scrolled window's adjustment once per frame-clock tick — the
/// same offsets over time that Flick's widget gets. Jumps land on an estimated offset (row ×
/// mean row height); taps, edits and resizes only run a frame. Main thread.
@MainActor
struct GtkListViewRun {
    let database: String
    let viewport: Size
    let frameLimit: Int?

    func run(_ script: WindowScript) throws -> GtkRunResult {
        let store = try FeedStore(path: database, configuration: .viewing)
        let parser = RichTextParser()
        let markup = try store.posts(in: 0..<store.count()).map { GtkPostMarkup($0, parser: parser) }
        let list = GtkListViewBaseline(markup: markup)
        let window = GtkHost.window(title: "GtkListView — \(markup.count) posts", size: viewport, child: list.scrolledWindow)
        defer { GtkHost.close(window) }
        let motion = GtkScriptMotion(adjustment: list.adjustment, widget: list.listView, rows: markup.count)
        let timer = GtkFrameTimer(widget: list.listView)
        motion.run(frames: GtkWarmup.restFrames)
        let start = motion.frames.count
        timer?.start()
        let before = ScriptCost.Reading()
        let completed = motion.play(script.scrollScript, frameLimit: frameLimit.map { start + $0 })
        let scrolling = ScriptCost(from: before, to: ScriptCost.Reading())
        timer?.stop()
        var result = GtkRunResult(
            name: "GtkListView", frames: Array(motion.frames.suffix(motion.frames.count - start)), frameWork: timer?.milliseconds ?? [],
            phases: timer?.phases ?? [], cpu: timer?.cpuMilliseconds ?? [], hz: motion.hz, scale: Double(gtk_widget_get_scale_factor(list.listView)))
        result.extra["scriptCompleted"] = completed
        result.extra["cpuPerScrolledSecond"] = scrolling.cpuPerSecond
        result.extra["warmupFrames"] = start
        result.extra["binds"] = list.binds
        result.extra["renderer"] = GtkHost.rendererName(of: list.listView) ?? "unknown"
        result.extra["rendererChoice"] = GtkHost.rendererDecision?.reason ?? "unknown"
        result.extra["display"] = ["mode": "gtk", "widget": "GtkListView", "hz": motion.hz]
        return result
    }
}

/// Plays a script's motions on a GTK adjustment with `ScrollPhysics`, one physics step per
/// frame-clock tick of `widget`. Main thread.
@MainActor
final class GtkScriptMotion {
    let adjustment: UnsafeMutablePointer<GtkAdjustment>
    let rows: Int
    private(set) var physics: ScrollPhysics
    /// One entry per tick (offset and time; the frame work is measured apart).
    private(set) var frames: [FrameStats] = []
    private(set) var hz = 60.0
    private var frameLimit: Int?

    init(adjustment: UnsafeMutablePointer<GtkAdjustment>, widget: UnsafeMutablePointer<GtkWidget>, rows: Int) {
        self.adjustment = adjustment
        self.rows = rows
        physics = ScrollPhysics(contentHeight: gtk_adjustment_get_upper(adjustment), viewportHeight: gtk_adjustment_get_page_size(adjustment))
        let context = Unmanaged.passRetained(self).toOpaque()  // the tick callback holds it while the widget lives
        gtk_widget_add_tick_callback(widget, Self.tick, context) { Unmanaged<GtkScriptMotion>.fromOpaque($0!).release() }
    }

    var now: Double { Double(g_get_monotonic_time()) / 1e6 }

    private static let tick: GtkTickCallback = { _, clock, data in
        let address = UInt(bitPattern: data)
        nonisolated(unsafe) let clock = clock
        MainActor.assumeIsolated {
            guard let raw = UnsafeMutableRawPointer(bitPattern: address) else { return }
            Unmanaged<GtkScriptMotion>.fromOpaque(raw).takeUnretainedValue().step(clock: clock)
        }
        return 1
    }

    private func step(clock: OpaquePointer?) {
        if let clock, frames.isEmpty {
            var interval: gint64 = 0
            gdk_frame_clock_get_refresh_info(clock, 0, &interval, nil)
            if interval > 0 { hz = 1e6 / Double(interval) }
        }
        let time = now
        physics.setViewportHeight(gtk_adjustment_get_page_size(adjustment), time: time)
        physics.setContentHeight(gtk_adjustment_get_upper(adjustment), time: time)
        let offset = physics.step(to: time)
        let value = min(max(0, offset), max(0, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)))
        if abs(gtk_adjustment_get_value(adjustment) - value) >= 0.01 { gtk_adjustment_set_value(adjustment, value) }
        var stats = FrameStats()
        stats.index = frames.count
        stats.time = time
        stats.offset = offset
        frames.append(stats)
    }

    struct Stopped: Error {}

    /// Waits for the next tick.
    func frame() throws(Stopped) {
        if let frameLimit, frames.count >= frameLimit { throw Stopped() }
        let target = frames.count + 1
        while frames.count < target { g_main_context_iteration(nil, 1) }
    }

    func run(frames count: Int) {
        for _ in 0..<count { try? frame() }
    }

    private func frames(_ seconds: Double) -> Int { max(1, Int((seconds * hz).rounded())) }

    /// Plays `script`'s motions. Returns whether every step ran before `frameLimit`.
    func play(_ script: ScrollScript, frameLimit: Int?) -> Bool {
        self.frameLimit = frameLimit
        defer { self.frameLimit = nil }
        do {
            for step in script.steps { try play(step) }
            return true
        } catch {
            return false
        }
    }

    private func play(_ step: ScrollScript.Step) throws(Stopped) {
        let height = physics.viewportHeight
        switch step {
        case .wait(let seconds):
            for _ in 0..<frames(seconds) { try frame() }
        case .drag(let fromY, let toY, let seconds):
            _ = physics.touchDown(time: now)
            physics.beginDrag(at: fromY, time: now)
            let count = frames(seconds)
            for index in 1...count {
                try frame()
                physics.drag(to: fromY + (toY - fromY) * Double(index) / Double(count), time: now)
            }
            _ = physics.endDrag(time: now)
        case .fling(let velocity):
            physics.fling(velocity: velocity, time: now)
        case .scroll(let velocity, let seconds):
            var pointer = velocity >= 0 ? height * 0.9 : height * 0.1
            _ = physics.touchDown(time: now)
            physics.beginDrag(at: pointer, time: now)
            for _ in 0..<frames(seconds) {
                try frame()
                pointer -= velocity / hz
                physics.drag(to: pointer, time: now)
            }
            _ = physics.endDrag(time: now)
        case .touch:
            _ = physics.touchDown(time: now)
            try frame()
        case .scrollToTop:
            physics.scrollToTop(time: now)
        case .jump(let row):
            let mean = rows > 0 ? gtk_adjustment_get_upper(adjustment) / Double(rows) : 0
            physics.setContentOffset(Double(row) * mean, time: now)
            try frame()
        case .settle:
            var count = 0
            repeat {
                try frame()
                count += 1
            } while count < Int(ScriptReplay<FlickListView<TimelineInteraction>>.settleLimitSeconds * hz) && physics.phase != .idle
        default:
            try frame()
        }
    }
}
