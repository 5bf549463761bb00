import CGtk4
import FlickCore
import FlickList

/// Keyboard focus between links: Tab and Shift+Tab walk the targets of the rows on screen in
/// reading order (scrolling a link that is partly outside into view); past the last one focus
/// leaves the list as GTK's focus chain says. Enter activates the focused link as a tap.
/// Main thread.
extension FlickListView {
    /// The targets of the rows on screen, top to bottom.
    func visibleLinks() -> [FocusedLink<Interaction.Target>] {
        let rows = engine.lastContents.map(\.row).sorted()
        return rows.flatMap { row -> [FocusedLink<Interaction.Target>] in
            guard let layout = layout(ofRow: row) else { return [] }
            return interaction.focusTargets(in: layout).enumerated().map { index, entry in
                FocusedLink(row: row, index: index, target: entry.target, rects: entry.rects)
            }
        }
    }

    /// The layout of a row on screen (probed at a point inside it).
    func layout(ofRow row: Int) -> Source.Layout? {
        guard let top = rowTop(row) else { return nil }
        let height = engine.heights.height(ofRow: row)
        let y = min(max(top, 0), min(top + height, engine.viewport.height) - 0.5)
        guard let hit = engine.row(at: Point(x: 1, y: y)), hit.row == row else { return nil }
        return hit.layout
    }

    /// Moves keyboard focus to the next (or previous) link. Returns false when there is none
    /// that way, so GTK moves focus out of the list.
    @discardableResult
    public func moveFocus(forward: Bool) -> Bool {
        let links = visibleLinks()
        let height = engine.viewport.height
        func isOnScreen(_ link: FocusedLink<Interaction.Target>) -> Bool {
            guard let top = rowTop(link.row) else { return false }
            let frame = link.bounds.offsetBy(dx: 0, dy: top)
            return frame.minY >= 0 && frame.maxY <= height
        }
        var next: FocusedLink<Interaction.Target>?
        if let current = focused, let position = links.firstIndex(where: { $0.row == current.row && $0.index == current.index }) {
            let index = position + (forward ? 1 : -1)
            next = links.indices.contains(index) ? links[index] : nil
        } else {
            next = forward ? links.first(where: isOnScreen) : links.last(where: isOnScreen)
        }
        guard let next else {
            focused = nil
            gtk_widget_queue_draw(canvas)
            return false
        }
        focused = next
        reveal(next)
        gtk_widget_queue_draw(canvas)
        return true
    }

    /// Scrolls so the whole link is on screen (8 pt of margin), when it is not.
    private func reveal(_ link: FocusedLink<Interaction.Target>) {
        guard let top = rowTop(link.row) else { return }
        let frame = link.bounds.offsetBy(dx: 0, dy: top)
        let height = engine.viewport.height
        var delta = 0.0
        if frame.minY < 0 { delta = frame.minY - 8 } else if frame.maxY > height { delta = min(frame.maxY - height + 8, frame.minY - 8) }
        guard delta != 0 else { return }
        engine.setContentOffset(engine.contentOffset + delta, time: now)
    }

    /// Enter: the focused link is tapped. Returns false when no link has focus.
    @discardableResult
    public func activateFocusedLink() -> Bool {
        guard let focused, let layout = layout(ofRow: focused.row) else { return false }
        let description = interaction.describe(focused.target, in: layout)
        record(
            Tap(
                item: engine.itemID(atRow: focused.row), row: focused.row, local: focused.bounds.center, target: focused.target,
                description: description, byKeyboard: true))
        return true
    }
}
