import FlickCore
import FlickList

/// Size and pipeline changes: the window follows `EngineRebuild`'s policy (a new width
/// relayouts in place, a new height or pipeline builds a new engine at the reader's row, the
/// old frame shown until the new one has drawn). Main thread.
extension ListWindow {
    /// The previous engine, shown until the rebuilt one has drawn its visible rows. Setting
    /// nil ends the handoff (the list changed and the old engine was not told).
    var handoff: (engine: Engine, until: Double)? {
        get { engineRebuild.handoff }
        set { if newValue == nil { engineRebuild.endHandoff() } }
    }

    /// Replaces the engine with one running `pipeline` at the same place in the list (live
    /// A/B). A coast in progress carries over. The old engine's frame stays on screen until
    /// the new one has drawn its visible rows (at most `handoffSeconds`).
    public func switchPipeline(to pipeline: PipelineKind, time: Double) {
        guard pipeline != self.pipeline else { return }
        rebuild(viewport: Size(width: engine.width, height: engine.viewport.height), pipeline: pipeline, time: time)
        status = ("\(pipeline == .naive ? "naive" : "Flick") pipeline", time + 3)
        updateTitle()
    }

    /// The window was resized to `size` points. A new width relayouts at once in the
    /// background (old bitmaps stay until the new ones are ready); a new height needs a new
    /// compositor, so the engine is rebuilt once the size has held for `resizeSettleSeconds`
    /// (until then the list is letterboxed or cut at the bottom).
    func viewportChanged(to size: Size, time: Double) {
        engineRebuild.viewportChanged(to: size, engine: engine, time: time)
    }

    /// Rebuilds for a settled height change.
    func applyPendingViewport(time: Double) {
        guard let size = engineRebuild.settledViewport(engine: engine, time: time, settleSeconds: configuration.resizeSettleSeconds) else { return }
        rebuild(viewport: size, pipeline: pipeline, time: time)
    }

    /// The current engine's place: the row at the viewport's top and how far into it.
    var anchor: (row: Int, offsetInRow: Double) { EngineRebuild.anchor(of: engine) }

    private func rebuild(viewport: Size, pipeline: PipelineKind, time: Double) {
        apply(gesture.cancel(), time: time)
        pressed.end(engine: engine)
        engineRebuild.replace(&engine, time: time, handoffSeconds: configuration.handoffSeconds) { makeEngine(viewport, pipeline) }
    }

    /// Scrolls a rebuilt engine into its anchor row once the row has its exact height.
    func applyPendingAnchor(time: Double) { engineRebuild.applyPendingAnchor(to: engine, time: time) }

    func endHandoffIfReady(time: Double) { engineRebuild.endHandoffIfReady(engine: engine, time: time) }
}
