import FlickCore
import FlickRaster

/// An item a list shows: a stable identity and the version of what it displays. Rows are
/// addressed by index only on the main thread, for one frame; everything the engine keeps about
/// a row (layout, bitmaps, images) is keyed by `id`, so a row that moves keeps its drawing, and
/// work is redone only when `version` changes (IGListKit's `diffIdentifier` + `isEqual`).
public protocol ListItem: Sendable {
    /// Stable across updates, unique within the list.
    associatedtype ID: Hashable & Sendable
    var id: ID { get }
    /// Changes whenever anything the row displays changes (a hash of the content will do).
    var version: UInt64 { get }
}

/// What a list shows, supplied by its client (the timeline is the first). The engine knows
/// nothing about posts: it asks for items by row on the main thread, and for layouts and
/// bitmaps of those items on workers.
///
/// Threads: `rowCount`, `item(at:)`, `row(ofItem:)` and `estimatedHeight` are read on the main
/// thread and must be cheap (memory only, no I/O); `loadItem(at:)`, `layout`, `render`,
/// `renderSkeleton` and `renderKindSkeleton` run on pool workers with that worker's private
/// `WorkerContext` (for text, its Pango font map) and must not touch main-thread state.
///
/// A source that changes (rows inserted, deleted, moved, edited) changes itself first and then
/// tells the engine what changed with `ListEngine.apply(_:)`; an edit in place is a new
/// `version` and `apply(.reloading(rows, count:))` (the engine also notices a new version of
/// any row it plans, but an idle list plans nothing until something moves).
public protocol ListDataSource: Sendable {
    /// One row's content: captured on the main thread, laid out on a worker.
    associatedtype Item: ListItem
    /// A row's immutable layout: computed once on a worker, read anywhere.
    associatedtype Layout: Sendable
    /// Per-worker state, created on the worker's own queue and never shared.
    associatedtype WorkerContext

    /// Rows in the list now. Main thread.
    var rowCount: Int { get }

    /// Whether `rowCount` is all the list will have: false while more rows may still load (a
    /// live timeline with older pages on the server), so a screen reader says "row 1,002", not
    /// "1,002 of 1,050". Main thread, cheap. Default true.
    var rowCountIsFinal: Bool { get }

    /// The item at `row` if it is in memory, `nil` while it is not (a store-backed source
    /// still loading its page). Main thread, cheap.
    func item(at row: Int) -> Item?

    /// The item at `row`, reading storage if need be; `nil` when it cannot be had. Worker (or
    /// the naive baseline's main thread). Default: `item(at:)`.
    func loadItem(at row: Int) -> Item?

    /// The row showing the item `id`, if the source can tell cheaply. Main thread. Default:
    /// `nil` (the engine then finds only rows it has seen near the viewport).
    func row(ofItem id: Item.ID) -> Int?

    /// The section header row that heads `row`: the last header at or above it, or nil when
    /// the list has no sections (or `row` comes before the first). A header row sticks to the
    /// top edge while its section is on screen and is pushed off by the next one. Main thread,
    /// cheap (a binary search over the headers' rows). Default: nil, no sticky headers.
    func sectionHeader(atOrAbove row: Int) -> Int?

    /// A cheap guess of a row's height before its layout exists. Main thread.
    func estimatedHeight(ofRow row: Int, width: Double) -> Double

    /// Builds the worker context for one pool queue. Runs on that queue, once.
    func makeWorkerContext() -> WorkerContext

    /// Lays out `item` for a cell `width` points wide at `scale`. Worker. `nil` when it cannot
    /// be laid out (then the row keeps its placeholder and the source logs the reason).
    func layout(_ item: Item, width: Double, scale: DisplayScale, context: WorkerContext) -> Layout?

    /// The exact height of a laid-out row, points (a whole number of device pixels).
    func height(of layout: Layout) -> Double

    /// The full cell bitmap. Worker.
    func render(_ layout: Layout, context: WorkerContext) -> Bitmap

    /// A cheap skeleton from the layout alone (a small fraction of `render`). Worker.
    func renderSkeleton(_ layout: Layout, context: WorkerContext) -> Bitmap

    /// A skeleton shaped for a row of `kind` (`nil`: its kind is not known yet) that has no
    /// layout yet, `size` points at `scale`: avatar, name, text bars filling the height,
    /// picture boxes — what the row will look like, without its content. Worker, with that
    /// worker's own context (never the main thread); the engine asks once per kind and size
    /// class (width, height rounded up to a few points), caches the result and cuts it at the
    /// row's end. Default `nil`: such rows show the generic placeholder tile.
    func renderKindSkeleton(kind: Int?, size: Size, scale: DisplayScale, context: WorkerContext) -> Bitmap?

    /// Images the row shows as separate layers, for the image pipeline.
    func imageRequests(of layout: Layout) -> [RowImageRequest]

    /// How many row kinds the source tags in its hints (at most 8); rows of a kind are
    /// estimated from the measured rows of that kind. Default 0: one estimate for all rows.
    var rowKindCount: Int { get }

    /// Told once per frame, on the main thread, which rows the list wants soon; a source
    /// backed by storage starts reading them. Must return at once. Default: nothing.
    func prepare(_ demand: RowDemand)

    /// What the source learned about rows since the last call (kinds, persisted heights), by
    /// the rows' current indices. Main thread, once per frame; must be cheap. Default: nothing.
    func takeRowHints() -> [RowHint]

    /// A new list (with an empty height index) reads this source: hints already sent for rows
    /// in memory must be sent again. Main thread. Default: nothing.
    func restartRowHints()

    /// Blocks until the source's own background loads (and the hints they produce) are done.
    /// For tests and lockstep pacing, never in an interactive loop. Default: returns at once.
    func waitUntilIdle()
}

extension ListDataSource {
    public func loadItem(at row: Int) -> Item? { item(at: row) }
    public var rowCountIsFinal: Bool { true }
    public func row(ofItem id: Item.ID) -> Int? { nil }
    public func sectionHeader(atOrAbove row: Int) -> Int? { nil }
    public var rowKindCount: Int { 0 }
    public func renderKindSkeleton(kind: Int?, size: Size, scale: DisplayScale, context: WorkerContext) -> Bitmap? { nil }
    public func prepare(_ demand: RowDemand) {}
    public func takeRowHints() -> [RowHint] { [] }
    public func restartRowHints() {}
    public func waitUntilIdle() {}
}
