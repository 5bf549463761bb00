import FlickCore

/// How many rows a list lets the reader select.
public enum SelectionMode: Sendable, Hashable, CaseIterable {
    /// Rows are focused, never selected (a reading list).
    case none
    /// At most one row: moving the focus or clicking selects the row it lands on.
    case single
    /// Any rows: Ctrl toggles, Shift extends a range, Ctrl+A selects all.
    case multiple
}

/// What the keys that page move in a list (the two conventions readers know).
public enum KeyboardNavigation: Sendable, Hashable {
    /// GTK's list: Page Up/Down move the focus by a viewport; Space toggles nothing.
    case list
    /// The WAI-ARIA feed pattern, for timelines and chats: Page Up/Down move the focus to the
    /// previous/next item and bring it fully into view; Space/Shift+Space scroll by a page.
    case feed
}

/// The list's focus and selection: one home for both, kept by the rows' current numbering and
/// carried through every update batch (`follow`), so they stay on the same *items* across
/// inserts above, deletes and moves — also for rows never loaded, whose ids the list does not
/// know. A deleted focused item passes the focus to its neighbour (the next row, else the
/// previous). Plain value, kept by the engine on the main thread.
public struct ListSelection: Sendable, Hashable {
    /// The focused row (where the keyboard acts), if any.
    public internal(set) var focus: Int?
    /// Where a Shift range starts: the row focused when the last plain move or click landed.
    public internal(set) var anchor: Int?
    /// The selected rows.
    public internal(set) var selected = RowSet()
    /// Whether the focus ring shows: after keyboard use only (focus-visible), off after a click.
    public internal(set) var focusVisible = false
    /// The focused link inside the focused row (Tab's position), as the index of the target in
    /// the row interaction's reading order, with its boxes in row points; nil: the row itself.
    public internal(set) var focusedLink: FocusedTarget?

    public init() {}

    /// A link (or other target) of the focused row that has keyboard focus.
    public struct FocusedTarget: Sendable, Hashable {
        public let index: Int
        /// The target's boxes, row points: the ring is drawn around their union.
        public let rects: [Rect]

        public init(index: Int, rects: [Rect]) {
            self.index = index
            self.rects = rects
        }

        /// The union of the boxes, row points.
        public var bounds: Rect {
            Rect.union(of: rects)
        }
    }

    /// Focuses `row`, makes it the anchor, and in `mode` selects it alone — or, `toggling`,
    /// flips it (single mode: it alone, or nothing). The ring shows when `visible` (a key).
    mutating func focus(_ row: Int, selecting mode: SelectionMode, toggling: Bool, visible: Bool) {
        focus = row
        anchor = row
        focusVisible = visible
        focusedLink = nil
        switch (mode, toggling) {
        case (.none, _): break
        case (.multiple, true): selected.toggle(row)
        case (.single, true) where selected.contains(row): selected = RowSet()
        case (.single, _), (.multiple, false): selected = RowSet(row..<(row + 1))
        }
    }

    /// The state after `changes`: selected rows follow their items; the focus and the anchor
    /// follow theirs, or fall to the neighbour when it was deleted; the focused link is
    /// forgotten if its row changed.
    mutating func follow(_ changes: ListChanges) {
        selected.follow(changes)
        let focusBefore = focus
        focus = focus.flatMap { Self.follow($0, changes) }
        anchor = anchor.flatMap { Self.follow($0, changes) }
        if let row = focusBefore, row < changes.oldCount, changes.newIndex(ofOld: row) == nil || changes.reloads.contains(row) {
            focusedLink = nil
        }
    }

    /// The rows were rebuilt without a batch (the source's count changed under the list):
    /// everything past the new end is dropped.
    mutating func clamp(toRowCount count: Int) {
        selected.clip(to: count)
        if let row = focus, row >= count { focus = count > 0 ? count - 1 : nil }
        if let row = anchor, row >= count { anchor = focus }
        focusedLink = nil
    }

    /// Where old `row` is after `changes`; a deleted row falls to the next surviving row, else
    /// the previous one, else nil (the list is empty).
    static func follow(_ row: Int, _ changes: ListChanges) -> Int? {
        guard row < changes.oldCount else { return changes.newCount > 0 ? changes.newCount - 1 : nil }
        if let moved = changes.newIndex(ofOld: row) { return moved }
        var next = row + 1
        while next < changes.oldCount {
            if let index = changes.newIndex(ofOld: next) { return index }
            next += 1
        }
        var previous = row - 1
        while previous >= 0 {
            if let index = changes.newIndex(ofOld: previous) { return index }
            previous -= 1
        }
        return nil
    }
}
