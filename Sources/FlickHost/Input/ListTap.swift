import FlickCore
import FlickList

/// A tap a host hands its client, by pointer or by Enter on a focused link: the same value from
/// the SDL window (`ListWindow.onTap`) and the GTK widget (`FlickListView.onTap`). Plain value,
/// made and delivered on the main thread.
public struct ListTap<ItemID: Hashable & Sendable, Target: Hashable & Sendable>: Hashable, Sendable {
    /// The tapped row's item: its identity, which stays the item's across inserts above, deletes
    /// and moves (the row number does not). Nil only when the row had no item.
    public let item: ItemID?
    /// The row tapped, at the time of the tap, and where in it, row points.
    public let row: Int
    public let local: Point
    /// What the tap hit, typed by the client's `RowInteraction` (for a `CellList`, the kind's
    /// `HitRegion` with its `HitTarget`: a link with its kind and value, or a named part);
    /// nil when it hit the row itself.
    public let target: Target?
    /// The interaction's description of the target ("@alice (mention) in row 12"), nil when
    /// the tap hit the row itself.
    public let description: String?
    /// Enter on a focused link rather than a pointer.
    public let byKeyboard: Bool

    public init(item: ItemID?, row: Int, local: Point, target: Target?, description: String?, byKeyboard: Bool) {
        self.item = item
        self.row = row
        self.local = local
        self.target = target
        self.description = description
        self.byKeyboard = byKeyboard
    }
}

extension RowInteraction {
    /// The tap of a pointer released at `local` in `row`: the target held down since the press
    /// when the press was on this row (what the reader saw highlighted), else what is under the
    /// point in `layout`, else the row itself. Main thread; geometry only.
    public func tap(
        item: Source.Item.ID?, row: Int, local: Point, layout: Source.Layout?,
        pressed: (row: Int, target: Target, layout: Source.Layout)?
    ) -> ListTap<Source.Item.ID, Target> {
        var target: Target?
        var description: String?
        if let pressed, pressed.row == row {
            target = pressed.target
            description = describe(pressed.target, in: pressed.layout)
        } else if let layout, let found = self.target(at: local, in: layout) {
            target = found
            description = describe(found, in: layout)
        }
        return ListTap(item: item, row: row, local: local, target: target, description: description, byKeyboard: false)
    }
}
