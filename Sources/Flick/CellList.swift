import FlickCore
import FlickImage
import FlickList
import FlickRaster

/// The front door: a list of cells of any kinds, scrolled smoothly — layouts and bitmaps made
/// on workers, the reader's row kept still through every update. Make one with a
/// configuration, give it cells (a snapshot, diffed by identity), run `frame(at:)` from a frame
/// clock (or host it in a window), and ask it what was tapped and what is visible.
///
/// ```swift
/// let list = CellList<String>(configuration: .chat)
/// list.apply(snapshot: messages.map { Cell(id: $0.id, kind: Bubble(), content: $0) })
/// let stats = list.frame(at: clock.now)      // each frame
/// if let tap = list.tap(at: point) { print(tap.id, tap.region.label) }
/// ```
///
/// Main thread: the list is a main-actor object; the kinds' `layout` and `draw` run on workers.
@MainActor
public final class CellList<ID: Hashable & Sendable> {
    /// Everything a list can be set up with; every option says its default and why.
    public struct Configuration: Sendable {
        /// The engine: ranges, physics, skeletons, the anchored edge, animations (see
        /// `ListEngine.Configuration`; defaults are a timeline's).
        public var engine = ListEngine<CellSource<ID>>.Configuration()
        /// Viewport, points; default 375 × 667, a phone's.
        public var viewport = Size(width: 375, height: 667)
        /// Device pixels per point; default 2.
        public var scale = DisplayScale.two

        public init() {}

        /// A feed read from the top: new rows wait above the reader ("N new" count); the keys
        /// page item by item (the feed pattern) and any posts can be selected.
        public static var timeline: Configuration {
            var configuration = Configuration()
            configuration.engine.navigation = .feed
            configuration.engine.selectionMode = .multiple
            return configuration
        }

        /// A conversation: opens at the newest row and stays pinned to the bottom while the
        /// reader is there; history loaded above keeps the reader's place.
        public static var chat: Configuration {
            var configuration = Configuration.timeline
            configuration.engine.anchorEdge = .bottom
            return configuration
        }
    }

    public let configuration: Configuration
    /// The cells shown, read on the main thread.
    public let source: CellSource<ID>
    /// The engine underneath, for hosting it in a window (`ListWindow`) and for statistics.
    public private(set) var engine: ListEngine<CellSource<ID>>
    private let images: ImagePipeline?
    private let pool: QueuePool<CellSource<ID>.WorkerContext>

    /// A list of cells in memory, given by snapshots or batch updates.
    /// - Parameters:
    ///   - configuration: the preset or settings the list starts with.
    ///   - kinds: the kinds its rows will have, numbered up front so each is estimated and
    ///     skeletoned apart from the first frame (kinds met later are numbered as they come,
    ///     from the next engine on); the first one's skeleton stands for rows of unknown kind.
    ///   - images: where the cells' images load (`nil`: image slots stay empty).
    ///   - pool: the workers; default a new pool (one queue per core per lane).
    public convenience init(
        configuration: Configuration = .timeline, kinds: [any CellKind] = [], images: ImagePipeline? = nil,
        pool: QueuePool<CellSource<ID>.WorkerContext>? = nil
    ) {
        self.init(configuration: configuration, source: CellSource<ID>(kinds: kinds), images: images, pool: pool)
    }

    /// A list over rows kept in storage (a feed in SQLite): cells are read by row as the scroll
    /// nears them, and changes are told with `pagesChanged(_:)`. Parameters as above.
    public convenience init(
        configuration: Configuration = .timeline, pages: some CellPages<ID>, kinds: [any CellKind] = [],
        images: ImagePipeline? = nil, pool: QueuePool<CellSource<ID>.WorkerContext>? = nil
    ) {
        self.init(configuration: configuration, source: CellSource<ID>(kinds: kinds, pages: pages), images: images, pool: pool)
    }

    private init(configuration: Configuration, source: CellSource<ID>, images: ImagePipeline?, pool: QueuePool<CellSource<ID>.WorkerContext>?) {
        self.configuration = configuration
        self.source = source
        self.images = images
        let pool = pool ?? QueuePool(label: "flick.cells") { _ in source.makeWorkerContext() }
        self.pool = pool
        engine = Self.makeEngine(source: source, viewport: configuration.viewport, configuration: configuration, pool: pool, images: images)
    }

    /// A new engine over the same cells for a new viewport or pipeline (a window's height
    /// change, its live A/B), on the same workers; it becomes `engine`. The host keeps the
    /// reader's place (`ListWindow` does). `scale`: device pixels per point for the new
    /// engine when the display's changed (a GTK window moved to a 2× monitor); default the
    /// configuration's.
    public func rebuild(
        viewport: Size, pipeline: ListEngine<CellSource<ID>>.Pipeline, scale: DisplayScale? = nil
    ) -> ListEngine<CellSource<ID>> {
        var engineConfiguration = configuration.engine
        if pipeline == .naive {
            engineConfiguration = .naive
            engineConfiguration.anchorEdge = configuration.engine.anchorEdge
        }
        return rebuild(viewport: viewport, engine: engineConfiguration, scale: scale)
    }

    /// A new engine over the same cells with its own engine settings (a benchmark's
    /// ablations), for `viewport` at `scale` (default the configuration's); it becomes `engine`.
    public func rebuild(
        viewport: Size, engine engineConfiguration: ListEngine<CellSource<ID>>.Configuration, scale: DisplayScale? = nil
    ) -> ListEngine<CellSource<ID>> {
        engine.settlePendingSnapshot()  // only the old engine would apply it
        var configuration = configuration
        if let scale { configuration.scale = scale }
        configuration.engine = engineConfiguration
        engine = Self.makeEngine(source: source, viewport: viewport, configuration: configuration, pool: pool, images: images)
        return engine
    }

