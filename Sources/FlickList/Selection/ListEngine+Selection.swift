import FlickCore
import FlickRaster

/// Focus and selection: the state (`selection`), clicks, and how they are drawn. Main thread,
/// like the engine; a change is told to `onSelectionChange` once, after it is made.
extension ListEngine {
    /// The focused row's item, if the row is loaded (or near the viewport).
    public var focusedItem: Source.Item.ID? {
        guard let row = selection.focus else { return nil }
        return itemID(atRow: row) ?? source.item(at: row)?.id
    }

    /// The layout of `row`, if the list holds one (rows near the viewport).
    public func layout(ofRow row: Int) -> Source.Layout? { store.node(atRow: row)?.layout }

    /// The middle of the part of `row` on screen, viewport points; nil when it is off screen.
    public func visibleCentre(ofRow row: Int) -> Point? {
        guard row >= 0, row < heights.rowCount else { return nil }
        let top = max(0, heights.offset(ofRow: row) - contentOffset)
        let bottom = min(viewport.height, heights.offset(ofRow: row) + heights.height(ofRow: row) - contentOffset)
        guard bottom > top else { return nil }
        return Point(x: viewport.width / 2, y: (top + bottom) / 2)
    }

    /// Rows selected now.
    public var selectedCount: Int { selection.selected.count }

    /// Whether `row` is selected.
    public func isSelected(row: Int) -> Bool { selection.selected.contains(row) }

    /// A click (or tap) on `row` with `modifiers`: the row takes the focus (the ring hides: a
    /// pointer was used) and the selection follows the mode — a plain click selects only the
    /// row, Ctrl toggles it, Shift selects the range from the anchor. A plain click that hit a
    /// target (`hitTarget`: a link, an avatar) is the target's: it focuses the row and selects
    /// nothing, as a link clicked in a page selects no text.
    public func click(row: Int, modifiers: KeyModifiers = [], hitTarget: Bool = false) {
        guard row >= 0, row < heights.rowCount else { return }
        if hitTarget, modifiers.isEmpty {
            focus(row: row, visible: false)
            return
        }
        changeSelection { selection in
            let from = selection.anchor ?? selection.focus ?? row
            guard selectionMode == .multiple, modifiers.contains(.shift) else {
                selection.focus(row, selecting: selectionMode, toggling: modifiers.contains(.control), visible: false)
                return
            }
            // Shift: the range from the anchor, added to the selection with Ctrl.
            if !modifiers.contains(.control) { selection.selected = RowSet() }
            selection.selected.insert(min(from, row)..<(max(from, row) + 1))
            selection.focus = row
            selection.anchor = from
            selection.focusVisible = false
            selection.focusedLink = nil
        }
    }

    /// Selects every row (multiple mode; the other modes select nothing this way).
    public func selectAll() {
        guard selectionMode == .multiple else { return }
        let count = heights.rowCount
        changeSelection { $0.selected = RowSet(0..<count) }
    }

    /// Clears the selection; the focus stays.
    public func unselectAll() {
        changeSelection { $0.selected = RowSet() }
    }

    /// Focuses `row` without changing the selection (`visible`: show the ring, as after a key).
    public func focus(row: Int, visible: Bool) {
        guard row >= 0, row < heights.rowCount else { return }
        changeSelection {
            $0.focus = row
            $0.focusVisible = visible
            $0.focusedLink = nil
        }
    }

    /// Focuses a target (link) of the focused row, `nil` the row itself; the ring moves to it.
    public func focusTarget(_ target: ListSelection.FocusedTarget?) {
        changeSelection {
            $0.focusedLink = target
            $0.focusVisible = true
        }
    }

    /// Hides the focus ring (the list lost keyboard focus, or the pointer was used).
    public func hideFocusRing() {
        changeSelection { $0.focusVisible = false }
    }

    /// Takes over the focus, selection, modes and callback of `other`, an engine over the same
    /// rows being replaced (a new viewport height or scale, another pipeline).
    public func adoptSelection(of other: ListEngine) {
        selectionMode = other.selectionMode
        navigation = other.navigation
        onSelectionChange = other.onSelectionChange
        selection = other.selection
        selection.clamp(toRowCount: heights.rowCount)
    }

    /// Makes a change to the selection, then tells `onSelectionChange` if it changed anything
    /// and starts watching the visible rows' bitmaps (`rastersCausedBySelection`).
    func changeSelection(_ change: (inout ListSelection) -> Void) {
        let before = selection
        change(&selection)
        guard selection != before else { return }
        watchBitmapsAfterSelectionChange()
        onSelectionChange?(selection)
    }

    /// After an update batch: the selection follows its items (called by the engine).
    func selectionFollow(_ changes: ListChanges) {
        let before = selection
        selection.follow(changes)
        if selection != before { onSelectionChange?(selection) }
    }

    /// After the rows were rebuilt without a batch.
    func selectionClamp(toRowCount count: Int) {
        let before = selection
        selection.clamp(toRowCount: count)
        if selection != before { onSelectionChange?(selection) }
    }

    // MARK: Drawing

    /// The layers that show the selection and the focus over this frame's rows: a tint over
    /// each selected row, a ring around the focused row (or its focused link) when the ring is
    /// visible. Shared tiles only: no cell is drawn again.
    func selectionLayers(_ rows: [Compositor.Row]) -> [DisplayLayer] {
        let hasSelection = !selection.selected.isEmpty
        let showsRing = selection.focusVisible && selection.focus != nil
        guard hasSelection || showsRing, let first = rows.first else { return [] }
        let tiles = selectionTiles()
        var layers: [DisplayLayer] = []
        if hasSelection {
            let window = first.index..<((rows.last?.index ?? first.index) + 1)
            let selectedRows = selection.selected.ranges(overlapping: window)
            for row in rows where selectedRows.contains(where: { $0.contains(row.index) }) {
                layers += tiles.tintLayers(row: row.index, top: scale.round(row.top), height: row.height)
            }
        }
        if showsRing, let focus = selection.focus, let row = rows.first(where: { $0.index == focus }) {
            let top = scale.round(row.top)
            let box =
                selection.focusedLink.map { $0.bounds.offsetBy(dx: 0, dy: top).insetBy(dx: -3, dy: -2) }
                ?? Rect(x: 0, y: top, width: viewport.width, height: row.height)
            layers += tiles.ringLayers(around: box, row: focus)
        }
        return layers
    }

    func selectionTiles() -> SelectionTiles {
        if let tiles = selectionTilesCache, tiles.width == viewport.width, tiles.appearance == configuration.selectionAppearance {
            return tiles
        }
        let tiles = SelectionTiles(appearance: configuration.selectionAppearance, width: viewport.width, scale: scale)
        selectionTilesCache = tiles
        return tiles
    }
}
