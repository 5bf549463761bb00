import Foundation

/// Real key presses for window tests: `xdotool` (Debian's package, in scripts/apt-packages.txt)
/// gives the named window the X input focus and types the keys through the XTest extension, so
/// they arrive as a keyboard's would — through the X server, the toolkit's event queue and the
/// host's own key path — not as calls into the engine. Any thread; the caller's window must
/// keep pumping its events (a frame or a main-loop iteration) for the keys to be seen.
public enum SyntheticKeys {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        var isTimeout = false
    }

    /// Focuses the window whose title starts with `title` and presses `key` (xdotool's names:
    /// `Down`, `Page_Down`, `ctrl+a`, `shift+End`, `Tab`, `Return`); throws when xdotool is
    /// missing or finds no such window. Another window opening at that moment (tests run in
    /// parallel on one display) can take the focus between the two: a caller that sees nothing
    /// happen presses again.
    public static func press(_ key: String, inWindowTitled title: String) throws {
        try run(["key", "--clearmodifiers", key], inWindowTitled: title)
    }

    /// Focuses the X window `id` and presses `key`: for a window whose id the test knows (no
    /// search by title, which was not reliable with many windows on the display).
    public static func press(_ key: String, inWindow id: UInt) throws {
        try xdotool(["windowfocus", "\(id)", "key", "--clearmodifiers", key], what: "window \(id)")
    }

    /// Focuses the window titled `title` and types `text` as keystrokes (see `type(_:inWindow:)`).
    public static func type(_ text: String, inWindowTitled title: String) throws {
        try run(["type", "--delay", "30", text], inWindowTitled: title)
    }

    /// Focuses the X window `id` and types `text` as keystrokes (xdotool maps each character
    /// to a key, so it arrives as typed text: SDL's text input, GTK's input method).
    public static func type(_ text: String, inWindow id: UInt) throws {
        try xdotool(["windowfocus", "\(id)", "type", "--delay", "30", text], what: "window \(id)")
    }

    /// Focuses the window titled `title` and clicks the left button at (`x`, `y`) in it (X
    /// pixels), with `modifiers` (xdotool's names: `ctrl`, `shift`) held down around the click.
    public static func click(x: Int, y: Int, holding modifiers: [String] = [], inWindowTitled title: String) throws {
        var commands = ["mousemove", "--window", "%1", "--sync", "\(x)", "\(y)"]
        for modifier in modifiers { commands += ["keydown", modifier] }
        commands += ["click", "1"]
        for modifier in modifiers.reversed() { commands += ["keyup", modifier] }
        try run(commands, inWindowTitled: title)
    }

    /// `xdotool search … windowfocus %1` then `commands`; a search that times out (a loaded
    /// machine, many windows on the shared display) is tried again, three times in all.
    private static func run(_ commands: [String], inWindowTitled title: String) throws {
        var attempt = 0
        while true {
            do {
                return try runOnce(commands, inWindowTitled: title)
            } catch let failure as Failure where failure.isTimeout && attempt < 2 {
                attempt += 1
            }
        }
    }

    private static func runOnce(_ commands: [String], inWindowTitled title: String) throws {
        try xdotool(["search", "--sync", "--limit", "1", "--name", "^\(title)", "windowfocus", "%1"] + commands, what: "a window titled \"\(title)\"")
    }

    private static func xdotool(_ arguments: [String], what: String) throws {
        guard let xdotool = ["/usr/bin/xdotool", "/usr/local/bin/xdotool"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure(description: "xdotool is not installed (make test installs it: scripts/apt-packages.txt)")
        }
        // Not Foundation's `Process`: see `SpawnedProcess`.
        let outcome = try SpawnedProcess.run([xdotool] + arguments, timeout: 10)
        if outcome.timedOut { throw Failure(description: "xdotool did not reach \(what) within 10 s", isTimeout: true) }
        guard outcome.succeeded else { throw Failure(description: "xdotool failed (\(outcome.how)): \(outcome.output)") }
    }
}

