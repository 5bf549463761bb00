import FlickCore
import FlickList

/// The rebuild-at-the-reader's-row policy every host of a `ListEngine` follows (`ListWindow`
/// in SDL, `FlickListView` in GTK):
///
/// - a new width relayouts in place (the old bitmaps stay until the new ones are ready);
/// - a new height needs a new compositor, so the engine is rebuilt once the size has held for
///   the host's settle time (a drag-resize does not rebuild on every step);
/// - a rebuild (new height, new display scale, new pipeline) starts the new engine at the
///   row at the top of the viewport, scrolls it into that row by the same offset once the row
///   has its exact height, and carries a coast in progress over;
/// - until the new engine has drawn its visible rows (at most the host's handoff time) the
///   old engine's frame stays on screen, so a rebuild never shows blank rows.
///
/// The host owns its engine and calls these from its frame loop; this value keeps what is
/// pending between frames. Main thread (engines live there).
@MainActor
public struct EngineRebuild<Source: ListDataSource> {
    public typealias Engine = ListEngine<Source>

    /// The engine being replaced, shown until the new one has drawn its visible rows or `until`.
    public private(set) var handoff: (engine: Engine, until: Double)?
    /// Where the new engine scrolls to once the anchor row has its exact height.
    public private(set) var pendingAnchor: (row: Int, offsetInRow: Double)?
    /// A viewport size waiting to settle before the engine is rebuilt for it.
    public private(set) var pendingViewport: (size: Size, since: Double)?

    public init() {}

    /// Whether a rebuild is under way (a size settling, a handoff, an anchor to apply): the
    /// host runs frames until it is done (`HostRest`).
    public var isUnderWay: Bool { handoff != nil || pendingAnchor != nil || pendingViewport != nil }

    /// The engine whose frame is on screen: the one being replaced during a handoff, else `engine`.
    public func shown(_ engine: Engine) -> Engine { handoff?.engine ?? engine }

    /// `engine`'s place: the row at the viewport's top and how far into it, points.
    public static func anchor(of engine: Engine) -> (row: Int, offsetInRow: Double) { engine.readingPlace }

    /// The viewport became `size` points: a new width relayouts `engine` at once; a new height
    /// waits to settle (`settledViewport`).
    public mutating func viewportChanged(to size: Size, engine: Engine, time: Double) {
        guard size.width >= 1, size.height >= 1 else { return }
        if size.width != engine.width { engine.resize(width: size.width, time: time) }
        if size.height != engine.viewport.height || pendingViewport != nil { pendingViewport = (size, time) }
    }

    /// The viewport to rebuild `engine` for: a size change that has held for `settleSeconds`
    /// and still differs from the engine's. Taken once.
    public mutating func settledViewport(engine: Engine, time: Double, settleSeconds: Double) -> Size? {
        guard let pending = pendingViewport, time - pending.since >= settleSeconds else { return nil }
        pendingViewport = nil
        guard pending.size.height != engine.viewport.height || pending.size.width != engine.width else { return nil }
        return pending.size
    }

    /// Replaces `engine` with the one `make` builds, at the old one's place: the old engine
    /// stops (it is only shown until the new one has drawn; its queued work is waste) and stays
    /// on screen for at most `handoffSeconds` (or the first rebuild's, when rebuilds follow
    /// each other). The host cancels its gestures and presses first.
    public mutating func replace(_ engine: inout Engine, time: Double, handoffSeconds: Double, make: () -> Engine) {
        let old = engine
        old.stop()
        let place = Self.anchor(of: old)
        let coasting = old.physics.phase == .decelerating ? old.physics.velocity : nil
        let new = make()
        new.compositor.drawsFramebuffer = false
        new.adoptSelection(of: old)
        new.jump(toRow: place.row, time: time)
        // Rows above the anchor have estimated heights in the new engine; the offset into the
        // anchor row is applied once that row is measured (`applyPendingAnchor`).
        pendingAnchor = place.offsetInRow > 0 ? place : nil
        if let coasting { new.fling(velocity: coasting, time: time) }
        engine = new
        if handoff == nil { handoff = (old, time + handoffSeconds) }
    }

    /// Scrolls a rebuilt `engine` into its anchor row once the row has its exact height; a
    /// coast or a new gesture that moves the list first owns the offset instead.
    public mutating func applyPendingAnchor(to engine: Engine, time: Double) {
        guard let place = pendingAnchor else { return }
        guard engine.physics.phase == .idle else {
            pendingAnchor = nil
            return
        }
        guard place.row < engine.heights.rowCount, engine.heights.isExact(row: place.row) else { return }
        pendingAnchor = nil
        engine.setReadingPlace(place, time: time)
    }

    /// Ends the handoff once `engine` has drawn its visible rows at its anchor, or its time is up.
    public mutating func endHandoffIfReady(engine: Engine, time: Double) {
        guard let handoff else { return }
        if time >= handoff.until || (pendingAnchor == nil && engine.visibleRowsFullyDrawn) { self.handoff = nil }
    }

    /// Shows the current engine from now on (the list changed under it, and the engine being
    /// replaced was not told).
    public mutating func endHandoff() { handoff = nil }
}
