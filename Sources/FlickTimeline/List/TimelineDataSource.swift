import FlickCore
import FlickList
import FlickRaster
import FlickText
import Foundation

/// The timeline as a list: posts from a `FeedStore` read ahead through a data window
/// (`TimelineRows`), laid out by `PostLayouter` (through the `LayoutCache`), drawn by
/// `PostRenderer`. The list engine calls it on the main thread for counts, estimates, demand and
/// hints, and on pool workers for everything else.
public struct TimelineDataSource: ListDataSource {
    public typealias Item = Post
    public typealias Layout = PostLayout
    public typealias WorkerContext = TextContext?

    public let store: FeedStore
    public let layouter: PostLayouter
    public let renderer: PostRenderer
    public let cache: LayoutCache
    public let fontScale: Double
    /// The posts in memory around the scroll, and what their pages say about row heights.
    public let rows: TimelineRows
    /// Whether layouts are looked up in and added to `cache`, and persisted heights read back
    /// with each page; default true. The naive baseline and the no-layout-cache ablation turn
    /// it off (no height cache: every appearance lays out again).
    public var cachesLayouts = true
    /// Height assumed for rows not laid out yet; default 240 pt, near the generated feed's
    /// median cell at 375 pt. The height index refines it with a running average.
    public var estimate = 240.0

    public init(
        store: FeedStore, spec: LayoutSpec = LayoutSpec(), cache: LayoutCache? = nil, fontScale: Double = 1,
        window: DataWindow.Configuration = .default
    ) throws {
        self.store = store
        let positions = try store.positions()
        layouter = PostLayouter(spec: spec)
        renderer = PostRenderer(spec: spec)
        self.cache = cache ?? LayoutCache(store: store)
        self.fontScale = fontScale
        rows = TimelineRows(store: store, positions: positions, configuration: window) { [layouter] width, scale in
            layouter.environmentKey(width: width, scale: scale, fontScale: fontScale)
        }
    }

    /// Text only, one picture, a grid, a retweet: their heights differ enough to estimate apart.
    public var rowKindCount: Int { PostKind.allCases.count }

    /// Rows now (the store's, changed by live edits).
    public var rowCount: Int { rows.count }

    public func item(at row: Int) -> Post? { rows.post(atRow: row) }

    public func loadItem(at row: Int) -> Post? { rows.loadPost(atRow: row) }

    /// Reads ahead what `demand` wants; during a fast fling also the rows about to come on
    /// screen (see `readingAhead`), so their pages — and the kinds their hints carry — are in
    /// before the rows are shown, and each shows its kind's skeleton, not the generic tile.
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

    /// The rows' hints; without layout caching, kinds only (this copy's setting: copies of the
    /// source share `rows`, so the filter is applied here, not there).
    public func takeRowHints() -> [RowHint] {
        let hints = rows.takeHints()
        guard !cachesLayouts else { return hints }
        return hints.map { RowHint(row: $0.row, kind: $0.kind, height: nil, width: $0.width) }
    }

    public func restartRowHints() { rows.restartHints() }

    public func waitUntilIdle() { rows.waitUntilIdle() }

    public func estimatedHeight(ofRow row: Int, width: Double) -> Double { estimate }

    /// A worker's Pango context; `nil` if fonts are missing (rows then keep placeholders and
    /// the reason is printed once per worker).
    public func makeWorkerContext() -> TextContext? { TextContext.forWorker() }

    public func layout(_ post: Post, width: Double, scale: DisplayScale, context: TextContext?) -> PostLayout? {
        guard let context else { return nil }
        guard cachesLayouts else {
            return layouter.layout(post, width: width, scale: scale, fontScale: fontScale, context: context)
        }
        let key = layouter.key(for: post, width: width, scale: scale, fontScale: fontScale)
        if let cached = cache.layout(for: key) { return cached }
        let layout = layouter.layout(post, width: width, scale: scale, fontScale: fontScale, context: context)
        cache.insert(layout)
        return layout
    }

    public func height(of layout: PostLayout) -> Double { layout.height }

    public func render(_ layout: PostLayout, context: TextContext?) -> Bitmap { renderer.render(layout) }

    public func renderSkeleton(_ layout: PostLayout, context: TextContext?) -> Bitmap { renderer.renderSkeleton(layout) }

    /// The skeleton of a post kind (`PostKind.index`; nil: not known yet) at a size, for rows
    /// with no layout yet. Worker (Cairo only, the context is not needed).
    public func renderKindSkeleton(kind: Int?, size: Size, scale: DisplayScale, context: TextContext?) -> Bitmap? {
        let postKind = kind.flatMap { PostKind.allCases.indices.contains($0) ? PostKind.allCases[$0] : nil }
        return renderer.renderKindSkeleton(postKind, size: size, scale: scale)
    }

    public func imageRequests(of layout: PostLayout) -> [RowImageRequest] {
        layout.imageSlots.map { slot in
            RowImageRequest(url: slot.url, frame: slot.frame, processors: slot.processors)
        }
    }

    /// The tile shown for rows with no layout yet: a generic skeleton (avatar, two bars).
    public func placeholderTile(width: Double, scale: DisplayScale) -> Bitmap {
        renderer.placeholderTile(width: width, scale: scale)
    }
}
