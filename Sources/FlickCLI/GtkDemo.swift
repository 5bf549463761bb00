import ArgumentParser
import FlickCore
import FlickGTK
import FlickList
import Foundation

/// `flick gtk-demo`: the timeline (or the chat) in a GTK4 window through `FlickListView`, with
/// `flick demo`'s script, screenshot and report options; per-frame work is measured from the
/// frame clock's before-paint to the end of after-paint. With `--compare`, the same script
/// over the same feed runs once in Flick's widget and once in a GtkListView of labels.
struct GtkDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gtk-demo",
        abstract: "The timeline in a GTK4 window (Flick's widget), or --compare it with a GtkListView of labels.",
        discussion: """
            Mouse and touchpad: drag, wheel and kinetic touchpad scrolling; a press on a mention, topic or URL highlights it, a release taps it. Keys: Page Up/Down, Home/End, arrows; Tab and Shift+Tab move between the links on screen, Enter activates.

            With --script the window replays the script (a file, or demo, flings, constant-speed, scroll-to-top, jump-storm) and exits. The report has `flick demo`'s keys, with mainThreadMs measured from before-paint to after-paint, plus framesOver8ms, framesOver16ms, framesPainted, phasesMs (update, layout, paint, afterPaint), mainThreadCpuMs and the GSK renderer. --compare prints both rows of the table and --report writes {"flick": R, "gtk": R}; both widgets run in one process with one renderer (--renderer).
            """)

    @OptionGroup var demo: DemoOptions

    @Option(help: "GTK scale factor (1 or 2): GDK_SCALE for this run.")
    var scale: Int = 1

    @Option(help: "GSK renderer for both widgets: auto (Cairo when GL is a software rasterizer such as llvmpipe, else GL), gtk (GTK's choice), gl or cairo.")
    var renderer: GtkRenderer = .auto

    @Flag(help: "Run the script in Flick's widget and in a GtkListView of labels; print both.")
    var compare = false

    /// Every frame repaints the list, changed or not (measures what skipping unchanged frames saves).
    @Flag(help: .hidden)
    var alwaysRedraw = false

    /// Worker wake-ups start during the frame instead of after its paint (measures what the hold saves).
    @Flag(help: .hidden)
    var wakeWorkersInFrame = false

    /// Cairo row nodes keep their recording instead of holding the bitmap's image (measures what holding saves).
    @Flag(help: .hidden)
    var recordedCairoNodes = false

    func validate() throws {
        try OptionLimits.check(scale, in: 1...2, option: "--scale")
        if compare, demo.client == .chat { throw ValidationError("--compare runs the timeline") }
    }

    /// GTK and the engine live on the main thread.
    func run() throws {
        try MainActor.assumeIsolated { try runOnMain() }
    }

    @MainActor
    private func runOnMain() throws {
        guard GtkHost.initialize(scale: scale, renderer: renderer) else { throw ValidationError("flick gtk-demo: GTK cannot open a display (is DISPLAY set?)") }
        let viewport = Size(width: demo.width, height: demo.height)
        let database = try FeedDatabase(given: demo.feed, defaultFolder: "out/demo-feed", posts: demo.posts, withImages: true).path()
        let script = try DemoSetup.loadScript(demo.script ?? (demo.client == .chat ? "chat" : "demo"))
        let flick = try GtkFlickRun(options: self, database: database, viewport: viewport).run(script)
        guard compare else {
            print(flick.text)
            print("renderer: \(GtkHost.rendererDecision?.reason ?? "unknown")")
            if let path = demo.report { try OutputFile.write([UInt8](try JSONSerialization.data(withJSONObject: flick.jsonObject, options: [.sortedKeys])), to: path) }
            if let path = demo.screenshot, let bitmap = flick.screenshot { try OutputFile.write(try bitmap.pngData(), to: path) }
            for path in [demo.screenshot, demo.report].compactMap({ $0 }) { print("wrote \(path)") }
            return
        }
        let gtk = try GtkListViewRun(database: database, viewport: viewport, frameLimit: demo.frames).run(script)
        let rendererName = flick.extra["renderer"] as? String ?? "renderer unknown"
        print(GtkRunResult.table([("Flick widget", flick), ("GtkListView", gtk)], scale: scale, renderer: rendererName))
        print("renderer: \(GtkHost.rendererDecision?.reason ?? "unknown")")
        if let path = demo.report {
            let json: [String: Any] = ["flick": flick.jsonObject, "gtk": gtk.jsonObject]
            try OutputFile.write([UInt8](try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])), to: path)
            print("wrote \(path)")
        }
        if let path = demo.screenshot, let bitmap = flick.screenshot { try OutputFile.write(try bitmap.pngData(), to: path) }
    }
}

/// `--renderer`: the same for both widgets of a comparison (they share the process).
extension GtkRenderer: ExpressibleByArgument {}
