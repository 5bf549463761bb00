import FlickCore
import FlickList
import FlickTestSupport
@testable import FlickWindow
import Foundation
import Testing

/// Find in the SDL window through real keys (xdotool under Xvfb): Ctrl+F opens the bar the
/// window draws, typed text arrives through SDL's text input, Enter and F3 step, letters typed
/// into the bar are not the window's keys, Escape closes it and gives the reader's place back.
@Suite("Find in the SDL window", .serialized)
@MainActor
struct WindowFindTests {
    /// Runs frames until `done` holds, at most `seconds` of wall-clock time.
    static func run(_ window: ListWindow<StripedTaps>, for seconds: Double = 4, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            window.step()
            if done() { return true }
        } while Date() < deadline
        return false
    }

    @Test func realKeysOpenTypeStepAndCloseTheFindBar() throws {
        let display = try TestDisplay.acquire()
        defer { display.stop() }
        let window = try HostKeyboardTests.window(title: "flick-find-\(getpid())-sdl")
        defer { window.close() }
        let find = ListFind<StripedRows>(searcher: StripedSearch(count: 100))
        window.find = find
        #expect(window.play(try WindowScript(parsing: "wait 0.2\nsettle")))
        let id = try #require(window.display.x11WindowID, "the window is on X11")
        let origin = window.engine.contentOffset

        // Another window may take the X focus first (tests share a display): press again.
        for _ in 0..<4 where !find.isOpen {
            try SyntheticKeys.press("ctrl+f", inWindow: id)
            _ = Self.run(window, for: 2) { find.isOpen }
        }
        #expect(find.isOpen, "Ctrl+F opens the bar")
        try SyntheticKeys.type("row 7", inWindow: id)
        #expect(Self.run(window) { find.currentRow == 7 }, "typing searches once it pauses: \(find.text)")
        #expect(find.text == "row 7")
        #expect(Self.run(window) { find.hudBarIsDrawn(in: window) }, "the bar is drawn")
        try SyntheticKeys.press("Return", inWindow: id)
        #expect(Self.run(window) { find.currentRow == 70 }, "Enter: the next match")
        try SyntheticKeys.press("F3", inWindow: id)
        #expect(Self.run(window) { find.currentRow == 71 }, "F3: the next one")
        try SyntheticKeys.press("shift+Return", inWindow: id)
        #expect(Self.run(window) { find.currentRow == 70 }, "Shift+Enter: back")
        #expect(Self.run(window) { find.status == "2 of 11" }, "\(find.status)")
        #expect(window.engine.compositor.layers.contains { $0.role == .decoration } == false, "no highlighter: no boxes")

        // A letter typed into the bar is text, not the window's Q (quit) or H (HUD).
        try SyntheticKeys.type("qh", inWindow: id)
        #expect(Self.run(window) { find.text == "row 7qh" })
        #expect(!window.isQuitRequested && !window.overlays.contains(.hud))
        try SyntheticKeys.press("BackSpace", inWindow: id)
        try SyntheticKeys.press("BackSpace", inWindow: id)
        #expect(Self.run(window) { find.text == "row 7" })
        #expect(Self.run(window) { find.isSettled && find.currentRow != nil })

        try SyntheticKeys.press("Escape", inWindow: id)
        #expect(Self.run(window) { !find.isOpen }, "Escape closes the bar")
        #expect(Self.run(window) { abs(window.engine.contentOffset - origin) < 0.5 }, "the reader's place is back")
        #expect(window.engine.selection.selected.isEmpty, "Escape went to the find, the list kept its state")
    }
}

extension ListFind where Source == StripedRows {
    /// Whether the window has a finished bitmap of the find bar.
    func hudBarIsDrawn(in window: ListWindow<StripedTaps>) -> Bool { window.hudText.bitmaps[.find] != nil }
}
