import CGtk4
import FlickCore
import FlickList
import FlickHost

/// Size, scale and scrollbar: the widget follows `EngineRebuild`'s policy, as `ListWindow`
/// does — a new width relayouts in place; a new height (once it has held for
/// `resizeSettleSeconds`) or GTK scale factor builds a new engine at the reader's row, the old
/// frame shown until the new engine has drawn its visible rows. Main thread.
extension FlickListView {
    /// GTK allocated `size` points.
    func viewportChanged(to size: Size, time: Double) {
        guard size.width >= 1, size.height >= 1 else { return }
        allocatedSize = size
        engineRebuild.viewportChanged(to: size, engine: engine, time: time)
    }

    /// Rebuilds for a height change that has held for `resizeSettleSeconds`.
    func applyPendingViewport(time: Double) {
        guard let size = engineRebuild.settledViewport(engine: engine, time: time, settleSeconds: configuration.resizeSettleSeconds) else { return }
        rebuild(viewport: size, scale: scale, time: time)
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
        engineRebuild.replace(&engine, time: time, handoffSeconds: configuration.handoffSeconds) { makeEngine(viewport, scale) }
    }

    /// Scrolls a rebuilt engine into its anchor row once the row has its exact height.
    func applyPendingAnchor(time: Double) { engineRebuild.applyPendingAnchor(to: engine, time: time) }

    func endHandoffIfReady(time: Double) { engineRebuild.endHandoffIfReady(engine: engine, time: time) }

    /// The scrollbar follows the engine: page = viewport, upper = estimated content height.
    /// Changes under half a point are not sent (no signal storm, no thumb shimmer); while the
    /// list moves, neither is a change that leaves the scrollbar's thumb where it is
    /// (`ScrollbarThumb`: each sent change costs a window relayout under X11).
    func updateAdjustment() {
        let page = engine.viewport.height
        let upper = max(engine.physics.contentHeight, page)
        let value = min(max(0, engine.contentOffset), upper - page)
        if engine.physics.phase != .idle, let scrollbar, let metrics = ScrollbarThumb.metrics(of: scrollbar) {
            let shown = ScrollbarThumb(
                trough: metrics.trough, minimum: metrics.minimum, value: gtk_adjustment_get_value(adjustment),
                upper: gtk_adjustment_get_upper(adjustment), page: gtk_adjustment_get_page_size(adjustment))
            let next = ScrollbarThumb(trough: metrics.trough, minimum: metrics.minimum, value: value, upper: upper, page: page)
            if next == shown, gtk_adjustment_get_page_size(adjustment) == page {
                adjustmentUpdatesSkipped += 1
                return
            }
        }
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
