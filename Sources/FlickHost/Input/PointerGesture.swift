import FlickCore

/// Turns one pointer's down / move / up into list gestures, the way a scroll view reads a
/// finger: a press that stays within `slop` is a tap (its target highlights while held); a
/// press that moves further becomes a drag, and lifting it may fling; a press that stops a
/// moving list only stops it (VVebo's hitTest: no tap on a row flying by).
///
/// Pure value in viewport points; the window feeds it mouse events and scripts feed it
/// `press`/`release`. Any thread.
public struct PointerGesture: Sendable {
    public enum Action: Hashable, Sendable {
        /// Finger down: stop any fling at once.
        case touchDown
        /// Show the pressed state of whatever is under `point`.
        case press(Point)
        /// The press became a drag or was cancelled: drop the pressed state.
        case cancelPress
        case beginDrag(y: Double)
        case drag(y: Double)
        /// Finger up after a drag: the engine's physics decides whether it flings.
        case endDrag
        /// Finger up without moving: a tap at the press point.
        case tap(Point)
    }

    enum State: Sendable, Hashable {
        case idle
        /// Down, not moved past the slop yet; `tappable` is false when the touch stopped a fling.
        case down(start: Point, tappable: Bool)
        case dragging
    }

    /// Points a press may move and still be a tap; default 6 (a little over UIKit's 10 px at 2x).
    public var slop: Double
    private(set) var state = State.idle

    public init(slop: Double = 6) {
        self.slop = slop
    }

    public var isDown: Bool { state != .idle }

    /// Pointer pressed at `point`. `listWasMoving`: the list was flinging, bouncing or animating.
    public mutating func down(at point: Point, listWasMoving: Bool) -> [Action] {
        var actions: [Action] = []
        if state == .dragging { actions.append(.endDrag) }
        state = .down(start: point, tappable: !listWasMoving)
        actions.append(.touchDown)
        if !listWasMoving { actions.append(.press(point)) }
        return actions
    }

    /// Pointer pressed at `point` as the start of a drag, with no slop to cross first: a
    /// scripted finger moves on purpose, so there is no tap to tell apart and the drag's
    /// first step is not lost. Ends whatever was going on before.
    public mutating func downDragging(at point: Point) -> [Action] {
        let ended = cancel()
        state = .dragging
        return ended + [.touchDown, .beginDrag(y: point.y)]
    }

    /// Pointer moved to `point` (ignored when not pressed).
    public mutating func move(to point: Point) -> [Action] {
        switch state {
        case .idle:
            return []
        case .down(let start, let tappable):
            let dx = point.x - start.x
            let dy = point.y - start.y
            guard dx * dx + dy * dy > slop * slop else { return [] }
            state = .dragging
            return (tappable ? [.cancelPress] : []) + [.beginDrag(y: point.y), .drag(y: point.y)]
        case .dragging:
            return [.drag(y: point.y)]
        }
    }

    /// Pointer released.
    public mutating func up() -> [Action] {
        defer { state = .idle }
        switch state {
        case .idle: return []
        case .down(let start, let tappable): return tappable ? [.tap(start)] : []
        case .dragging: return [.endDrag]
        }
    }

    /// The window lost the pointer (focus change, engine switch): end whatever was going on.
    public mutating func cancel() -> [Action] {
        defer { state = .idle }
        switch state {
        case .idle: return []
        case .down(_, let tappable): return tappable ? [.cancelPress] : []
        case .dragging: return [.endDrag]
        }
    }
}
