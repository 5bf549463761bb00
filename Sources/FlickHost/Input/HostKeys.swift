import FlickCore
import FlickList

/// What a key did in a host.
public enum HostKeyResult<Tap: Sendable>: Sendable {
    /// The list used the key.
    case handled
    /// Enter activated the focused link or row: the host records the tap and tells its client.
    case tapped(Tap)
    /// Not the list's key, or Tab past the focused row's last link (Shift+Tab before its row):
    /// the host passes it on (GTK moves the focus out of the list).
    case unhandled
}

/// The keys every host handles the same way — the list's keys (`ListEngine.handleKey`), and
/// Enter and Tab through the client's `RowInteraction` — plus the wheel's glide. Main thread.
extension ListEngine {
    /// Scrolls `distance` points (positive: toward later rows) with a short glide that adds to
    /// a glide already going the same way (`ScrollDistance.wheelVelocity`).
    public func glide(by distance: Double, with scrollDistance: ScrollDistance, time: Double) {
        fling(velocity: scrollDistance.wheelVelocity(distance: distance, currentVelocity: physics.velocity), time: time)
    }

    /// A key in a host: focus, selection and scrolling keys go to the list; Enter taps the
    /// focused link (else the focused row) as the pointer would; Tab and Shift+Tab walk the
    /// focused row's links (`RowInteraction.focusTargets`), in reading order.
    public func handleKey<Interaction: RowInteraction>(
        _ press: KeyPress, interaction: Interaction, time: Double
    ) -> HostKeyResult<ListTap<Source.Item.ID, Interaction.Target>> where Interaction.Source == Source {
        guard let action = handleKey(press, time: time) else { return .unhandled }
        switch action {
        case .activate:
            return activateFocused(interaction).map { .tapped($0) } ?? .unhandled
        case .nextTarget(let forward):
            return moveTargetFocus(forward: forward, interaction: interaction, time: time) ? .handled : .unhandled
        default:
            return .handled
        }
    }

    /// Enter: the tap of the focused link, else of the focused row itself; nil with no focus.
    func activateFocused<Interaction: RowInteraction>(_ interaction: Interaction) -> ListTap<Source.Item.ID, Interaction.Target>?
    where Interaction.Source == Source {
        guard let row = selection.focus else { return nil }
        return activation(ofRow: row, target: selection.focusedLink?.index, interaction: interaction)
    }

    /// The tap of activating `row` without a pointer (Enter, an assistive technology's action):
    /// of its `target`-th focus target (`RowInteraction.focusTargets`) when it has that one,
    /// else of the row itself. Main thread.
    public func activation<Interaction: RowInteraction>(
        ofRow row: Int, target index: Int?, interaction: Interaction
    ) -> ListTap<Source.Item.ID, Interaction.Target> where Interaction.Source == Source {
        let item = itemID(atRow: row) ?? source.item(at: row)?.id
        if let index, let layout = self.layout(ofRow: row) {
            let targets = interaction.focusTargets(in: layout)
            if targets.indices.contains(index) {
                let (target, rects) = targets[index]
                return ListTap(
                    item: item, row: row, local: Rect.union(of: rects).center, target: target, description: interaction.describe(target, in: layout),
                    byKeyboard: true)
            }
        }
        return ListTap(item: item, row: row, local: Point(x: 0, y: 0), target: nil, description: nil, byKeyboard: true)
    }

    /// Tab: the next (or previous) link of the focused row, scrolled into view. False when
    /// there is none that way (the focus then leaves the list; Shift+Tab from the first link
    /// goes back to the row itself). With no focused row, the first row on screen takes it.
    func moveTargetFocus<Interaction: RowInteraction>(forward: Bool, interaction: Interaction, time: Double) -> Bool
    where Interaction.Source == Source {
        guard heights.rowCount > 0 else { return false }
        guard let row = selection.focus else {
            focus(row: focusOrFirstVisible(), visible: true)
            return true
        }
        let targets = self.layout(ofRow: row).map { interaction.focusTargets(in: $0) } ?? []
        let next: Int? =
            switch (selection.focusedLink?.index, forward) {
            case (nil, true): targets.isEmpty ? nil : 0
            case (nil, false): nil
            case (let index?, true): index + 1 < targets.count ? index + 1 : nil
            case (let index?, false): index - 1
            }
        guard let next else {
            if selection.focusedLink != nil { focusTarget(nil) }
            return false
        }
        guard next >= 0 else {
            focusTarget(nil)
            return true
        }
        let target = ListSelection.FocusedTarget(index: next, rects: targets[next].rects)
        focusTarget(target)
        revealTarget(target.bounds, row: row, time: time)
        return true
    }

    /// Scrolls so a focused link's box (row points) is on screen with 8 pt to spare.
    private func revealTarget(_ bounds: Rect, row: Int, time: Double) {
        let top = heights.offset(ofRow: row) + bounds.minY - 8
        let bottom = heights.offset(ofRow: row) + bounds.maxY + 8
        if top < contentOffset {
            setContentOffset(top, time: time)
        } else if bottom > contentOffset + viewport.height {
            setContentOffset(min(top, bottom - viewport.height), time: time)
        }
    }
}
