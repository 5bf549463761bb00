// The README's GTK example (FlickGTKTests' ReadmeGtkExampleTests checks that the lines between
// the markers are the README's). `import FlickGTK` brings GTK's C API: no C module imported.
import Flick
import FlickGTK

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
