import Flick
import FlickCore
import FlickHost

/// A row interaction whose targets a keyboard can visit: Tab moves focus from one to the next
/// in reading order, Enter activates the focused one as a tap would.
public protocol KeyboardLinks: RowInteraction {
    /// The targets of `layout` in reading order, each with the boxes it covers (row points).
    /// Main thread, when focus moves: geometry only, cheap.
    func focusTargets(in layout: Source.Layout) -> [(target: Target, rects: [Rect])]
}

/// Any `CellList`'s hit regions, in the order the kind lists them.
extension CellInteraction: KeyboardLinks {
    public func focusTargets(in layout: CellLayoutBox) -> [(target: HitRegion, rects: [Rect])] {
        layout.hitRegions.map { ($0, $0.rects) }
    }
}

/// The link that has keyboard focus: its row, target and boxes (row points). Plain value.
struct FocusedLink<Target: Hashable & Sendable> {
    let row: Int
    let index: Int
    let target: Target
    let rects: [Rect]

    /// The union of the boxes, row points.
    var bounds: Rect {
        rects.dropFirst().reduce(rects.first ?? Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
    }
}
