import ArgumentParser
import FlickCore
import FlickList
import FlickRaster
import FlickTimeline
import Foundation

/// `flick demo`: the timeline, replaying the demo script. The SDL window arrives with the
/// demo issue; until then it runs headless and writes a screenshot and a frame report.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Scroll a generated timeline (headless for now): writes a screenshot and a frame report.")

    @Option(help: "Feed: a feed.sqlite, or a folder holding one. Default: generate one in out/demo-feed.")
    var feed: String?

    @Option(help: "Posts to generate when no feed exists yet.")
    var posts: Int = 5_000

    @Option(help: "Script file to replay instead of the built-in demo script.")
    var script: String?

    @Option(help: "Frame rate of the display clock.")
    var hz: Double = 120

    @Option(help: "Viewport width, points.")
    var width: Double = 375

    @Option(help: "Viewport height, points.")
    var height: Double = 667

    @Option(help: "Display scale.")
    var scale: Double = 2

    @Option(help: "Screenshot of the last frame.")
    var screenshot: String = "out/demo.png"

    @Option(help: "Frame statistics as JSON.")
    var report: String = "out/demo-report.json"

    func validate() throws {
        guard hz == 60 || hz == 120 else { throw ValidationError("--hz must be 60 or 120") }
        guard width >= 200, width <= 4_000, height >= 200, height <= 4_000 else { throw ValidationError("--width/--height must be in 200…4000") }
        guard scale >= 1, scale <= 3 else { throw ValidationError("--scale must be in 1…3") }
    }

    /// Commands run on the main thread; the engine is main-actor code.
    func run() throws {
        try MainActor.assumeIsolated { try runOnMain() }
    }

    @MainActor
    private func runOnMain() throws {
        let database = try FeedDatabase(given: feed, defaultFolder: "out/demo-feed", posts: posts, withImages: true).path()
        let text = try script.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? StandardScripts.demo
        let parsed = try ScrollScript(parsing: text)
        let store = try FeedStore(path: database, configuration: .viewing)
        let source = try TimelineDataSource(store: store)
        let displayScale = DisplayScale(scale)
        let engine = ListEngine(
            source: source, viewport: Size(width: width, height: height), scale: displayScale,
            placeholder: source.placeholderTile(width: width, scale: displayScale))
        let display = HeadlessDisplay(engine: engine, hz: hz, pacing: .realTime)
        print("flick demo: no window yet (the SDL window is a later issue), replaying the script headless at \(Int(hz)) Hz over \(source.rowCount) posts")
        display.play(parsed)
        source.cache.persistPendingHeights()
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: screenshot).deletingLastPathComponent(), withIntermediateDirectories: true)
        try display.screenshot(to: screenshot)
        let summary = FrameReport(frames: display.frames, hz: hz, settles: display.settles)
        try OutputFile.write([UInt8](try summary.json()), to: report)
        print(summary.text)
        print("wrote \(screenshot) and \(report)")
    }
}
