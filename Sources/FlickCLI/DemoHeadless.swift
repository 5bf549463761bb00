import FlickCore
import FlickList
import FlickTimeline
import FlickWindow
import Foundation

/// `flick demo` without a window: the script (default: the demo script) replayed by
/// `HeadlessDisplay` at real-time pace (or in lockstep with `--lockstep`), stopping at
/// `--frames` if the script runs longer and idling up to it if shorter; a screenshot and a
/// frame report are always written.
@MainActor
struct DemoHeadless {
    let options: Demo
    let setup: DemoSetup

    /// - Parameter reason: why there is no window (printed), or `nil` when `--headless` asked.
    func run(reason: String?) throws {
        let screenshot = options.screenshot ?? "out/demo.png"
        let reportPath = options.report ?? "out/demo-report.json"
        let engine = setup.makeEngine(viewport: Size(width: options.width, height: options.height), pipeline: options.pipeline)
        let display = HeadlessDisplay(engine: engine, hz: options.hz, pacing: options.lockstep ? .lockstep : .realTime)
        display.editor = TimelineEditor(source: setup.source)
        display.pager = setup.live?.timeline
        display.find = TimelineInteraction(renderer: setup.source.renderer).makeFind(searching: FeedStoreSearching(store: setup.source.store))
        defer { setup.live?.stop() }
        let script = try (setup.script ?? WindowScript(parsing: StandardScripts.demo)).scrollScript
        if let reason { print("flick demo: \(reason); running the scripted scroll headless instead") }
        print("flick demo: headless at \(Int(options.hz)) Hz over \(setup.source.rowCount) posts, \(options.pipeline) pipeline")
        display.play(script, frameLimit: options.frames)
        if let frames = options.frames {
            while display.frames.count < frames { display.step() }
        }
        setup.source.cache.persistPendingHeights()
        try OutputFile.write(try engine.compositor.snapshot().pngData(), to: screenshot)
        let summary = FrameReport(
            frames: display.frames, hz: options.hz, settles: display.settles, updates: engine.updateStatistics, scale: options.scale,
            selection: engine.selectionStatistics, find: display.find?.statistics)
        var json = summary.jsonObject
        json["display"] = ["mode": "headless", "reason": reason ?? "--headless"]
        json["taps"] = display.taps.map { ["row": $0.row, "x": $0.local.x, "y": $0.local.y] }
        if let live = setup.live { json.merge(live.jsonObject) { _, new in new } }
        try OutputFile.write([UInt8](try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])), to: reportPath)
        print(summary.text)
        if let live = setup.live { print(live.text) }
        print("wrote \(screenshot) and \(reportPath)")
    }
}
