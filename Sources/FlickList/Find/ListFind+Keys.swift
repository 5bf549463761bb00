import FlickCore

/// The find bar's keys, the same in every host (the one table: the SDL window, the headless
/// display and scripts call it; the GTK widget's `GtkSearchEntry` sends the same commands
/// from its own signals). Main thread, between frames.
extension ListFind {
    /// Handles `press` if it is the find's: Ctrl+F opens the bar; F3 / Shift+F3 go to the
    /// next / previous match (opening the bar); with the bar open, Escape closes it, Enter /
    /// Shift+Enter step, Backspace deletes the last character, and character keys and Space
    /// without Ctrl are the bar's (their text arrives through `type`), so a letter never reaches the
    /// list or a window key. Other keys (arrows, Page Down, Tab) are not the find's: the
    /// reader can move while the bar is open. Returns whether the find took the key.
    public func handleKey(_ press: KeyPress, engine: ListEngine<Source>, time: Double) -> Bool {
        let control = press.modifiers.contains(.control)
        let direction: FindDirection = press.modifiers.contains(.shift) ? .previous : .next
        switch press.key {
        case .character("f") where control:
            open(engine: engine)
            return true
        case .f3 where !control:
            open(engine: engine)
            step(direction, engine: engine, time: time)
            return true
        default:
            break
        }
        guard isOpen else { return false }
        switch press.key {
        case .escape: close(engine: engine, time: time)
        case .enter: step(direction, engine: engine, time: time)
        case .backspace: setText(String(text.dropLast()), time: time)
        case .character, .space: if control { return false }
        default: return false
        }
        return true
    }

    /// Text typed into the open bar (a key's character, an input method's string, a paste).
    public func type(_ typed: String, time: Double) {
        guard isOpen, !typed.isEmpty else { return }
        setText(text + typed, time: time)
    }
}
