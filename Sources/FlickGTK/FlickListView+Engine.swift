import CGtk4
import FlickCore
import FlickList

/// Size, scale and scrollbar: a new width relayouts in place; a new height or GTK scale factor
/// needs a new engine, built at the reader's row (the old frame stays until the new engine
/// has drawn its visible rows). The same policy as `ListWindow`'s. Main thread.
extension FlickListView {
    /// GTK allocated `size` points.
    func viewportChanged(to size: Size, time: Double) {
        guard size.width >= 1, size.height >= 1 else { return }
        allocatedSize = size
        if size.width != engine.width { engine.resize(width: size.width, time: time) }
        if size.height != engine.viewport.height || pendingViewport != nil { pendingViewport = (size, time) }
    }

    /// Rebuilds for a height change that has held for `resizeSettleSeconds`.
    func applyPendingViewport(time: Double) {
        guard let pending = pendingViewport, time - pending.since >= configuration.resizeSettleSeconds else { return }
        pendingViewport = nil
        guard pending.size.height != engine.viewport.height || pending.size.width != engine.width else { return }
        rebuild(viewport: pending.size, scale: scale, time: time)
    }

    /// Follows the canvas's GTK scale factor.
    func checkScaleFactor() {
        let factor = Double(gtk_widget_get_scale_factor(canvas))
        if factor >= 1, factor != scale.value { displayScaleChanged(to: DisplayScale(factor)) }
    }

    /// Draws at `newScale` device pixels per point from now on (GTK's scale factor changed):
    /// a new engine at the reader's row.
    public func displayScaleChanged(to newScale: DisplayScale) {
        guard newScale != scale else { return }
        scale = newScale
        rebuild(viewport: Size(width: allocatedSize.width, height: allocatedSize.height), scale: newScale, time: now)
    }

    private func rebuild(viewport: Size, scale: DisplayScale, time: Double) {
        apply(gesture.cancel(), time: time)
        endPress()
        focused = nil
        let old = engine
        old.stop()
        let place = anchor
        let coasting = old.physics.phase == .decelerating ? old.physics.velocity : nil
        let new = makeEngine(viewport, scale)
        new.compositor.drawsFramebuffer = false
        new.jump(toRow: place.row, time: time)
        pendingAnchor = place.offsetInRow > 0 ? place : nil
        if let coasting { new.fling(velocity: coasting, time: time) }
        engine = new
        if handoff == nil { handoff = (old, time + configuration.handoffSeconds) }
    }

    /// Scrolls a rebuilt engine into its anchor row once the row has its exact height.
    func applyPendingAnchor(time: Double) {
        guard let place = pendingAnchor else { return }
        guard engine.physics.phase == .idle else {
            pendingAnchor = nil
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

    /// The scrollbar follows the engine: page = viewport, upper = estimated content height.
    /// Changes under half a point are not sent (no signal storm, no thumb shimmer).
    func updateAdjustment() {
        let page = engine.viewport.height
        let upper = max(engine.physics.contentHeight, page)
        let value = min(max(0, engine.contentOffset), upper - page)
        settingAdjustment = true
        defer { settingAdjustment = false }
        if abs(gtk_adjustment_get_upper(adjustment) - upper) >= 0.5 || gtk_adjustment_get_page_size(adjustment) != page {
            gtk_adjustment_configure(adjustment, value, 0, upper, configuration.pointsPerLine, page * 0.9, page)
        } else if abs(gtk_adjustment_get_value(adjustment) - value) >= 0.01 {
            gtk_adjustment_set_value(adjustment, value)
        }
    }

    /// The user moved the scrollbar: the list goes there.
    func adjustmentValueChanged() {
        guard !settingAdjustment else { return }
        engine.setContentOffset(gtk_adjustment_get_value(adjustment), time: now)
    }
}
