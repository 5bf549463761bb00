import FlickCore
import FlickList
import FlickRaster
import FlickTimeline
import FlickWindow
import Foundation

/// `flick demo` in an SDL window. Interactive until closed, or replays `--script` and exits
/// at its end (or after `--frames`); writes the screenshot (read back through the renderer)
/// and the report when asked.
@MainActor
struct DemoWindow {
    let options: Demo
    let setup: DemoSetup

    /// - Throws: `SDLDisplay.Failure` when no window can be opened (the caller goes headless).
    func run() throws {
        let configuration = options.windowConfiguration(title: "Flick — \(setup.source.rowCount) posts")
        let interaction = TimelineInteraction(renderer: setup.source.renderer)
        let window = try ListWindow(configuration: configuration, interaction: interaction, pipeline: options.pipeline) { viewport, pipeline in
            setup.makeEngine(viewport: viewport, pipeline: pipeline)
        }
        window.editor = TimelineEditor(source: setup.source)
        window.pager = setup.live?.timeline
        window.find = interaction.makeFind(searching: FeedStoreSearching(store: setup.source.store))
        defer { setup.live?.stop() }
        let info = window.display.info
        print(
            "flick demo: window \(window.display.outputSize) (\(options.width)×\(options.height) pt @\(options.scale)x), "
                + "\(window.display.presentPath.rawValue) present, \(info.videoDriver)/\(info.renderer)"
                + "\(info.glRenderer.map { " (\($0))" } ?? ""), \(pacing(vsync: info.vsync)), "
                + "\(setup.source.rowCount) posts, \(options.pipeline) pipeline; ? lists the keys")
        let capture = options.screenshot != nil
        var scriptCompleted: Bool?
        var scrolling: ScriptCost?
        // A run that measures the window at rest or under keys runs no interactive loop first.
        let measures = options.demo.measureIdle != nil || options.demo.measureInput != nil
        if let script = setup.script {
            let before = ScriptCost.Reading()
            scriptCompleted = window.play(script, frameLimit: options.frames, capture: capture)
            scrolling = ScriptCost(from: before, to: ScriptCost.Reading())
            if let frames = options.frames { window.runInteractively(frameLimit: frames, capture: capture) }
        } else if !measures || options.frames != nil {
            window.runInteractively(frameLimit: options.frames, capture: capture)
        }
        if capture, window.capturedFrame == nil || options.frames == nil { window.step(capture: true) }
        let inputLatency = try options.demo.measureInput.map { try InputLatencyRun.measure(window, presses: $0) }
        let idle = options.demo.measureIdle.map { IdleMeasurement.measure(window, seconds: $0) }
        setup.source.cache.persistPendingHeights()
        defer { window.close() }
        try write(window, scriptCompleted: scriptCompleted, idle: idle, scrolling: scrolling, inputLatency: inputLatency)
    }

    /// The window clock's keys: the present path, present time, frames over budget, hitches.
    /// `hitchMsPerSecond` replaces the one derived from main-thread time alone: in a window the
    /// clock between presents is the truth (`WindowTiming`).
    static func timingJSON<Interaction>(_ window: ListWindow<Interaction>) -> [String: Any] {
        let timing = window.frameTiming
        let frames = window.frames
        let rows = max(1, window.display.outputSize.height)
        let redrawn = frames.filter { $0.presentPath == .software }.map { Double($0.redrawnRows) / Double(rows) * 100 }.sorted()
        return [
            "presentPath": window.display.presentPath.rawValue,
            "presentAsynchronous": window.presentsAsynchronously,
            "serverPresentMs": RunSummary.spread(window.serverPresentMilliseconds),
            "presentedMs": RunSummary.spread(window.presentedMilliseconds),
            "presentMs": RunSummary.spread(frames.map(\.presentMilliseconds)),
            "framesOverBudget": timing.framesOverBudget,
            "framesOverBudgetPercent": timing.overBudgetPercent,
            "missedFrames": timing.missedFrames,
            "hitchMsPerSecond": timing.hitchMillisecondsPerSecond,
            "windowSeconds": timing.seconds,
            "wakeDelayMs": RunSummary.spread(frames.map(\.wakeDelayMilliseconds)),
            "redrawnPercent": ["p50": RunSummary.percentile(0.5, ofSorted: redrawn), "p99": RunSummary.percentile(0.99, ofSorted: redrawn)],
        ]
    }

    static func timingText<Interaction>(_ window: ListWindow<Interaction>) -> String {
        let timing = window.frameTiming
        return String(
            format: "window clock: %@ present; %d of %d frames over the %.2f ms budget (%.2f%%); %d missed refreshes; hitch %.2f ms/s; presented p50 %.2f / p99 %.2f ms",
            window.display.presentPath.rawValue, timing.framesOverBudget, timing.frames, timing.budgetMilliseconds, timing.overBudgetPercent,
            timing.missedFrames, timing.hitchMillisecondsPerSecond, RunSummary.percentile(0.5, ofSorted: window.presentedMilliseconds.sorted()), RunSummary.percentile(0.99, ofSorted: window.presentedMilliseconds.sorted()))
    }

    private func pacing(vsync: Bool) -> String {
        if options.lockstep { return "lockstep at \(Int(options.hz)) Hz (virtual clock, workers finish each frame's work)" }
        return vsync ? "vsync" : "paced at \(Int(options.hz)) Hz by the clock"
    }

    private func write(
        _ window: ListWindow<TimelineInteraction>, scriptCompleted: Bool?, idle: IdleMeasurement?, scrolling: ScriptCost?, inputLatency: [Double]?
    ) throws {
        let frames = window.frames.map(\.stats)
        let summary = FrameReport(
            frames: frames, hz: options.hz, settles: window.settles, updates: window.engine.updateStatistics, scale: options.scale,
            selection: window.engine.selectionStatistics, find: window.find?.statistics)
        if let path = options.screenshot {
            guard let bitmap = window.capturedFrame else { throw OutputFile.Failure(path: path, reason: "the renderer could not read the frame back") }
            try OutputFile.write(try bitmap.pngData(), to: path)
        }
        let report = DemoReport(window: window)
        if let path = options.report {
            var json = summary.jsonObject
            json.merge(report.jsonObject) { _, new in new }
            json.merge(Self.timingJSON(window)) { _, new in new }
            if let scriptCompleted { json["scriptCompleted"] = scriptCompleted }
            if let idle { json["idle"] = idle.jsonObject }
            if let scrolling { json["cpuPerScrolledSecond"] = scrolling.cpuPerSecond }
            if let inputLatency {
                json["inputToPresentMs"] = RunSummary.spread(inputLatency)
                json["inputsMeasured"] = inputLatency.count
            }
            if let first = window.firstFullyDrawnFrame, let start = ProcessStart.milliseconds(until: first.uptimeNanoseconds) {
                json["startMs"] = start
            }
            if let live = setup.live { json.merge(live.jsonObject) { _, new in new } }
            try OutputFile.write([UInt8](try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])), to: path)
        }
        print(summary.text)
        print(report.presentText)
        print(Self.timingText(window))
        if let idle { print(idle.text) }
        if let inputLatency {
            let sorted = inputLatency.sorted()
            print(String(format: "input → presented (%d XTest key presses): p50 %.2f ms, p99 %.2f ms", sorted.count,
                RunSummary.percentile(0.5, ofSorted: sorted), RunSummary.percentile(0.99, ofSorted: sorted)))
        }
        if let live = setup.live { print(live.text) }
        for path in [options.screenshot, options.report].compactMap({ $0 }) { print("wrote \(path)") }
    }
}
