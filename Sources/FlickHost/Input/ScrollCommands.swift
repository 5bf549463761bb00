import FlickCore
import FlickList

/// The scrolling keys ask for, done the same way by every host: Page Up/Down glide 90% of the
/// viewport, the arrows a line, Home scrolls to the top, End jumps to the last row (landing
/// exactly, laid out or not). Main thread, like the engine.
extension ListEngine {
    /// A page: 90% of the viewport, so the reader keeps a line of context across the turn.
    public static var pageFraction: Double { 0.9 }

    /// Scrolls `distance` points (positive: toward later rows) with a short glide that adds to
    /// a glide already going the same way (`ScrollDistance.wheelVelocity`).
    public func glide(by distance: Double, with scrollDistance: ScrollDistance, time: Double) {
        fling(velocity: scrollDistance.wheelVelocity(distance: distance, currentVelocity: physics.velocity), time: time)
    }

    /// Performs `command` if it is one of scrolling (page, line, top, bottom) and returns true;
    /// returns false for the rest, which are the host's own (overlays, edits, quit). Nothing
    /// glides while a finger or button holds the list (`isHeld`).
    public func performScrolling(
        _ command: WindowCommand, pointsPerLine: Double, scrollDistance: ScrollDistance, isHeld: Bool, time: Double
    ) -> Bool {
        let distance: Double
        switch command {
        case .pageDown: distance = viewport.height * Self.pageFraction
        case .pageUp: distance = -viewport.height * Self.pageFraction
        case .lineDown: distance = pointsPerLine
        case .lineUp: distance = -pointsPerLine
        case .top:
            scrollToTop(time: time)
            return true
        case .bottom:
            jump(toRow: max(0, heights.rowCount - 1), time: time)
            return true
        default: return false
        }
        if !isHeld { glide(by: distance, with: scrollDistance, time: time) }
        return true
    }
}
