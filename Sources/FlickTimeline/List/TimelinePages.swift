import Flick
import Foundation

/// The timeline as `Flick` pages: posts from a `FeedStore` read ahead through a data window
/// (`TimelineRows`), each shown as a cell of its shape's `PostCellKind`; give it to
/// `CellList(configuration:pages:kinds:)` with `kinds`. The list calls it on the main thread for
/// counts, cells in memory, demand and hints, and on layout workers for `loadCell(atRow:)`.
public final class TimelinePages: CellPages {
    public let store: FeedStore
    public let drawing: PostDrawing
    /// The posts in memory around the scroll, and what their pages say about row heights.
    public let rows: TimelineRows
    /// The kind of each shape, by `PostKind.index`, and the kind of posts not loaded yet.
    private let shapes: [PreparedCellKind<PostCellKind>]
    private let unknown: PostCellKind

    public var layouter: PostLayouter { drawing.layouter }
    public var renderer: PostRenderer { drawing.renderer }
    public var cache: LayoutCache { drawing.cache }

    public init(
        store: FeedStore, spec: LayoutSpec = LayoutSpec(), cache: LayoutCache? = nil, fontScale: Double = 1,
        window: DataWindow.Configuration = .default
    ) throws {
        self.store = store
        let positions = try store.positions()
        let layouter = PostLayouter(spec: spec)
        let drawing = PostDrawing(
            layouter: layouter, renderer: PostRenderer(spec: spec), cache: cache ?? LayoutCache(store: store), fontScale: fontScale)
        self.drawing = drawing
        rows = TimelineRows(store: store, positions: positions, configuration: window) { [layouter] width, scale in
            layouter.environmentKey(width: width, scale: scale, fontScale: fontScale)
        }
        shapes = PostKind.allCases.map { PreparedCellKind(PostCellKind(shape: $0, drawing: drawing)) }
        unknown = PostCellKind(shape: nil, drawing: drawing)
    }

    /// The kinds to give the list, in order: posts not loaded yet first (their skeleton stands
    /// for rows of unknown kind), then each shape.
    public var kinds: [any CellKind] { [unknown] + shapes.map(\.kind) }

    /// The cell of `post`: its shape's kind.
    public func cell(of post: Post) -> Cell<String> {
        Cell(id: post.id, version: post.version, kind: shapes[post.kind.index], content: post)
    }

    public var rowCount: Int { rows.count }

    public func cell(atRow row: Int) -> Cell<String>? { rows.post(atRow: row).map(cell(of:)) }

    public func loadCell(atRow row: Int) -> Cell<String>? { rows.loadPost(atRow: row).map(cell(of:)) }

    /// Reads ahead what `demand` wants; during a fast fling also the rows about to come on
    /// screen (see `readingAhead`), so their pages — and the kinds their hints carry — are in
    /// before the rows are shown, and each shows its kind's skeleton.
    public func prepare(_ demand: RowDemand) { rows.prepare(Self.readingAhead(demand)) }

    /// `demand` with its visible rows extended toward the landing zone by twice their number
    /// (at least 8 rows) while a fast fling skips the rows between. Pure; any thread.
    static func readingAhead(_ demand: RowDemand) -> RowDemand {
        guard let landing = demand.landing, !demand.visible.isEmpty else { return demand }
        let ahead = max(8, 2 * demand.visible.count)
        let visible = demand.visible
        let widened =
            landing.lowerBound >= visible.upperBound
            ? visible.lowerBound..<min(landing.lowerBound, visible.upperBound + ahead)
            : min(visible.lowerBound, max(landing.upperBound, visible.lowerBound - ahead))..<visible.upperBound
        return RowDemand(visible: widened, preload: demand.preload, landing: landing, width: demand.width, scale: demand.scale)
    }

    /// The rows' hints: each row's shape and, while layouts are cached, its persisted height.
    public func takeHints() -> [CellHint] {
        let caches = drawing.cachesLayouts
        return rows.takeHints().map { hint in
            let kind = hint.kind.flatMap { shapes.indices.contains($0) ? shapes[$0] : nil }
            return CellHint(row: hint.row, kind: kind, height: caches ? hint.height : nil, width: hint.width)
        }
    }

    public func restartHints() { rows.restartHints() }

    public func waitUntilIdle() { rows.waitUntilIdle() }
}

extension TimelinePages {
    /// A list over these pages with the timeline's kinds (`kinds`), on `pool` with `images`.
    /// Main thread.
    @MainActor
    public func makeList(
        configuration: CellList<String>.Configuration = .timeline, images: ImagePipeline? = nil,
        pool: QueuePool<TextContext?>? = nil
    ) -> CellList<String> {
        CellList(configuration: configuration, pages: self, kinds: kinds, images: images, pool: pool)
    }
}
