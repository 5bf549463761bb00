import FlickCore
import FlickRaster

/// What a list shows, supplied by its client (the timeline is the first). The engine knows
/// nothing about posts: it asks for heights, layouts and bitmaps by row.
///
/// Threads: `rowCount` and `estimatedHeight` are read on the main thread and must be cheap;
/// `layout`, `render` and `renderSkeleton` run on pool workers with that worker's private
/// `WorkerContext` (for text, its Pango font map) and must not touch main-thread state.
public protocol ListDataSource: Sendable {
    /// A row's immutable layout: computed once on a worker, read anywhere.
    associatedtype Layout: Sendable
    /// Per-worker state, created on the worker's own queue and never shared.
    associatedtype WorkerContext

    /// Rows in the list. Main thread.
    var rowCount: Int { get }

    /// A cheap guess of a row's height before its layout exists. Main thread.
    func estimatedHeight(ofRow row: Int, width: Double) -> Double

    /// Builds the worker context for one pool queue. Runs on that queue, once.
    func makeWorkerContext() -> WorkerContext

    /// Lays out `row` for a cell `width` points wide at `scale`. Worker. `nil` when the row's
    /// data cannot be had (then the row keeps its placeholder and the reason is logged by the
    /// source).
    func layout(row: Int, width: Double, scale: DisplayScale, context: WorkerContext) -> Layout?

    /// The row's identity and content version in `layout` (for caches and reload diffs).
    func identity(of layout: Layout) -> RowIdentity

    /// The exact height of a laid-out row, points (a whole number of device pixels).
    func height(of layout: Layout) -> Double

    /// The full cell bitmap. Worker.
    func render(_ layout: Layout, context: WorkerContext) -> Bitmap

    /// A cheap skeleton from the layout alone (a small fraction of `render`). Worker.
    func renderSkeleton(_ layout: Layout, context: WorkerContext) -> Bitmap

    /// Images the row shows as separate layers, for the image pipeline.
    func imageRequests(of layout: Layout) -> [RowImageRequest]

    /// How many row kinds the source tags in its hints (at most 8); rows of a kind are
    /// estimated from the measured rows of that kind. Default 0: one estimate for all rows.
    var rowKindCount: Int { get }

    /// Told once per frame, on the main thread, which rows the list wants soon; a source
    /// backed by storage starts reading them. Must return at once. Default: nothing.
    func prepare(_ demand: RowDemand)

    /// What the source learned about rows since the last call (kinds, persisted heights).
    /// Main thread, once per frame; must be cheap. Default: nothing.
    func takeRowHints() -> [RowHint]

    /// A new list (with an empty height index) reads this source: hints already sent for rows
    /// in memory must be sent again. Main thread. Default: nothing.
    func restartRowHints()

    /// Blocks until the source's own background loads (and the hints they produce) are done.
    /// For tests and lockstep pacing, never in an interactive loop. Default: returns at once.
    func waitUntilIdle()
}

extension ListDataSource {
    public var rowKindCount: Int { 0 }
    public func prepare(_ demand: RowDemand) {}
    public func takeRowHints() -> [RowHint] { [] }
    public func restartRowHints() {}
    public func waitUntilIdle() {}
}

/// A row's identity and the version of what it displays.
public struct RowIdentity: Hashable, Sendable {
    public let id: String
    public let version: UInt64

    public init(id: String, version: UInt64) {
        self.id = id
        self.version = version
    }
}
