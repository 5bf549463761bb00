/// A key the window reacts to, independent of SDL (the SDL layer maps its key codes here), so
/// the key map is a pure table that tests read without a display.
public enum Key: Hashable, Sendable {
    case space, pageDown, pageUp, down, up, home, end, escape, tab, f1
    /// A printable key, lowercased: "h", "r", "?".
    case character(Character)
}

/// Modifier keys held with a key.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
}

/// What a key asks the window to do.
public enum WindowCommand: Hashable, Sendable, CaseIterable {
    case pageDown, pageUp, lineDown, lineUp, top, bottom
    case toggleHUD, toggleRanges, toggleMisaligned, toggleRowTint, switchPipeline, toggleHelp
    case insertRows, editTopRow, deleteTopRow, showInsertedRows
    case quit

    /// One line for `--help` and the on-screen key list.
    public var title: String {
        switch self {
        case .pageDown: "page down"
        case .pageUp: "page up"
        case .lineDown: "scroll down a little"
        case .lineUp: "scroll up a little"
        case .top: "scroll to top"
        case .bottom: "jump to the last row"
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

    /// The demo's keys. Shift+Space pages up, as in a browser.
    public static let standard = KeyMap(bindings: [
        Binding(keys: [.space, .pageDown], modifiers: [], label: "Space/PageDown", command: .pageDown),
        Binding(keys: [.space], modifiers: .shift, label: "Shift+Space/PageUp", command: .pageUp),
        Binding(keys: [.pageUp], modifiers: [], label: "", command: .pageUp),
        Binding(keys: [.down], modifiers: [], label: "Down", command: .lineDown),
        Binding(keys: [.up], modifiers: [], label: "Up", command: .lineUp),
        Binding(keys: [.home], modifiers: [], label: "Home", command: .top),
        Binding(keys: [.end], modifiers: [], label: "End", command: .bottom),
        Binding(keys: [.character("h")], modifiers: [], label: "H", command: .toggleHUD),
        Binding(keys: [.character("r")], modifiers: [], label: "R", command: .toggleRanges),
        Binding(keys: [.character("m")], modifiers: [], label: "M", command: .toggleMisaligned),
        Binding(keys: [.character("t")], modifiers: [], label: "T", command: .toggleRowTint),
        Binding(keys: [.character("p"), .tab], modifiers: [], label: "P/Tab", command: .switchPipeline),
        Binding(keys: [.character("n")], modifiers: [], label: "N", command: .insertRows),
        Binding(keys: [.character("e")], modifiers: [], label: "E", command: .editTopRow),
        Binding(keys: [.character("d")], modifiers: [], label: "D", command: .deleteTopRow),
        Binding(keys: [.character("u")], modifiers: [], label: "U", command: .showInsertedRows),
        Binding(keys: [.f1, .character("?")], modifiers: [], label: "?/F1", command: .toggleHelp),
        // "?" arrives as Shift + "/" on most layouts.
        Binding(keys: [.character("/"), .character("?")], modifiers: .shift, label: "", command: .toggleHelp),
        Binding(keys: [.escape, .character("q")], modifiers: [], label: "Esc/Q", command: .quit),
    ])

    /// The command for `key` held with exactly `modifiers` (Control is ignored so a stray
    /// Ctrl does nothing surprising: it matches nothing).
    public func command(for key: Key, modifiers: KeyModifiers = []) -> WindowCommand? {
        bindings.first { $0.keys.contains(key) && $0.modifiers == modifiers }?.command
    }

    /// "Key  what it does" lines for `--help` and the on-screen list (one per labelled binding).
    public var helpLines: [String] {
        let labelled = bindings.filter { !$0.label.isEmpty }
        let width = labelled.map(\.label.count).max() ?? 0
        return labelled.map { $0.label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.command.title }
    }

    /// "Key: what it does" lines for the on-screen list (drawn in a proportional font, so no
    /// column padding).
    public var compactHelpLines: [String] {
        bindings.filter { !$0.label.isEmpty }.map { "\($0.label): \($0.command.title)" }
    }

    /// The one-line hint shown at the bottom of the window.
    public static let hint = "H HUD · R ranges · M misaligned · T tint · P naive/Flick · ? keys"
}
