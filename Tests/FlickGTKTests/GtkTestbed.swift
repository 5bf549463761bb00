import CGtk4
import Flick
@testable import FlickGTK
import FlickHost
import Foundation
import Testing

/// A note with links: rich text whose mentions, topics and URLs are hit regions.
struct LinkNoteKind: CellKind {
    struct Layout: CellLayout {
        let height: Double
        let text: TextLayout
        let hitRegions: [HitRegion]
        var skeletonBoxes: [Rect] { [Rect(x: 16, y: 12, width: text.size.width, height: text.size.height)] }
    }

    func layout(_ note: String, in environment: CellEnvironment) -> Layout {
        let text = environment.text.layout(parsing: note, style: TextStyle(), width: environment.width - 32)
        let regions = text.text.links.map { HitRegion.link($0, in: text, at: Point(x: 16, y: 12)) }
        return Layout(height: environment.scale.ceil(text.size.height) + 24, text: text, hitRegions: regions)
    }

    func draw(_ layout: Layout, in canvas: Canvas, state: CellState) {
        var highlighted: RichTextRun?
        if case .pressed(let region) = state { highlighted = layout.text.text.links.first { layout.text.text.text(of: $0) == region.label } }
        layout.text.draw(in: canvas, at: Point(x: 16, y: 12), highlightedLink: highlighted)
    }

    /// Find searches the note's text.
    func searchableText(_ note: String) -> String? { note }
}

/// A list of notes in a GTK window, run in lockstep (workers finish each frame's work, the
/// clock moves one frame per frame), so what a frame shows does not depend on the machine.
/// GTK is initialised once, on the main thread; the suite runs its tests one at a time.
@MainActor
struct GtkTestbed {
    static let viewport = Size(width: 375, height: 667)
    /// The window's title: how synthesized input (xdotool) finds it.
    static let title = "FlickGTKTests-\(getpid())"

    let list: CellList<Int>
    let view: FlickListView<CellInteraction<Int>>

    /// GTK for these tests, with GTK's in-process accessibility backend (`GTK_A11Y=test`): every
    /// widget has an accessibility context the tests read (`gtk_test_accessible_*`), and lists
    /// keep their row proxies as they do when a screen reader listens. First call only.
    static func initializeGtk() -> Bool {
        setenv("GTK_A11Y", "test", 1)
        return GtkHost.initialize()
    }
    let window: UnsafeMutablePointer<GtkWidget>

    /// The bytes `renderer` draws of `node` over `width` × `height` pixels from the origin
    /// (BGRA premultiplied, rows packed).
    static func renderedPixels(_ renderer: OpaquePointer, _ node: OpaquePointer, width: Int, height: Int) throws -> [UInt8] {
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        let texture = try #require(gsk_renderer_render_texture(renderer, node, &viewport))
        defer { g_object_unref(gpointer(texture)) }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBytes { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        return out
    }

    static func notes(_ count: Int) -> [Cell<Int>] {
        (0..<count).map { index in
            let text = index % 3 == 0
                ? "Note \(index): hello @alice\(index) and @bob, see #topic\(index)# at https://example.org/\(index)"
                : "Note \(index) is a longer paragraph of plain words that wraps over a few lines so rows differ in height, with @carol\(index) in it."
            return Cell(id: index, kind: LinkNoteKind(), content: text)
        }
    }

    init(rows: Int = 300, configure: (inout GtkListConfiguration) -> Void = { _ in }) throws {
        try #require(GtkTestbed.initializeGtk(), "GTK cannot open a display: run under xvfb-run (make test does)")
        var configuration = CellList<Int>.Configuration.timeline
        configuration.viewport = Self.viewport
        let list = CellList<Int>(configuration: configuration)
        list.apply(snapshot: Self.notes(rows))
        self.list = list
        var gtk = GtkListConfiguration()
        gtk.naturalSize = Self.viewport
        gtk.lockstep = true
        gtk.hz = 60
        configure(&gtk)
        view = FlickListView(interaction: CellInteraction<Int>(), configuration: gtk) { viewport, scale in
            list.rebuild(viewport: viewport, pipeline: .flick, scale: scale)
        }
        window = GtkHost.window(title: Self.title, size: Self.viewport, child: view.widget)
        settle()
    }

    func close() { GtkHost.close(window) }

    /// Runs `count` frames of GTK's frame clock.
    func frames(_ count: Int) { view.run(untilFrame: view.framesRun + count) }

    /// Runs frames until scrolling has stopped and the visible rows are drawn (5 s of frames at most).
    func settle() {
        view.play(WindowScript(steps: [.list(.wait(seconds: 0.05)), .list(.settle)]))
    }

    /// The first link on screen whose boxes are one rectangle inside the viewport, in viewport points.
    func firstLink(in rows: ClosedRange<Double> = 0...Self.viewport.height) -> (label: String, frame: Rect)? {
        for row in view.engine.lastContents.map(\.row).sorted() {
            guard let layout = view.engine.layout(ofRow: row), let top = view.rowTop(row) else { continue }
            for region in layout.hitRegions where region.rects.count == 1 {
                let frame = region.rects[0].offsetBy(dx: 0, dy: top)
                if frame.minY >= rows.lowerBound, frame.maxY <= rows.upperBound { return (region.label, frame) }
            }
        }
        return nil
    }
}
