// The README's first example (FlickChatTests' ReadmeExampleTests checks that the lines between
// the markers are the README's).
import Flick

// README example start
/// A note: one paragraph of rich text (mentions, #topics#, URLs, emoji).
struct NoteKind: CellKind {
    struct Layout: CellLayout {
        let height: Double
        let text: TextLayout
        var skeletonBoxes: [Rect] { [Rect(x: 16, y: 12, width: text.size.width, height: text.size.height)] }
    }

    // Runs on a worker, with that worker's own text context.
    func layout(_ note: String, in environment: CellEnvironment) -> Layout {
        let text = environment.text.layout(parsing: note, style: TextStyle(), width: environment.width - 32)
        return Layout(height: environment.scale.ceil(text.size.height) + 24, text: text)
    }

    // Runs on a worker too: the cell becomes a bitmap the main thread only copies.
    func draw(_ layout: Layout, in canvas: Canvas, state: CellState) {
        layout.text.draw(in: canvas, at: Point(x: 16, y: 12))
    }
}

@MainActor
func showNotes(_ notes: [String]) -> CellList<Int> {
    let list = CellList<Int>(configuration: .timeline)
    list.apply(snapshot: notes.enumerated().map { Cell(id: $0.offset, kind: NoteKind(), content: $0.element) })
    return list
}
// README example end
