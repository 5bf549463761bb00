// An app that depends on Flick by version (`make consumer`): the README's two examples, run.
//   NotesApp          draws the notes headless (Notes.swift)
//   NotesApp --gtk    shows them in a GTK window (NotesWindow.swift); needs a display
// Each prints one line once every note is drawn from its bitmap and exits 0; 1 after 10 s.
import Flick
import FlickGTK
import Foundation

let notes = ["Hello @alice, see #flick#", "second note 😀", "third https://swift.org"]

/// Runs frames as a display would, at 120 Hz, until every note is drawn from its bitmap.
@MainActor
func drawNotesHeadless() -> Int32 {
    let list = showNotes(notes)
    let start = Date()
    var time = 0.0
    while Date().timeIntervalSince(start) < 10 {
        let stats = list.frame(at: time)
        if stats.rowsFull == notes.count && stats.rowsBlank == 0 {
            print("NotesApp: drew \(stats.rowsFull) notes from their bitmaps")
            return 0
        }
        time += 1.0 / 120
        Thread.sleep(forTimeInterval: 1.0 / 120)
    }
    print("NotesApp: the notes were not drawn within 10 s")
    return 1
}

/// Opens the GTK window and runs GTK's main loop until every note is drawn in it.
@MainActor
func showNotesInGtk() -> Int32 {
    guard gtk_init_check() != 0 else {
        print("NotesApp: GTK cannot open a display")
        return 1
    }
    let view = openNotesWindow(notes)
    let start = Date()
    while Date().timeIntervalSince(start) < 10 {
        g_main_context_iteration(nil, 0)
        if view.engine.lastContents.count == notes.count && view.engine.visibleRowsFullyDrawn {
            print("NotesApp: a GTK window shows \(notes.count) notes from their bitmaps")
            return 0
        }
        Thread.sleep(forTimeInterval: 0.005)
    }
    print("NotesApp: the GTK window did not show the notes within 10 s")
    return 1
}

exit(MainActor.assumeIsolated { CommandLine.arguments.contains("--gtk") ? showNotesInGtk() : drawNotesHeadless() })