    private static func makeEngine(
        source: CellSource<ID>, viewport: Size, configuration: Configuration, pool: QueuePool<CellSource<ID>.WorkerContext>,
        images: ImagePipeline?
    ) -> ListEngine<CellSource<ID>> {
        ListEngine(
            source: source, viewport: viewport, scale: configuration.scale,
            placeholder: placeholder(width: viewport.width, scale: configuration.scale), pool: pool,
            configuration: configuration.engine, imagePipeline: images)
    }

    /// Shows `cells`, diffed against what is shown by identity and version: applied at the
    /// next frame with the reader's row kept still. Lists of cells in memory only.
    public func apply(snapshot cells: [Cell<ID>]) {
        precondition(source.pages == nil, "a list over pages changes through its pages (pagesChanged)")
        engine.apply(snapshot: cells)
    }

    /// Tells a list over pages what its pages changed (rows inserted on top, deleted, moved,
    /// edited), after they changed: applied with the reader's row kept still.
    public func pagesChanged(_ changes: ListChanges) { engine.apply(changes) }

    /// Adds `cells` before `row` (batch update: no diff; cost follows the rows after `row`).
    /// Ids must be new to the list.
    public func insert(_ cells: [Cell<ID>], at row: Int) {
        precondition(source.pages == nil, "a list over pages changes through its pages (pagesChanged)")
        guard !cells.isEmpty else { return }
        engine.settlePendingSnapshot()
        let count = source.items.count
        let row = min(max(0, row), count)
        source.insert(cells, at: row)
        engine.apply(.inserting(cells.count, at: row, into: count))
    }

    /// Adds `cells` after the last row (a new message).
    public func append(_ cells: [Cell<ID>]) { insert(cells, at: source.items.count) }

    /// Adds `cells` before the first row (older history, newer posts).
    public func prepend(_ cells: [Cell<ID>]) { insert(cells, at: 0) }

    /// Removes the rows `range`.
    public func remove(_ range: Range<Int>) {
        precondition(source.pages == nil, "a list over pages changes through its pages (pagesChanged)")
        engine.settlePendingSnapshot()
        let count = source.items.count
        let range = range.clamped(to: 0..<count)
        guard !range.isEmpty else { return }
        source.remove(range)
        engine.apply(.deleting(range, from: count))
    }

    /// Shows `cell` — a new version of the row with its id — in place: drawn again, its old
    /// bitmap shown until the new one is ready. Returns false when no row has that id.
    @discardableResult
    public func update(_ cell: Cell<ID>) -> Bool {
        precondition(source.pages == nil, "a list over pages changes through its pages (pagesChanged)")
        engine.settlePendingSnapshot()
        guard let row = source.row(ofItem: cell.id) else { return false }
        source.replace(at: row, with: cell)
        engine.apply(.reloading([row], count: source.items.count))
        return true
    }

    /// The cells shown now, in order.
    public var cells: [Cell<ID>] { source.items }

    /// Runs one frame at `time` (seconds on the caller's frame clock).
    @discardableResult
    public func frame(at time: Double) -> FrameStats { engine.frame(at: time) }

    /// Runs the housekeeping the last frame put off (evicting rows beyond the memory budgets);
    /// returns its milliseconds. Main thread: call it once the frame is on screen, before
    /// waiting for the next one. Without it, the next frame does that work itself.
    @discardableResult
    public func idle() -> Double { engine.idle() }

    /// What a tap at a viewport point hits: the row's id and the region, if the row is laid out
    /// and the point is in one of its hit regions.
    public func tap(at point: Point) -> (id: ID, region: HitRegion)? {
        guard let hit = engine.row(at: point), let layout = hit.layout, let region = layout.hitRegion(at: hit.local),
            let id = engine.itemID(atRow: hit.row)
        else { return nil }
        return (id, region)
    }

    /// Holds down what is at `point` (a finger on a link): the pressed look is drawn on a
    /// worker and shown until `release()`. Returns what was hit.
    @discardableResult
    public func press(at point: Point) -> (id: ID, region: HitRegion)? {
        guard let hit = engine.row(at: point), let layout = hit.layout, let region = layout.hitRegion(at: hit.local),
            let id = engine.itemID(atRow: hit.row)
        else { return nil }
        engine.press(row: hit.row) { layout, _ in PressedAppearance(cell: layout.render(.pressed(region))) }
        return (id, region)
    }

    /// Lets go of a press.
    public func release() { engine.endPress() }

    /// The ids of the rows on screen in the last frame, top to bottom.
    public var visibleItems: [ID] { engine.lastContents.compactMap { engine.itemID(atRow: $0.row) } }

    /// Whether a chat list is pinned to its newest row.
    public var isPinnedToBottom: Bool { engine.isPinnedToBottom }

    /// The generic tile for rows whose layout does not exist yet: soft grey bars.
    static func placeholder(width: Double, scale: DisplayScale) -> Bitmap {
        let canvas = Canvas(size: Size(width: width, height: 60), scale: scale, opaqueBackground: Color(hex: 0xFFFFFF))
        canvas.fillRoundedRect(Rect(x: 12, y: 12, width: width * 0.5, height: 14), radius: 7, Color(hex: 0xEFEFF1))
        canvas.fillRoundedRect(Rect(x: 12, y: 34, width: width * 0.7, height: 14), radius: 7, Color(hex: 0xEFEFF1))
        return canvas.makeBitmap()
    }
}
