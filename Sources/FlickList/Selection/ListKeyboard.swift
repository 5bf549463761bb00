/// What a key does to a list, by GTK's conventions (GtkListBase's bindings) so GTK users feel at
/// home, with the WAI-ARIA feed pattern's paging for timelines and chats. Pure table; any
/// thread. The engine performs the actions (`ListEngine.perform(_:time:)`); Enter and Tab need
/// the host's row interaction and are performed by the host core.
public enum ListKeyAction: Hashable, Sendable {
    /// Where a focus move goes.
    public enum Move: Hashable, Sendable {
        /// `n` rows down (negative: up).
        case rows(Int)
        /// A viewport down or up (list navigation).
        case pages(Int)
        /// The next or previous item, brought fully into view (feed navigation).
        case items(Int)
        case first, last
    }

    /// What a focus move does to the selection (the four modifier forms).
    public enum Intent: Hashable, Sendable {
        /// Plain key: move and select the row (single and multiple modes).
        case select
        /// Ctrl: move the focus only.
        case focusOnly
        /// Shift: select the range from the anchor to the new focus.
        case extend
        /// Ctrl+Shift: add that range to the selection.
        case extendToggle
    }

    case move(Move, Intent)
    /// Ctrl+Space: the focused row in or out of the selection.
    case toggleFocused
    /// Space in list navigation: select the focused row.
    case selectFocused
    /// Ctrl+A (or Ctrl+/).
    case selectAll
    /// Ctrl+Shift+A (or Ctrl+\).
    case unselectAll
    /// Escape: the selection clears and the focus ring hides.
    case escape
    /// Space / Shift+Space in feed navigation: scroll a page down or up; the focus stays.
    case scrollPage(Int)
    /// Enter: activate the focused link, else the focused row (the host's tap callback).
    case activate
    /// Tab / Shift+Tab: the focused row's next or previous link, then out of the list.
    case nextTarget(forward: Bool)

    /// The action of `press` in `navigation`, nil for keys a list does not use.
    public static func action(for press: KeyPress, navigation: KeyboardNavigation) -> ListKeyAction? {
        let control = press.modifiers.contains(.control)
        let shift = press.modifiers.contains(.shift)
        let intent: Intent = control ? (shift ? .extendToggle : .focusOnly) : (shift ? .extend : .select)
        switch press.key {
        case .down: return .move(.rows(1), intent)
        case .up: return .move(.rows(-1), intent)
        case .pageDown: return .move(navigation == .feed ? .items(1) : .pages(1), intent)
        case .pageUp: return .move(navigation == .feed ? .items(-1) : .pages(-1), intent)
        case .home: return .move(.first, intent)
        case .end: return .move(.last, intent)
        case .space:
            if control { return .toggleFocused }
            if navigation == .feed { return .scrollPage(shift ? -1 : 1) }
            return shift ? nil : .selectFocused
        case .character("a") where control: return shift ? .unselectAll : .selectAll
        case .character("/") where control: return .selectAll
        case .character("\\") where control: return .unselectAll
        case .escape: return press.modifiers.isEmpty ? .escape : nil
        case .enter: return press.modifiers.isEmpty ? .activate : nil
        case .tab: return control ? nil : .nextTarget(forward: !shift)
        default: return nil
        }
    }
}
