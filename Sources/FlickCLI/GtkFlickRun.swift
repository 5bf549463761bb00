import Flick
import FlickChat
import FlickCore
import FlickGTK
import FlickList
import FlickTimeline
import FlickWindow
import Foundation

/// `flick gtk-demo`'s Flick side: the timeline (or the chat) in `FlickListView` inside a GTK
/// window, the script replayed on GTK's frame clock, the frame work measured by
/// `GtkFrameTimer`. Main thread.
@MainActor
struct GtkFlickRun {
    let options: GtkDemo
    let database: String
    let viewport: Size

    func run(_ script: WindowScript) throws -> GtkRunResult {
        var configuration = GtkListConfiguration()
        configuration.naturalSize = viewport
        configuration.lockstep = options.demo.lockstep
        configuration.redrawsEveryFrame = options.alwaysRedraw
        configuration.holdsWorkerWakesThroughPaint = !options.wakeWorkersInFrame
        configuration.cairoNodesHoldImages = !options.recordedCairoNodes
        configuration.accessibleName = options.demo.client == .chat ? "Chat" : "Timeline"
        if options.demo.client == .chat { return try runChat(script, configuration: configuration) }
        let session = try TimelineSession(
            database: database, scale: DisplayScale(Double(options.scale)),
            imagesFailed: { error in FileHandle.standardError.write(Data("flick gtk-demo: images off: \(error)\n".utf8)) })
        let interaction = TimelineInteraction(renderer: session.source.renderer)
        let view = FlickListView(interaction: interaction, configuration: configuration) { viewport, scale in
            session.makeEngine(viewport: viewport, tuning: .flick, scale: scale)
        }
        view.editor = TimelineEditor(source: session.source)
        view.find = interaction.makeFind(searching: FeedStoreSearching(store: session.source.store))
        defer { session.source.cache.persistPendingHeights() }
        return run(view, script: script, title: "Flick — \(session.source.rowCount) posts (GTK)")
    }

    private func runChat(_ script: WindowScript, configuration: GtkListConfiguration) throws -> GtkRunResult {
        let folder = URL(fileURLWithPath: database).deletingLastPathComponent()
        let pictures = try? ChatPictures(folder: folder)
        var listConfiguration = CellList<String>.Configuration.chat
        listConfiguration.viewport = viewport
        let list = CellList<String>(configuration: listConfiguration, images: pictures?.pipeline)
        var chat = ChatSession.Configuration()
        chat.messages = options.demo.messages
        let session = ChatSession(configuration: chat, generator: ChatGenerator(photos: pictures?.photos ?? []), list: list)
        let view = FlickListView(interaction: CellInteraction<String>(), configuration: configuration) { viewport, scale in
            list.rebuild(viewport: viewport, pipeline: .flick, scale: scale)
        }
        view.onFrame = { time in session.tick(time: time) }
        view.find = ListFind(searching: { CellSearching(cells: list.cells) })
        var result = run(view, script: script, title: "Flick chat — \(options.demo.messages) messages (GTK)")
        result.extra["client"] = "chat"
        result.extra["pinnedToBottom"] = view.engine.isPinnedToBottom
        return result
    }

    private func run<Interaction: RowInteraction>(_ view: FlickListView<Interaction>, script: WindowScript, title: String) -> GtkRunResult {
        // Each tap (pointer, Enter, an assistive technology's action) as it happens, for people
        // and for tests watching the window from outside.
        view.onTap = { tap in
            FileHandle.standardOutput.write(Data("tap: row \(tap.row + 1): \(tap.description ?? "the row itself")\n".utf8))
        }
        let window = GtkHost.window(title: title, size: viewport, child: view.widget)
        defer { GtkHost.close(window) }
        let timer = GtkFrameTimer(widget: view.canvas)
        view.run(untilFrame: view.framesRun + GtkWarmup.restFrames)
        let drawBy = view.framesRun + GtkWarmup.maximumDrawFrames
        while view.framesRun < drawBy, view.frames.last?.allRowsDrawn != true {
            view.run(untilFrame: view.framesRun + 1)
        }
        let start = view.framesRun
        timer?.start()
        let before = ScriptCost.Reading()
        let completed = view.play(script, frameLimit: options.demo.frames.map { start + $0 })
        let scrolling = ScriptCost(from: before, to: ScriptCost.Reading())
        if let frames = options.demo.frames { view.run(untilFrame: start + frames) }
        timer?.stop()
        let idle = options.demo.measureIdle.map { IdleMeasurement.measure(view, seconds: $0) }
        if let idle { print("GTK widget \(idle.text)") }
        var result = GtkRunResult(
            name: "Flick widget", frames: Array(view.frames.suffix(view.framesRun - start)), frameWork: timer?.milliseconds ?? [],
            phases: timer?.phases ?? [], cpu: timer?.cpuMilliseconds ?? [], hz: view.hz, settles: view.settles.map { $0 - start }.filter { $0 >= 0 }, updates: view.engine.updateStatistics,
            scale: view.scale.value, selection: view.engine.selectionStatistics, find: view.find?.statistics)
        if options.demo.screenshot != nil { result.screenshot = GtkCapture.capture(view.canvas, scale: view.scale) }
        result.extra["scriptCompleted"] = completed
        result.extra["warmupFrames"] = start
        result.extra["display"] = ["mode": "gtk", "scaleFactor": view.scale.value, "hz": view.hz]
        result.extra["texturesMade"] = view.texturesMade
        result.extra["renderer"] = GtkHost.rendererName(of: view.canvas) ?? "unknown"
        result.extra["rendererChoice"] = GtkHost.rendererDecision?.reason ?? "unknown"
        let paint = view.paintStatistics
        result.extra["paint"] = [
            "snapshots": paint.snapshots, "unchangedFrames": paint.unchangedFrames, "nodesMade": paint.nodesMade, "cairoNodes": paint.cairoNodes,
            "rowNodes": paint.rowNodes?.rawValue ?? "none",
            "holdsUploadPool": paint.holdsUploadPool,
            "snapshotMs": RunSummary.spread(paint.snapshotMilliseconds),
        ]
        result.extra["adjustmentUpdatesSkipped"] = view.adjustmentUpdatesSkipped
        result.extra["accessibility"] = [
            "proxies": view.isAccessible, "proxiesMade": view.accessibleProxiesMade, "syncMs": RunSummary.spread(view.accessibleSyncMilliseconds),
        ]
        if let idle { result.extra["idle"] = idle.jsonObject }
        result.extra["cpuPerScrolledSecond"] = scrolling.cpuPerSecond
        result.extra["taps"] = view.taps.map { ["row": $0.row, "description": $0.description ?? ""] }
        return result
    }
}
