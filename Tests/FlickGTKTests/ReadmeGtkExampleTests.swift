import Flick
import FlickGTK
import FlickHost
import Foundation
import Testing

/// The README's kind (its `NoteKind` with hit regions for links).
typealias NoteKind = LinkNoteKind

// README GTK example start
/// Opens a GTK window showing `notes` in a Flick list; taps on links are printed.
@MainActor
func openNotesWindow(_ notes: [String]) -> FlickListView<CellInteraction<Int>> {
    // The cells, of any `CellKind`s: laid out and drawn on Flick's workers.
    let list = CellList<Int>(configuration: .timeline)
    list.apply(snapshot: notes.enumerated().map { Cell(id: $0.offset, kind: NoteKind(), content: $0.element) })

    // The widget: GTK's allocation and scale factor rebuild the engine at the reader's row.
    let view = FlickListView(interaction: CellInteraction<Int>()) { viewport, scale in
        list.rebuild(viewport: viewport, pipeline: .flick, scale: scale)
    }
    view.onTap = { tap in print("tapped \(tap.description ?? "row \(tap.row)")") }

    // An ordinary GTK window holds it (a GtkBox, a GtkStack, a GtkPaned would too).
    let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
    gtk_window_set_title(window, "Notes")
    gtk_window_set_default_size(window, 375, 667)
    gtk_window_set_child(window, view.widget)
    gtk_window_present(window)
    return view
}

// In main.swift, on the main thread:
//   gtk_init()
//   MainActor.assumeIsolated { _ = openNotesWindow(["Hello @alice, see #flick#", "second note 😀"]) }
//   while true { g_main_context_iteration(nil, 1) }
// README GTK example end

/// Nested in the GTK suite, so it runs serialized with the other GTK tests (one GTK thread).
extension FlickListViewTests {
@Suite("README GTK example")
@MainActor
struct ReadmeGtkExampleTests {
    @Test func theReadmeShowsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        func between(_ text: String, _ start: String, _ end: String) -> String? {
            guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else { return nil }
            return String(text[from.upperBound..<to.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let shown = try #require(between(readme, "```swift\nimport Flick\nimport FlickGTK\n", "```"), "README has the GTK example")
        let tested = try #require(between(source, "// README GTK example start\n", "// README GTK example end"))
        #expect(shown == tested, "README.md's GTK example and this test's code must be the same")
    }

    /// The app `make consumer` builds against Flick taken by version opens the same window.
    @Test func theConsumerAppRunsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let app = try String(
            contentsOf: root.appendingPathComponent("examples/consumer/Sources/NotesApp/NotesWindow.swift"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        func between(_ text: String) -> String? {
            guard let from = text.range(of: "// README GTK example start\n"),
                let to = text.range(of: "// README GTK example end", range: from.upperBound..<text.endIndex)
            else { return nil }
            return String(text[from.upperBound..<to.lowerBound])
        }
        let inApp = try #require(between(app))
        let tested = try #require(between(source))
        #expect(inApp == tested, "examples/consumer's GTK window and this test's code must be the same")
    }

    @Test func theExampleShowsItsNotes() throws {
        try #require(GtkTestbed.initializeGtk(), "GTK cannot open a display: run under xvfb-run (make test does)")
        let view = openNotesWindow(["Hello @alice, see #flick#", "second note 😀", "third https://swift.org"])
        let root = try #require(gtk_widget_get_root(view.widget))
        defer { GtkHost.close(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)) }
        view.play(WindowScript(steps: [.list(.wait(seconds: 0.1)), .list(.settle)]))
        #expect(view.engine.visibleRowsFullyDrawn)
        #expect(view.engine.lastContents.count == 3, "the three notes are on screen")
    }
}
}
