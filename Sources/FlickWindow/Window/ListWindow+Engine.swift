import FlickCore
import FlickList

extension ListWindow {
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
        guard size.width >= 1, size.height >= 1 else { return }
        if size.width != engine.width { engine.resize(width: size.width, time: time) }
        if size.height != engine.viewport.height || pendingViewport != nil {
            pendingViewport = (size, time)
        }
    }

    /// Rebuilds for a settled height change.
    func applyPendingViewport(time: Double) {
        guard let pending = pendingViewport, time - pending.since >= configuration.resizeSettleSeconds else { return }
        pendingViewport = nil
        guard pending.size.height != engine.viewport.height || pending.size.width != engine.width else { return }
        rebuild(viewport: pending.size, pipeline: pipeline, time: time)
    }

    /// The current engine's place: the row at the viewport's top and how far into it.
    var anchor: (row: Int, offsetInRow: Double) {
        let heights = engine.heights
        guard heights.rowCount > 0 else { return (0, 0) }
        let offset = max(0, engine.contentOffset)
        let row = heights.row(atOffset: offset)
        return (row, offset - heights.offset(ofRow: row))
    }

    private func rebuild(viewport: Size, pipeline: PipelineKind, time: Double) {
        apply(gesture.cancel(), time: time)
        pressed.end(engine: engine)
        let old = engine
        old.stop()  // it is only shown until the new one has drawn; its queued work is waste
        let place = anchor
        let coasting = old.physics.phase == .decelerating ? old.physics.velocity : nil
        let new = makeEngine(viewport, pipeline)
        new.compositor.drawsFramebuffer = false
        new.jump(toRow: place.row, time: time)
        // Rows above the anchor have estimated heights in the new engine; the offset into the
        // anchor row is applied once that row is measured (see `applyPendingAnchor`).
        pendingAnchor = place.offsetInRow > 0 ? place : nil
        if let coasting { new.fling(velocity: coasting, time: time) }
        engine = new
        if handoff == nil { handoff = (old, time + configuration.handoffSeconds) }
    }

    /// Scrolls a rebuilt engine into its anchor row once the row has its exact height.
    func applyPendingAnchor(time: Double) {
        guard let place = pendingAnchor else { return }
        guard engine.physics.phase == .idle else {
            pendingAnchor = nil  // a coast or a new gesture owns the offset now
            return
        }
        guard place.row < engine.heights.rowCount, engine.heights.isExact(row: place.row) else { return }
        pendingAnchor = nil
        let offset = engine.heights.offset(ofRow: place.row) + min(place.offsetInRow, engine.heights.height(ofRow: place.row))
        engine.setContentOffset(offset, time: time)
    }

    func endHandoffIfReady(time: Double) {
        guard let handoff else { return }
        if time >= handoff.until || (pendingAnchor == nil && engine.visibleRowsFullyDrawn) { self.handoff = nil }
    }
}
