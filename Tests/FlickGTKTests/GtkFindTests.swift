import CGtk4
import Flick
@testable import FlickGTK
import FlickTestSupport
import Foundation
import Testing

/// Find in the GTK widget through real keys (xdotool under Xvfb): Ctrl+F shows the
/// `GtkSearchEntry` and focuses it, typed text reaches it through GTK's input path, Enter /
/// Shift+Enter / F3 step through the cells' text, the label counts, Escape hides the bar and
/// gives the focus back to the list.
extension FlickListViewTests {
    /// Iterates GTK's main loop until `done` holds, at most `seconds`.
    static func frames(_ bed: GtkTestbed, for seconds: Double = 4, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            bed.frames(1)
            if done() { return true }
        } while Date() < deadline
        return false
    }

    @Test func realKeysOpenTheSearchEntryFindStepAndClose() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        let find = ListFind<CellSource<Int>>(searcher: CellSearching(cells: bed.list.cells))
        bed.view.find = find
        let bar = try #require(bed.view.findBar)
        gtk_widget_grab_focus(bed.view.canvas)
        bed.settle()
        #expect(gtk_widget_get_visible(bar.box) == 0, "the bar is hidden until asked for")
        for _ in 0..<4 where !find.isOpen {
            try SyntheticKeys.press("ctrl+f", inWindowTitled: GtkTestbed.title)
            _ = Self.frames(bed, for: 2) { find.isOpen }
        }
        #expect(find.isOpen, "Ctrl+F opens the find")
        #expect(gtk_widget_get_visible(bar.box) != 0)
        let focus = { gtk_root_get_focus(GObject.opaque(bed.window.object)) }
        #expect(focus().map { gtk_widget_is_ancestor($0, bar.entry) != 0 || $0 == bar.entry } == true, "the entry has the keyboard")

        try SyntheticKeys.type("note 13", inWindowTitled: GtkTestbed.title)
        #expect(Self.frames(bed) { find.currentRow == 13 }, "typing finds: \(find.text)")
        try SyntheticKeys.press("Return", inWindowTitled: GtkTestbed.title)
        #expect(Self.frames(bed) { find.currentRow == 130 }, "Enter: the next match")
        try SyntheticKeys.press("shift+Return", inWindowTitled: GtkTestbed.title)
        #expect(Self.frames(bed) { find.currentRow == 13 }, "Shift+Enter: back")
        try SyntheticKeys.press("F3", inWindowTitled: GtkTestbed.title)
        #expect(Self.frames(bed) { find.currentRow == 130 }, "F3: next")
        #expect(Self.frames(bed) { String(cString: gtk_label_get_text(GObject.opaque(bar.label.object))) == "2 of 11" }, "the label counts")
        bed.settle()
        #expect(bed.view.engine.visibleCentre(ofRow: 130) != nil, "the match is on screen")

        try SyntheticKeys.press("Escape", inWindowTitled: GtkTestbed.title)
        #expect(Self.frames(bed) { !find.isOpen }, "Escape closes the find")
        #expect(gtk_widget_get_visible(bar.box) == 0)
        #expect(gtk_widget_has_focus(bed.view.canvas) != 0, "the list has the keyboard again")
    }
}
