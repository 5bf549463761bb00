import FlickCore
import FlickList
import FlickRaster
import FlickHost

/// Taps in a window for any `CellList`: a point hits a layout's `HitRegion`, the pressed look
/// is the kind's own `draw(state: .pressed)`, and the region's label describes the tap.
public struct CellInteraction<ID: Hashable & Sendable>: RowInteraction {
    public typealias Source = CellSource<ID>

    public init() {}

    public func target(at point: Point, in layout: CellLayoutBox) -> HitRegion? { layout.hitRegion(at: point) }

    public func pressedAppearance(of target: HitRegion, in layout: CellLayoutBox, context: Source.WorkerContext) -> PressedAppearance {
        PressedAppearance(cell: layout.render(.pressed(target)))
    }

    public func describe(_ target: HitRegion, in layout: CellLayoutBox) -> String { target.label }

    /// The cell kind's `accessibleLabel`.
    public func accessibleLabel(of cell: Cell<ID>) -> String? { cell.accessibleLabel }

    /// The region's label ("@alice").
    public func accessibleName(of target: HitRegion, in layout: CellLayoutBox) -> String { target.label }

    /// The layout's hit regions, in the order the kind lists them.
    public func focusTargets(in layout: CellLayoutBox) -> [(target: HitRegion, rects: [Rect])] {
        layout.hitRegions.map { ($0, $0.rects) }
    }
}
