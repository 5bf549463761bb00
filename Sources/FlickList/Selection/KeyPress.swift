/// A key a list or its host reacts to, independent of SDL and GTK (each host maps its key codes
/// here), so key handling is a pure table that tests and scripts use without a display.
public enum Key: Hashable, Sendable {
    case space, pageDown, pageUp, down, up, left, right, home, end, escape, tab, enter, backspace, f1, f3
    /// A printable key, lowercased: "h", "a", "?".
    case character(Character)

    /// The key named `name` as scripts and key strings write it (case-insensitive): `space`,
    /// `pagedown`/`page_down`, `down`, `end`, `return`/`enter`, `esc`/`escape`, `backspace`, `f1`, `f3`, or one
    /// character. Nil for anything else.
    public init?(named name: String) {
        let lowered = String(name.lowercased().filter { $0 != "_" })
        let named: [String: Key] = [
            "space": .space, "pagedown": .pageDown, "next": .pageDown, "pageup": .pageUp, "prior": .pageUp, "down": .down,
            "up": .up, "left": .left, "right": .right, "home": .home, "end": .end, "escape": .escape, "esc": .escape,
            "tab": .tab, "enter": .enter, "return": .enter, "backspace": .backspace, "f1": .f1, "f3": .f3,
        ]
        if let key = named[lowered] {
            self = key
            return
        }
        guard name.count == 1, let character = lowered.first else { return nil }
        self = .character(character)
    }
}

/// Modifier keys held with a key or a click.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)

    /// `ctrl`, `shift` (also `control`), for scripts' `click ROW ctrl`. Nil for other words.
    public init?(named name: String) {
        switch name.lowercased() {
        case "shift": self = .shift
        case "ctrl", "control": self = .control
        default: return nil
        }
    }
}

/// A key with its modifiers: `Down`, `ctrl+a`, `shift+End`. Plain value.
public struct KeyPress: Hashable, Sendable, CustomStringConvertible {
    public let key: Key
    public let modifiers: KeyModifiers

    public init(_ key: Key, _ modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Parses `ctrl+shift+a`: modifiers first, then one key name (`Key(named:)`); a lone `+`
    /// is the plus key. Nil when a part names nothing.
    public init?(parsing text: String) {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("+") {  // "ctrl++" or "+": the last part is the plus key itself
            parts.removeLast(2)
            parts.append("+")
        }
        guard let last = parts.popLast(), let key = Key(named: last) else { return nil }
        var modifiers: KeyModifiers = []
        for part in parts {
            guard let modifier = KeyModifiers(named: part) else { return nil }
            modifiers.insert(modifier)
        }
        self.init(key, modifiers)
    }

    public var description: String {
        var words: [String] = []
        if modifiers.contains(.control) { words.append("ctrl") }
        if modifiers.contains(.shift) { words.append("shift") }
        words.append("\(key)")
        return words.joined(separator: "+")
    }
}
