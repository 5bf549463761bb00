import CGtk4
import Flick
@testable import FlickGTK
import FlickTestSupport
import Foundation
import Testing

/// The GTK widget's keyboard, driven by real key presses (xdotool through the X server under
/// Xvfb) into GTK's event path and the widget's key controller: the timeline's feed keys, the
/// selection's modifiers, Tab into the focused row's links and Enter on one.
extension FlickListViewTests {
    /// Presses `key` in the testbed's window and iterates GTK's main loop until `done` holds (3 s
    /// a try); presses again when nothing happened (another window took the X focus first), at
    /// most 4 times.
    static func press(_ key: String, _ bed: GtkTestbed, until done: () -> Bool) throws -> Bool {
        let before = (bed.view.engine.selection, bed.view.taps.count)
        for _ in 0..<4 {
            try SyntheticKeys.press(key, inWindowTitled: GtkTestbed.title)
            let deadline = Date().addingTimeInterval(3)
            repeat {
                bed.frames(1)
                if done() { return true }
            } while Date() < deadline
            guard bed.view.engine.selection == before.0, bed.view.taps.count == before.1 else { return false }
        }
        return false
    }

    @Test func realKeysDriveFocusSelectionLinksAndPaging() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        gtk_widget_grab_focus(bed.view.canvas)
        let engine = { bed.view.engine }
        #expect(engine().navigation == .feed && engine().selectionMode == .multiple, "the timeline preset")
        #expect(try Self.press("Down", bed) { engine().selection.focus == 0 }, "the first Down focuses the top row")
        #expect(try Self.press("Down", bed) { engine().selection.focus == 1 })
        #expect(try Self.press("shift+Down", bed) { engine().selection.selected.ranges == [1..<3] }, "Shift extends")
        #expect(try Self.press("ctrl+Down", bed) { engine().selection.focus == 3 })
        #expect(try Self.press("ctrl+space", bed) { engine().selection.selected.ranges == [1..<4] }, "Ctrl+Space toggles row 3 in")
        #expect(try Self.press("ctrl+a", bed) { engine().selectedCount == 300 })
        #expect(try Self.press("ctrl+shift+a", bed) { engine().selectedCount == 0 })
        #expect(try Self.press("Page_Down", bed) { engine().selection.focus == 4 }, "Page Down is the next post in a feed")
        bed.settle()
        let top = engine().heights.offset(ofRow: 4) - engine().contentOffset
        #expect(top >= -0.5 && top + engine().heights.height(ofRow: 4) <= GtkTestbed.viewport.height + 0.5, "and brings it into view")
        // Row 6 has links (every third note): Tab walks them, Enter opens the focused one.
        #expect(try Self.press("ctrl+Down", bed) { engine().selection.focus == 5 })
        #expect(try Self.press("ctrl+Down", bed) { engine().selection.focus == 6 })
        #expect(try Self.press("Tab", bed) { bed.view.focusedLink != nil }, "Tab reaches the row's first link")
        let link = try #require(bed.view.focusedLink)
        #expect(link.row == 6)
        let taps = bed.view.taps.count
        #expect(try Self.press("Return", bed) { bed.view.taps.count == taps + 1 })
        let tap = try #require(bed.view.taps.last)
        #expect(tap.byKeyboard && tap.row == 6 && tap.target == link.target, "Enter tapped the focused link")
        #expect(try Self.press("Escape", bed) { !engine().selection.focusVisible })
        #expect(try Self.press("End", bed) { engine().selection.focus == 299 }, "End: the last row")
        #expect(try Self.press("Up", bed) { engine().selection.focus == 298 })
        #expect(try Self.press("Page_Up", bed) { engine().selection.focus == 297 }, "Page Up is the previous post in a feed")
        #expect(try Self.press("Home", bed) { engine().selection.focus == 0 })
        bed.settle()
        let homeOffset = engine().contentOffset
        #expect(try Self.press("space", bed) { engine().contentOffset > homeOffset + 100 }, "Space scrolls a page in a feed")
        #expect(engine().rastersCausedBySelection == 0)
    }
}
