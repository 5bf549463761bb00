import FlickCore

/// Keys: the focus moves by rows, pages, items, to the ends; the selection follows the mode
/// and the modifiers; the list scrolls after the focus with the physics (a short ease per
/// key, so a held key scrolls smoothly), or lands exactly with `scrollTo` when the focus
/// moves far (End on a million rows). Main thread.
extension ListEngine {
    /// How long the list eases after a focus that left the viewport, seconds: 0.2 s, shorter
    /// than the 33 ms between repeats times the 6 repeats a reader sees as one motion.
    static var focusFollowDuration: Double { 0.2 }

    /// Performs `press` if it is a list key and returns its action (`activate` and
    /// `nextTarget` are returned for the host to perform); nil for other keys.
    @discardableResult
    public func handleKey(_ press: KeyPress, time: Double) -> ListKeyAction? {
        guard let action = ListKeyAction.action(for: press, navigation: navigation) else { return nil }
        userMoves += 1
        perform(action, time: time)
        return action
    }

    /// Performs a key's action (the host's own — activate, nextTarget — do nothing here).
    public func perform(_ action: ListKeyAction, time: Double) {
        guard heights.rowCount > 0 else { return }
        switch action {
        case .move(let move, let intent):
            moveFocus(move, intent: intent, time: time)
        case .toggleFocused, .selectFocused:
            let row = focusOrFirstVisible()
            changeSelection { $0.focus(row, selecting: selectionMode, toggling: action == .toggleFocused, visible: true) }
        case .selectAll:
            let count = heights.rowCount
            changeSelection {
                if selectionMode == .multiple { $0.selected = RowSet(0..<count) }
                $0.focusVisible = true
            }
        case .unselectAll:
            changeSelection {
                $0.selected = RowSet()
                $0.focusVisible = true
            }
        case .escape:
            changeSelection {
                $0.selected = RowSet()
                $0.focusVisible = false
                $0.focusedLink = nil
            }
        case .scrollPage(let pages):
            let base = physics.phase == .animating ? (physics.targetContentOffset ?? contentOffset) : contentOffset
            ease(to: base + Double(pages) * viewport.height * Self.keyPageFraction, time: time)
        case .activate, .nextTarget:
            break
        }
    }

    /// A page of Space in feed navigation: 90 % of the viewport, so a line of context stays.
    public static var keyPageFraction: Double { 0.9 }

    /// The focused row, or the first row wholly on screen (the first partly on screen when none
    /// is whole): where a first key press puts the focus.
    public func focusOrFirstVisible() -> Int {
        if let focus = selection.focus, focus < heights.rowCount { return focus }
        let offset = max(0, contentOffset)
        let row = heights.row(atOffset: min(offset, max(0, heights.totalHeight - 1)))
        let wholeFromTop = heights.offset(ofRow: row) >= offset - 0.5
        return wholeFromTop || row + 1 >= heights.rowCount ? row : row + 1
    }

    private func moveFocus(_ move: ListKeyAction.Move, intent: ListKeyAction.Intent, time: Double) {
        let count = heights.rowCount
        let hadFocus = selection.focus.map { $0 < count } ?? false
        let from = focusOrFirstVisible()
        var to: Int
        switch move {
        case .rows(let n): to = hadFocus ? from + n : from
        case .items(let n): to = hadFocus ? from + n : from
        case .pages(let n):
            // The row a viewport away from the focused row's top (GTK: by the visible height).
            let y = heights.offset(ofRow: from) + Double(n) * viewport.height
            to = y < 0 ? 0 : (y >= heights.totalHeight ? count - 1 : heights.row(atOffset: y))
            if to == from { to = from + n.signum() }
        case .first: to = 0
        case .last: to = count - 1
        }
        to = min(max(0, to), count - 1)
        let mode = selectionMode
        changeSelection { selection in
            let anchor = selection.anchor ?? from
            selection.focus = to
            selection.focusVisible = true
            selection.focusedLink = nil
            switch (mode, intent) {
            case (.none, _), (_, .focusOnly):
                break
            case (.single, _), (.multiple, .select):
                selection.focus(to, selecting: mode, toggling: false, visible: true)
            case (.multiple, .extend):
                selection.selected = RowSet(min(anchor, to)..<(max(anchor, to) + 1))
                selection.anchor = anchor
            case (.multiple, .extendToggle):
                selection.selected.insert(min(anchor, to)..<(max(anchor, to) + 1))
                selection.anchor = anchor
            }
        }
        reveal(row: to, time: time)
    }

    /// Scrolls so `row` is on screen — wholly when it fits — easing there when it is near, or
    /// landing exactly (re-aiming as heights become exact) when it is more than two viewports
    /// away.
    func reveal(row: Int, time: Double) {
        let top = heights.offset(ofRow: row)
        let bottom = top + heights.height(ofRow: row)
        let height = viewport.height
        let base = physics.phase == .animating ? (physics.targetContentOffset ?? contentOffset) : contentOffset
        let wanted: Double
        let align: ScrollAlignment
        if top < base || bottom - top > height {
            wanted = top
            align = .top
        } else if bottom > base + height {
            wanted = bottom - height
            align = .bottom
        } else {
            return
        }
        if abs(wanted - contentOffset) > 2 * height {
            scrollTo(row: row, align: align, animated: false, time: time)
        } else {
            ease(to: wanted, time: time)
        }
    }

    /// Eases the offset to `offset` (clamped) over `focusFollowDuration`.
    private func ease(to offset: Double, time: Double) {
        let clamped = min(max(offset, physics.bounds.lowerBound), physics.bounds.upperBound)
        guard clamped != contentOffset else { return }
        scrollTarget = nil
        pendingScroll = nil
        opensAtBottom = false
        physics.animate(to: clamped, duration: Self.focusFollowDuration, time: time)
    }
}
