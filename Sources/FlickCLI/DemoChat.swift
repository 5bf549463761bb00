import Flick
import FlickChat
import FlickWindow
import Foundation

/// `flick demo --client chat`: the chat client (built only on `Flick`) in the window or
/// headless, with the same script, screenshot and report options as the timeline; the report
/// adds `pinnedToBottom`. Messages stream in and history loads as the script scrolls up.
@MainActor
struct DemoChat {
    let options: Demo

    func run() throws {
        // Pictures in some bubbles come from the demo feed's generated image pool.
        let database = try FeedDatabase(given: options.feed, defaultFolder: "out/demo-feed", posts: options.posts, withImages: true).path()
        let folder = URL(fileURLWithPath: database).deletingLastPathComponent()
        let pictures = try? ChatPictures(folder: folder)
        var configuration = CellList<String>.Configuration.chat
        configuration.viewport = Size(width: options.width, height: options.height)
        configuration.scale = DisplayScale(options.scale)
        if options.pipeline == .naive { configuration.engine = .naive; configuration.engine.anchorEdge = .bottom }
        let list = CellList<String>(configuration: configuration, kinds: ChatSession.kinds(), images: pictures?.pipeline)
        var chat = ChatSession.Configuration()
        chat.messages = options.messages
        let session = ChatSession(configuration: chat, generator: ChatGenerator(photos: pictures?.photos ?? []), list: list)
        let script = try DemoSetup.loadScript(options.script ?? "chat")
        if options.headless {
            try headless(session, script: script, reason: nil)
            return
        }
        do {
            try window(session, script: script)
        } catch let failure as SDLDisplay.Failure {
            try headless(session, script: script, reason: failure.description)
        }
    }

    private func headless(_ session: ChatSession, script: WindowScript, reason: String?) throws {
        let engine = session.list.engine
        let display = HeadlessDisplay(engine: engine, hz: options.hz, pacing: options.lockstep ? .lockstep : .realTime)
        let list = session.list
        display.find = ListFind(searching: { CellSearching(cells: list.cells) })
        if let reason { print("flick demo: \(reason); running the scripted chat headless instead") }
        print("flick demo: chat headless at \(Int(options.hz)) Hz, \(options.messages) messages")
        display.play(try script.scrollScript, frameLimit: options.frames) { stats in session.tick(time: stats.time) }
        if let frames = options.frames {
            while display.frames.count < frames { session.tick(time: display.step().time) }
        }
        let screenshot = options.screenshot ?? "out/demo.png"
        let reportPath = options.report ?? "out/demo-report.json"
        try OutputFile.write(try engine.compositor.snapshot().pngData(), to: screenshot)
        let summary = FrameReport(
            frames: display.frames, hz: options.hz, settles: display.settles, updates: engine.updateStatistics, scale: options.scale,
            selection: engine.selectionStatistics, find: display.find?.statistics)
        var json = summary.jsonObject
        json["display"] = ["mode": "headless", "reason": reason ?? "--headless"]
        json["client"] = "chat"
        json["pinnedToBottom"] = engine.isPinnedToBottom
        json["messagesShown"] = session.shown.count
        try OutputFile.write([UInt8](try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])), to: reportPath)
        print(summary.text)
        print("pinned to bottom: \(engine.isPinnedToBottom); \(session.shown.count) messages shown")
        print("wrote \(screenshot) and \(reportPath)")
    }

    private func window(_ session: ChatSession, script: WindowScript) throws {
        let configuration = options.windowConfiguration(title: "Flick chat — \(options.messages) messages")
        let list = session.list
        let window = try ListWindow(configuration: configuration, interaction: CellInteraction<String>(), pipeline: options.pipeline) {
            viewport, pipeline in list.rebuild(viewport: viewport, pipeline: pipeline == .naive ? .naive : .flick)
        }
        window.onFrame = { time in session.tick(time: time) }
        window.find = ListFind(searching: { CellSearching(cells: list.cells) })
        defer { window.close() }
        let capture = options.screenshot != nil
        var completed: Bool?
        if options.script != nil || options.frames == nil {
            completed = window.play(script, frameLimit: options.frames, capture: capture)
        }
        if let frames = options.frames { window.runInteractively(frameLimit: frames, capture: capture) }
        if capture, window.capturedFrame == nil || options.frames == nil { window.step(capture: true) }
        let summary = FrameReport(
            frames: window.frames.map(\.stats), hz: options.hz, settles: window.settles, updates: window.engine.updateStatistics,
            scale: options.scale, selection: window.engine.selectionStatistics, find: window.find?.statistics)
        if let path = options.screenshot {
            guard let bitmap = window.capturedFrame else { throw OutputFile.Failure(path: path, reason: "the renderer could not read the frame back") }
            try OutputFile.write(try bitmap.pngData(), to: path)
        }
        if let path = options.report {
            var json = summary.jsonObject
            json["display"] = ["mode": "window", "videoDriver": window.display.info.videoDriver, "renderer": window.display.info.renderer]
            json["client"] = "chat"
            json["pinnedToBottom"] = window.engine.isPinnedToBottom
            json["taps"] = window.taps.map { ["row": $0.row, "item": $0.item ?? "", "description": $0.description ?? ""] }
            if let completed { json["scriptCompleted"] = completed }
            json.merge(DemoWindow.timingJSON(window)) { _, new in new }
            try OutputFile.write([UInt8](try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])), to: path)
        }
        print(summary.text)
        print(DemoWindow.timingText(window))
        for path in [options.screenshot, options.report].compactMap({ $0 }) { print("wrote \(path)") }
    }
}
