import FlickCore
import FlickList
import FlickRaster
import FlickText

/// One row of a `CellList`: its identity, the version of what it shows, and its content with
/// the kind that lays it out and draws it. Rows of different kinds mix freely. Value; any thread.
public struct Cell<ID: Hashable & Sendable>: ListItem {
    public let id: ID
    public let version: UInt64
    let kind: AnyCellKind
    let content: any Sendable

    /// A row of `kind` showing `content`; bump `version` whenever `content` changes.
    public init<Kind: CellKind>(id: ID, version: UInt64, kind: Kind, content: Kind.Content) {
        self.init(id: id, version: version, erased: AnyCellKind(kind), content: content)
    }

    init(id: ID, version: UInt64, erased kind: AnyCellKind, content: any Sendable) {
        self.id = id
        self.version = version
        self.kind = kind
        self.content = content
    }

    /// A row whose version is its content's hash (stable within a process).
    public init<Kind: CellKind>(id: ID, kind: Kind, content: Kind.Content) where Kind.Content: Hashable {
        self.init(id: id, version: UInt64(bitPattern: Int64(content.hashValue)), kind: kind, content: content)
    }

    /// Whether this row heads a section (its kind sticks to the top edge).
    public var isSectionHeader: Bool { kind.isSectionHeader }

    /// The text find searches in this row (its kind's `searchableText`), or nil. Any thread.
    public var searchableText: String? { kind.searchableText(content) }

    /// What assistive technology says for this row (its kind's `accessibleLabel`), or nil.
    /// Any thread.
    public var accessibleLabel: String? { kind.accessibleLabel(content) }
}

/// A laid-out cell of any kind: what the list reads of it, and how to draw it. Immutable;
/// made on a worker, read anywhere.
public final class CellLayoutBox: Sendable {
    public let height: Double
    public let width: Double
    public let scale: DisplayScale
    public let images: [RowImageRequest]
    public let hitRegions: [HitRegion]
    let background: Color
    /// The kind's own layout value (`layout(as:)`).
    private let typed: any CellLayout
    private let drawCell: @Sendable (Canvas, CellState) -> Void
    private let drawSkeleton: @Sendable (Canvas) -> Void

    init<Kind: CellKind>(kind: Kind, layout: Kind.Layout, environment: CellEnvironment) {
        height = max(0, environment.scale.round(layout.height))
        width = environment.width
        scale = environment.scale
        images = layout.images
        hitRegions = layout.hitRegions
        background = kind.background
        typed = layout
        drawCell = { canvas, state in kind.draw(layout, in: canvas, state: state) }
        drawSkeleton = { canvas in kind.drawSkeleton(layout, in: canvas) }
    }

    /// The cell's bitmap in `state`. Worker.
    public func render(_ state: CellState = .normal) -> Bitmap {
        let canvas = Canvas(size: Size(width: width, height: max(height, 1 / scale.value)), scale: scale, opaqueBackground: background)
        drawCell(canvas, state)
        return canvas.makeBitmap()
    }

    /// The cell's skeleton. Worker.
    public func renderSkeleton() -> Bitmap {
        let canvas = Canvas(size: Size(width: width, height: max(height, 1 / scale.value)), scale: scale, opaqueBackground: background)
        drawSkeleton(canvas)
        return canvas.makeBitmap()
    }

    /// The kind's own layout, if it is a `Layout` (a host reading what a kind placed: the
    /// timeline's link boxes for its report, its pressed looks). Any thread.
    public func layout<Layout: CellLayout>(as type: Layout.Type) -> Layout? { typed as? Layout }

    /// The region a point (cell points) hits, if any.
    public func hitRegion(at point: Point) -> HitRegion? { hitRegions.first { $0.contains(point) } }
}
