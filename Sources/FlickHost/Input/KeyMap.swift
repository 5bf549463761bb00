import FlickList

/// What a key asks the window to do.
public enum WindowCommand: Hashable, Sendable, CaseIterable {
    case toggleHUD, toggleRanges, toggleMisaligned, toggleRowTint, switchPipeline, toggleHelp
    case insertRows, editTopRow, deleteTopRow, showInsertedRows
    case quit

    /// One line for `--help` and the on-screen key list.
    public var title: String {
        switch self {
        case .toggleHUD: "HUD: fps, frame-time graph, main-thread ms, rows"
        case .toggleRanges: "visible/display/preload ranges, fling landing zone"
        case .toggleMisaligned: "colour misaligned (magenta) and scaled (yellow) layers"
        case .toggleRowTint: "tint rows: full, stale, skeleton, placeholder, blank"
        case .switchPipeline: "switch pipeline: Flick <-> naive (live A/B)"
        case .toggleHelp: "show or hide this key list"
        case .insertRows: "5 new rows on top (the reader's row stays put)"
        case .editTopRow: "edit the row at the top (new content, new height)"
        case .deleteTopRow: "delete the row at the top"
        case .showInsertedRows: "scroll up to the new rows (the \"N new\" pill)"
        case .quit: "quit"
        }
    }
}

/// Keys → commands. Pure value; any thread.
public struct KeyMap: Sendable {
    /// One binding: the keys (as shown to the user) and what they do.
    public struct Binding: Sendable {
        public let keys: [Key]
        public let modifiers: KeyModifiers
        public let label: String
        public let command: WindowCommand
    }

    public let bindings: [Binding]

    public init(bindings: [Binding]) {
        self.bindings = bindings
    }

    /// The demo window's own keys (the list's keys — arrows, pages, Home/End, selection,
    /// Enter, Tab — are the list's, `ListKeyAction`, and come after these).
    public static let standard = KeyMap(bindings: [
        Binding(keys: [.character("h")], modifiers: [], label: "H", command: .toggleHUD),
        Binding(keys: [.character("r")], modifiers: [], label: "R", command: .toggleRanges),
        Binding(keys: [.character("m")], modifiers: [], label: "M", command: .toggleMisaligned),
        Binding(keys: [.character("t")], modifiers: [], label: "T", command: .toggleRowTint),
        Binding(keys: [.character("p")], modifiers: [], label: "P", command: .switchPipeline),
        Binding(keys: [.character("n")], modifiers: [], label: "N", command: .insertRows),
        Binding(keys: [.character("e")], modifiers: [], label: "E", command: .editTopRow),
        Binding(keys: [.character("d")], modifiers: [], label: "D", command: .deleteTopRow),
        Binding(keys: [.character("u")], modifiers: [], label: "U", command: .showInsertedRows),
        Binding(keys: [.f1, .character("?")], modifiers: [], label: "?/F1", command: .toggleHelp),
        // "?" arrives as Shift + "/" on most layouts.
        Binding(keys: [.character("/"), .character("?")], modifiers: .shift, label: "", command: .toggleHelp),
        Binding(keys: [.character("q")], modifiers: [], label: "Q", command: .quit),
    ])

    /// The command for `key` held with exactly `modifiers` (Control is ignored so a stray
    /// Ctrl does nothing surprising: it matches nothing).
    public func command(for key: Key, modifiers: KeyModifiers = []) -> WindowCommand? {
        bindings.first { $0.keys.contains(key) && $0.modifiers == modifiers }?.command
    }

    /// The list's keys as the help shows them (the list performs them, not this map).
    public static let listKeys: [(label: String, title: String)] = [
        ("Up/Down", "move the focus a row (Ctrl: focus only, Shift: extend)"),
        ("PageUp/PageDown", "previous/next post (a list: a page)"),
        ("Space/Shift+Space", "scroll a page down/up (Ctrl+Space: toggle the row)"),
        ("Home/End", "first/last row"),
        ("Ctrl+A, Ctrl+Shift+A", "select all, select none"),
        ("Enter, Tab", "open the focused row or link; next link"),
        ("Esc", "clear the selection"),
        ("Ctrl+F, F3/Shift+F3", "find: type, Enter/Shift+Enter next/previous, Esc closes"),
    ]

    /// "Key  what it does" lines for `--help` and the on-screen list (one per labelled binding,
    /// then the list's keys).
    public var helpLines: [String] {
        let entries = bindings.filter { !$0.label.isEmpty }.map { ($0.label, $0.command.title) } + Self.listKeys
        let width = entries.map(\.0.count).max() ?? 0
        return entries.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
    }

    /// "Key: what it does" lines for the on-screen list (drawn in a proportional font, so no
    /// column padding).
    public var compactHelpLines: [String] {
        (bindings.filter { !$0.label.isEmpty }.map { ($0.label, $0.command.title) } + Self.listKeys).map { "\($0.0): \($0.1)" }
    }

    /// The one-line hint shown at the bottom of the window.
    public static let hint = "H HUD · R ranges · M misaligned · T tint · P naive/Flick · ? keys"
}
