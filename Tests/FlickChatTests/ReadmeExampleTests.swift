import Flick
import FlickTestSupport
import Foundation
import Testing

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

/// The README's example is this file's: the test checks they are the same text, then runs it.
@Suite("README example")
@MainActor
struct ReadmeExampleTests {
    static func example(in text: String, from start: String, to end: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else { return nil }
        return String(text[from.upperBound..<to.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theReadmeShowsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let shown = try #require(Self.example(in: readme, from: "```swift\nimport Flick\n", to: "```"), "README has the example")
        let tested = try #require(Self.example(in: source, from: "// README example start\n", to: "// README example end"))
        #expect(shown == tested, "README.md's example and this test's code must be the same")
    }

    /// The app `make consumer` builds against Flick taken by version runs the same example.
    @Test func theConsumerAppRunsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let app = try String(
            contentsOf: root.appendingPathComponent("examples/consumer/Sources/NotesApp/Notes.swift"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let inApp = try #require(Self.example(in: app, from: "// README example start\n", to: "// README example end"))
        let tested = try #require(Self.example(in: source, from: "// README example start\n", to: "// README example end"))
        #expect(inApp == tested, "examples/consumer's app and this test's code must be the same")
    }

    @Test func theExampleDrawsItsNotes() {
        let list = showNotes(["Hello @alice, see #flick#", "second note 😀", "third https://swift.org"])
        var time = 0.0
        var stats = FrameStats()
        for _ in 0..<5 {
            list.engine.waitForWorkers()
            stats = list.frame(at: time)
            time += 1.0 / 120
        }
        #expect(list.visibleItems == [0, 1, 2])
        #expect(stats.rowsFull == 3 && stats.rowsBlank == 0)
        // The first note's text is drawn: dark pixels inside its text box, white around it.
        let frame = list.engine.compositor.snapshot()
        let dark = (0..<40).contains { y in (0..<300).contains { x in frame.pixel(x: 32 + x, y: 24 + y).red < 128 } }
        #expect(dark, "text pixels in the first row")
        #expect(frame.pixel(x: 4, y: 4).red == 255, "the cell's white background")
    }
}
