import FlickCore
import FlickList
import FlickRaster
import FlickText

/// What a hit region is, typed so a client acts on a tap without reading its label.
public enum HitTarget: Hashable, Sendable {
    /// A link in rich text: its kind (`.mention`, `.topic`, `.url`, `.fullText`) and its value
    /// (the name without `@`, the topic without hashes, the full URL).
    case link(kind: RichTextKind, value: String)
    /// A part of the cell the kind names ("avatar", "photo", "more").
    case part(String)
}

/// A tappable part of a cell: what it is, what to call it, and the boxes it covers.
public struct HitRegion: Hashable, Sendable {
    /// What the region is: a link with its kind and value, or a named part.
    public let target: HitTarget
    /// Text for people and reports ("@alice", "photo"); not an identity: two regions may
    /// share a label.
    public let label: String
    /// Boxes in cell points; the pressed highlight fills them.
    public let rects: [Rect]

    public init(target: HitTarget, label: String, rects: [Rect]) {
        self.target = target
        self.label = label
        self.rects = rects
    }

    /// A named part of the cell (`HitTarget.part(label)`).
    public init(label: String, rects: [Rect]) {
        self.init(target: .part(label), label: label, rects: rects)
    }

    /// The region of a link `run` of `text`, laid out with its origin at `origin` (cell points):
    /// labelled with the link's displayed text, covering its boxes line by line.
    public static func link(_ run: RichTextRun, in text: TextLayout, at origin: Point) -> HitRegion {
        HitRegion(
            target: .link(kind: run.kind, value: run.target), label: text.text.text(of: run),
            rects: text.rects(for: run.displayRange).map { $0.offsetBy(dx: origin.x, dy: origin.y) })
    }

    /// Whether `point` (cell points) falls in a box, widened by `slop` for fingers.
    public func contains(_ point: Point, slop: Double = 4) -> Bool {
        rects.contains { $0.insetBy(dx: -slop, dy: -slop).contains(point) }
    }
}

/// How a cell is drawn: normally, or with one region held down.
public enum CellState: Hashable, Sendable {
    case normal
    case pressed(HitRegion)
}

/// What a cell kind's layout tells the list; the rest of the layout is the kind's own.
public protocol CellLayout: Sendable {
    /// The cell's height, points (pixel-aligned by the kind).
    var height: Double { get }
    /// Images drawn over the cell as their own layers (decoded, cut and cached by the pipeline).
    var images: [RowImageRequest] { get }
    /// Where taps go.
    var hitRegions: [HitRegion] { get }
    /// Boxes the default skeleton is made of (text lines, avatars, photos).
    var skeletonBoxes: [Rect] { get }
}

extension CellLayout {
    public var images: [RowImageRequest] { [] }
    public var hitRegions: [HitRegion] { [] }
    public var skeletonBoxes: [Rect] { [] }
}

/// What a cell is laid out for, on one worker: not `Sendable`, since the text context belongs
/// to the worker that runs the layout.
public struct CellEnvironment {
    /// Cell width, points.
    public let width: Double
    public let scale: DisplayScale
    /// The worker's own text context (its Pango font map): lay out text with it, on this worker only.
    public let text: TextContext

    public init(width: Double, scale: DisplayScale, text: TextContext) {
        self.width = width
        self.scale = scale
        self.text = text
    }
}

/// One kind of row — a chat bubble, a day separator, a timeline post — described once: a
/// pure layout step and a draw step, both run on workers (Texture's `ASCellNode` without the
/// object; YYText's immutable layout). The list caches the layout and the bitmap per item and
/// version, makes the skeleton from the layout's boxes unless the kind draws its own, routes
/// taps to the layout's hit regions and draws the pressed state with `draw(state: .pressed)`.
public protocol CellKind: Sendable {
    /// What one row of this kind shows.
    associatedtype Content: Sendable
    associatedtype Layout: CellLayout

    /// Lays `content` out. Worker; pure (the same input gives the same layout).
    func layout(_ content: Content, in environment: CellEnvironment) -> Layout

    /// Draws the cell into a canvas of `layout.height` × the environment's width, already
    /// filled with `background`. Worker.
    func draw(_ layout: Layout, in canvas: Canvas, state: CellState)

    /// Draws the skeleton shown until the full cell is ready. Worker. Default: the layout's
    /// `skeletonBoxes` as grey rounded bars.
    func drawSkeleton(_ layout: Layout, in canvas: Canvas)

    /// Draws what a row of this kind shows while it has no layout at all (scrolled into before
    /// its layout exists: a fast fling, a jump): the kind's shape without its content, into a
    /// canvas of the row's estimated size (the list draws it once per kind and size class,
    /// keeps it and cuts it at each row's end), already filled with `background`. Worker.
    /// Default: grey text bars down the canvas.
    func drawEstimatedSkeleton(in canvas: Canvas)

    /// Opaque background of the cell (cells are copied, never blended). Default white.
    var background: Color { get }

    /// Height assumed before the layout exists, points. Default 80.
    var estimatedHeight: Double { get }

    /// Whether rows of this kind head sections and stick to the top edge while their section
    /// is on screen. Default false.
    var isSectionHeader: Bool { get }

    /// The text find searches in a row of this kind (`CellSearch`), or nil when the row has
    /// none. Any thread (the search runs on a worker); pure and cheap: the searcher calls it
    /// for every row. Default nil: a kind is searchable only when it says what its text is
    /// (a picture or a separator has none).
    func searchableText(_ content: Content) -> String?

    /// What assistive technology says for a row of this kind (a screen reader reads it when the
    /// row gets focus): the content as a sentence, without decoration. Main thread, when the
    /// row's content changes; cheap. Default: `searchableText`, its lines joined with ", " (a
    /// kind with no text says nothing, and the host falls back to the row's position).
    func accessibleLabel(_ content: Content) -> String?
}

extension CellKind {
    public func drawSkeleton(_ layout: Layout, in canvas: Canvas) {
        for box in layout.skeletonBoxes { canvas.fillRoundedRect(box, radius: min(4, box.height / 2), Color(hex: 0xE9E9EB)) }
    }

    public func drawEstimatedSkeleton(in canvas: Canvas) {
        let size = canvas.bounds.size
        let inset = 12.0
        var y = inset
        var line = 0
        // Bars as tall as body text, a line apart, their widths varied like a paragraph's.
        while y + 14 <= size.height - inset / 2 {
            let share = [0.72, 0.9, 0.56][line % 3]
            canvas.fillRoundedRect(Rect(x: inset, y: y, width: (size.width - 2 * inset) * share, height: 14), radius: 7, Color(hex: 0xE9E9EB))
            y += 24
            line += 1
        }
    }

    public var background: Color { Color(hex: 0xFFFFFF) }
    public var estimatedHeight: Double { 80 }
    public var isSectionHeader: Bool { false }
    public func searchableText(_ content: Content) -> String? { nil }

    public func accessibleLabel(_ content: Content) -> String? {
        guard let text = searchableText(content) else { return nil }
        let parts = text.split(whereSeparator: { $0.isNewline || $0 == "\u{1F}" })
        let label = parts.map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
            .filter { !$0.isEmpty }.joined(separator: ", ")
        return label.isEmpty ? nil : label
    }
}
