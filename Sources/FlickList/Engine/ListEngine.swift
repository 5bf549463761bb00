import Dispatch
import FlickCore
import FlickImage
import FlickRaster

/// The list: scroll physics, the height index, range decisions, the row store and the
/// compositor, run once per frame on the main thread. Everything that costs — data, layout,
/// raster — happens on pool workers; a frame only steps physics, applies updates and finished
/// results (keeping what the reader reads still), decides ranges, queues work and copies
/// ready bitmaps.
///
/// Drive it with `frame(at:)` from a frame clock (simulated in tests and the benchmark, real
/// in the window), the input methods between frames, and `apply(_:)` when the source changed.
@MainActor
public final class ListEngine<Source: ListDataSource> {
    public let source: Source
    public let pool: QueuePool<Source.WorkerContext>
    public let configuration: Configuration
    public let compositor: Compositor
    public private(set) var width: Double
    public let scale: DisplayScale
    public internal(set) var physics: ScrollPhysics
    public internal(set) var heights: HeightIndex
    public private(set) var lastPlan: RangePlan?
    public private(set) var lastContents: [(row: Int, content: Compositor.RowContent)] = []
    /// What updates did to the reader's place so far (drift, flings, counts).
    public internal(set) var updateStatistics = UpdateStatistics()
    /// Rows inserted above the reader since they were last at the top (the "N new posts"
    /// pill); back to 0 when the reader reaches the top or calls `clearRowsInsertedAbove()`.
    public internal(set) var rowsInsertedAbove = 0
    /// Reverse mode: whether the list is pinned to its last row (new rows keep it in view).
    public internal(set) var isPinnedToBottom: Bool
    let store: RowStore<Source>
    let policy: RangePolicy
    /// Skeletons of row kinds for rows with no layout yet (nil without skeletons).
    let kindSkeletons: KindSkeletonCache<Source>?
    /// Who fills the rows: the worker pipeline, or the naive baseline.
    private let filling: EngineFilling<Source>
    private var touchedDuringFling = false
    private var frameIndex = 0
    /// Snapshot diffs running off the main thread, and how the newest is applied once ready.
    let snapshotDiffs = SnapshotDiffs<Source.Item>()
    var pendingSnapshot: (@MainActor () -> Bool)?
    /// The reader's row while this frame's heights are committed (set by `applyUpdates`).
    var anchorOverride: Int?
    /// Changes told by `apply(_:)`, applied at the next frame.
    var pendingChanges: [ListChanges] = []
    /// The section header stuck to the top edge in the last frame.
    var lastSticky: (row: Int, bitmap: Bitmap, top: Double, height: Double)?
    /// Update animations running (inserted rows sliding in, deleted ones collapsing).
    var animations = UpdateAnimations()
    /// The time of the frame being run, for animations started by updates.
    var frameTime = 0.0
    /// Distance from the bottom edge at this frame's start, before updates (reverse mode).
    var bottomGap = 0.0
    /// Reverse mode: the first frame puts the list at its bottom (unless told otherwise first).
    var opensAtBottom: Bool
    /// A `scrollTo` asked for while changes wait for the next frame: resolved after them.
    var pendingScroll: PendingScroll<Source.Item.ID>?
    /// A `scrollTo` still re-aiming as heights become exact.
    var scrollTarget: ScrollTarget?
    /// The pipeline images load through (`nil`: cells show their image placeholders).
    public let imagePipeline: ImagePipeline?
    /// Header, footer and badge shown beside the rows (`setAccessory`).
    var accessories = ListAccessories()
    /// Called at the start of every frame, after the physics stepped and before updates are
    /// applied: a client that watches the scroll (batch fetching, pull to refresh) looks and
    /// acts here, so its changes land in the same frame. Main thread.
    public var beforeFrame: (@MainActor (Double) -> Void)?
    /// Focus and selection (`ListEngine+Selection`), kept by the rows' current numbering and
    /// carried through every update.
    public internal(set) var selection = ListSelection()
    /// Which rows can be selected now (starts as the configuration's; a client may change it).
    public var selectionMode: SelectionMode
    /// What paging keys do now (starts as the configuration's).
    public var navigation: KeyboardNavigation
    /// Told after the focus or the selection changed (by a key, a click, or an update that
    /// removed selected rows). Main thread.
    public var onSelectionChange: (@MainActor (ListSelection) -> Void)?
    var selectionTilesCache: SelectionTiles?
    /// Drags, flings (the wheel's glides too) and list keys so far: the reader's own moves, as
    /// opposed to the app's scrolls (`scrollTo`, `jump`). A find restores the reader's place on
    /// Escape only if this did not change since it showed its match.
    public internal(set) var userMoves = 0
    /// The find's highlight (`ListFind` sets it): matches in rows on screen, drawn over them.
    public var findMarks: FindMarks<Source>? {
        didSet { findRectCache.removeAll() }
    }
    /// Highlight boxes per row on screen, with the item they were made for (`findLayers`).
    var findRectCache: [Int: (item: Source.Item.ID, rects: [Rect])] = [:]
    var selectionWatch = SelectionRasterWatch()
    /// Told when a tap lands on an accessory (`tapAccessory(at:)`). Main thread.
    public var onAccessoryTap: (@MainActor (ListAccessory.Placement) -> Void)?
    /// The earliest frame a client asked for (`requestFrame(at:)`), until a frame at or after it.
    public internal(set) var requestedFrameTime: Double?

    public init(
        source: Source, viewport: Size, scale: DisplayScale, placeholder: Bitmap?,
        pool: QueuePool<Source.WorkerContext>? = nil, configuration: Configuration = Configuration(),
        imagePipeline: ImagePipeline? = nil
    ) {
        self.source = source
        self.configuration = configuration
        selectionMode = configuration.selectionMode
        navigation = configuration.navigation
        self.scale = scale
        width = viewport.width
        let pool = pool ?? QueuePool(label: "flick.list") { [source] _ in source.makeWorkerContext() }
        self.pool = pool
        var storeConfiguration = RowStore<Source>.Configuration()
        storeConfiguration.bitmapBudget = configuration.bitmapBudget
        storeConfiguration.skeletons = configuration.skeletons
        store = RowStore(source: source, pool: pool, configuration: storeConfiguration)
        kindSkeletons =
            configuration.skeletons && configuration.pipeline == .flick
            ? KindSkeletonCache(
                source: source, pool: pool, lane: storeConfiguration.lane,
                budget: ScreenBytes.of(KindSkeletonCache<Source>.screens, viewport: viewport, scale: scale))
            : nil
        // Free pixel buffers kept for reuse: two of this list's screens (a steady scroll frees
        // rows as fast as it draws new ones; see `PixelBufferPool.standardBudget`).
        PixelBufferPool.shared.ensureBudget(ScreenBytes.of(2, viewport: viewport, scale: scale))
        var ranges = configuration.ranges
        if !configuration.fastFling { ranges.skipRows = .max }
        policy = RangePolicy(configuration: ranges)
        heights = HeightIndex(
            rowCount: source.rowCount,
            configuration: HeightIndex.Configuration(
                estimatedRowHeight: source.estimatedHeight(ofRow: 0, width: viewport.width),
                kindCount: min(max(0, source.rowKindCount), HeightIndex.Configuration.maximumKindCount)))
        physics = ScrollPhysics(
            contentHeight: 0, viewportHeight: viewport.height, configuration: configuration.physics)
        compositor = Compositor(viewport: viewport, scale: scale, placeholder: configuration.skeletons ? placeholder : nil)
        physics.setContentHeight(heights.totalHeight, time: 0)
        isPinnedToBottom = configuration.anchorEdge == .bottom
        opensAtBottom = configuration.anchorEdge == .bottom
        self.imagePipeline = imagePipeline
        switch configuration.pipeline {
        case .flick:
            let images = imagePipeline.map {
                RowImages<Source>(pipeline: $0, scale: scale, defersDuringFling: configuration.defersImagesDuringFling)
            }
            filling = .workers(WorkerPipeline(images: images))
            source.restartRowHints()
            prepareEstimatedKindSkeletons()
        case .naive:
            filling = .naive(NaivePipeline<Source>(context: source.makeWorkerContext()))
        }
    }

    public var viewport: Size { compositor.viewport }
    public var contentOffset: Double { physics.contentOffset }

    /// Runs one frame at `time` (seconds) and reports what it showed and cost.
    ///
    /// Worker wake-ups are held for the frame (`HeldWakes`): work the frame submits starts when
    /// the frame is composed, so a woken worker cannot take the core in the middle of it. A
    /// display that presents after this returns holds them across its present too. The cost
    /// reported is the frame's work up to its composed picture.
    @discardableResult
    public func frame(at time: Double) -> FrameStats {
        HeldWakes.holding { composeFrame(at: time) }
    }

    private func composeFrame(at time: Double) -> FrameStats {
        let start = DispatchTime.now().uptimeNanoseconds
        var stats = FrameStats()
        stats.index = frameIndex
        stats.time = time
        frameIndex += 1

        frameTime = time
        if let requested = requestedFrameTime, requested <= time { requestedFrameTime = nil }
        physics.step(to: time)
        beforeFrame?(time)
        applyAccessoryInsets(time: time)
        // Where the reader left the bottom edge, before this frame's updates move content.
        bottomGap = physics.bounds.upperBound - physics.contentOffset
        let commitStart = DispatchTime.now().uptimeNanoseconds
        applyUpdates(time: time)
        keepPlace(time: time)
        let scheduleStart = DispatchTime.now().uptimeNanoseconds
        let input = rangeInput()
        let plan = policy.plan(input, rows: heights)
        lastPlan = plan
        touchedDuringFling = false
        filling.schedule(self, plan: plan, input: input)
        let composeStart = DispatchTime.now().uptimeNanoseconds
        animations.expire(at: time)
        prepareKindSkeletons(plan)
        let rows = drawnRows(plan.visible, time: time).map { row -> Compositor.Row in
            let node = store.node(atRow: row)
            // A held row shows its pressed look in place of its cell (same size only: a look made
            // for an older layout is not stretched), its overlays over its images.
            let pressedCell = node?.pressed?.cell.flatMap { $0.pixelSize == node?.full?.pixelSize ? $0 : nil }
            return Compositor.Row(
                index: row, top: heights.offset(ofRow: row) - physics.contentOffset + animations.shift(ofRow: row, at: time),
                height: heights.height(ofRow: row), full: pressedCell ?? node?.full, fullIsStale: node?.fullIsStale ?? false, skeleton: node?.skeleton,
                kindSkeleton: node?.full == nil && node?.skeleton == nil ? kindSkeleton(forRow: row) : nil,
                images: (node?.images?.layers ?? []) + (node?.pressed?.overlays ?? []))
        }
        let departing = animations.isEmpty ? [] : animations.departing(at: time) { heights.offset(ofRow: $0) - physics.contentOffset }
        lastSticky = stickyHeader(visible: plan.visible)
        let contents = compositor.compose(
            rows, departing: departing, decorations: findLayers(rows) + selectionLayers(rows), sticky: lastSticky.map { ($0.row, $0.bitmap, $0.top) },
            accessories: accessoryLayers(), stats: &stats)
        lastContents = zip(rows.map(\.index), contents).map { ($0, $1) }
        checkSelectionWatch()
        // The naive pipeline loads images with their row, synchronously: none is ever pending.
        stats.imagesPending = plan.visible.reduce(0) { $0 + (store.node(atRow: $1)?.images?.pendingCount ?? 0) }
        stats.offset = physics.contentOffset
        let end = DispatchTime.now().uptimeNanoseconds
        stats.mainThreadMilliseconds = Double(end - start) / 1e6
        stats.commitMilliseconds = Double(scheduleStart - commitStart) / 1e6
        stats.scheduleMilliseconds = Double(composeStart - scheduleStart) / 1e6
        stats.composeMilliseconds = Double(end - composeStart) / 1e6
        return stats
    }

    // MARK: Input (main thread, between frames)

    /// A finger lands. During a fling it stops the scroll at once and makes the visible rows
    /// the most urgent work (VVebo's hitTest). It also ends a `scrollTo` still re-aiming.
    public func touchDown(time: Double) {
        scrollTarget = nil
        pendingScroll = nil
        if physics.touchDown(time: time) { touchedDuringFling = true }
    }

    public func beginDrag(at y: Double, time: Double) {
        userMoves += 1
        touchDown(time: time)
        physics.beginDrag(at: y, time: time)
    }

    public func drag(to y: Double, time: Double) { physics.drag(to: y, time: time) }

    /// Lifts the finger; a moving drag turns into a fling.
    public func endDrag(time: Double) { _ = physics.endDrag(time: time) }

    public func fling(velocity: Double, time: Double) {
        userMoves += 1
        scrollTarget = nil
        pendingScroll = nil
        opensAtBottom = false
        physics.fling(velocity: velocity, time: time)
    }

    /// Animated scroll to the top; the top rows are drawn first, the rows between skipped.
    public func scrollToTop(time: Double) {
        scrollTarget = nil
        pendingScroll = nil
        opensAtBottom = false
        physics.scrollToTop(time: time)
    }

    /// Puts `row` at the top of the viewport at once (its estimated place; see `scrollTo` for
    /// a landing that stays exact while heights are measured).
    public func jump(toRow row: Int, time: Double) {
        guard heights.rowCount > 0 else { return }
        scrollTarget = nil
        pendingScroll = nil
        opensAtBottom = false
        physics.setContentOffset(heights.offset(ofRow: min(max(0, row), heights.rowCount - 1)), time: time)
    }

    /// Puts the viewport's top at `offset` at once (clamped to the content).
    public func setContentOffset(_ offset: Double, time: Double) {
        scrollTarget = nil
        pendingScroll = nil
        opensAtBottom = false
        physics.setContentOffset(offset, time: time)
    }

    /// A new viewport width: every row is laid out again in the background while its old
    /// bitmap stays on screen.
    public func resize(width newWidth: Double, time: Double) {
        guard newWidth != width else { return }
        width = newWidth
        findRectCache.removeAll()
        selectionWatch.stop()
        filling.resized(self)
    }

    /// Rows whose content must be laid out and drawn again although their items' versions did
    /// not change (an edit with a new version needs only `apply(.reloading(...))`); old bitmaps
    /// stay until replaced.
    public func reload(rows: [Int]) {
        store.reload(rows.compactMap { store.rowIDs[$0] ?? source.item(at: $0)?.id })
    }

    /// The row under a viewport point, its layout if it has one, and the point in the row's
    /// coordinates.
    public func row(at point: Point) -> (row: Int, layout: Source.Layout?, local: Point)? {
        guard heights.rowCount > 0 else { return nil }
        if let sticky = lastSticky, point.y >= sticky.top, point.y < sticky.top + sticky.height {
            return (sticky.row, store.node(atRow: sticky.row)?.layout, Point(x: point.x, y: point.y - sticky.top))
        }
        let y = physics.contentOffset + point.y
        guard y >= 0, y < heights.totalHeight else { return nil }
        let row = heights.row(atOffset: y)
        return (row, store.node(atRow: row)?.layout, Point(x: point.x, y: y - heights.offset(ofRow: row)))
    }

    /// Holds `row` down (a finger on a link or an avatar): `draw` makes its pressed look on a
    /// worker, ahead of all other work, and the engine shows it in place of the row's cell from
    /// the first frame after, until `endPress()`. One row at a time. False when the row has no
    /// layout yet. Main thread.
    @discardableResult
    public func press(row: Int, draw: @escaping @Sendable (Source.Layout, Source.WorkerContext) -> PressedAppearance) -> Bool {
        guard let id = store.rowIDs[row] else { return false }
        return store.press(id: id, draw: draw)
    }

    /// Ends the press; the row shows its normal look at the next frame.
    public func endPress() { store.endPress() }

    /// The row held down now, if it is near the viewport.
    public var pressedRow: Int? { store.press.flatMap { store.rowOf[$0.id] } }

    /// Whether the held row's pressed look has arrived (it is drawn on a worker).
    public var showsPressedAppearance: Bool { store.press.flatMap { store.nodes[$0.id]?.pressed } != nil }

    /// The item shown at `row` this frame, if known.
    public func itemID(atRow row: Int) -> Source.Item.ID? { store.rowIDs[row] }

    /// Whether every visible row shows its current full render.
    public var visibleRowsFullyDrawn: Bool {
        lastPlan != nil && lastContents.allSatisfy { $0.content == .full }
    }

    /// Cancels every queued layout, raster and image load and forgets the rows' bitmaps; the
    /// compositor's last layers stay valid for a display still showing them. For an engine
    /// being replaced (the window's live A/B and height changes). Main thread.
    public func stop() {
        store.reset()
    }

    /// Blocks until queued work is done — layout and raster, the source's data loads and image
    /// loads — so a frame after it sees everything finished (tests, lockstep pacing, tools;
    /// never in an interactive loop).
    public func waitForWorkers() {
        snapshotDiffs.wait()
        pool.waitUntilIdle()
        source.waitUntilIdle()
        imagePipeline?.waitForWorkers()
        pool.waitUntilIdle()
    }

    /// The filling's commit (worker results, or the baseline's drawing); whether heights changed.
    func commitRows(time: Double) -> Bool { filling.commit(self, time: time) }

    // MARK: Private

    private func rangeInput() -> RangePolicy.Input {
        let motion: RangePolicy.Motion =
            switch physics.phase {
            case .idle: .idle
            case .dragging: .dragging
            case .decelerating, .bouncing: .decelerating(target: physics.targetContentOffset ?? physics.contentOffset)
            case .animating: .animating(target: physics.targetContentOffset ?? physics.contentOffset)
            }
        return RangePolicy.Input(
            offset: physics.contentOffset, viewportHeight: viewport.height, velocity: physics.velocity, motion: motion,
            touchedDuringFling: touchedDuringFling)
    }
}

extension ListEngine {
    /// Rows that have image requests (loading or loaded) now; for tests and overlays.
    public var rowsWithImages: Set<Int> {
        Set(store.rowIDs.compactMap { row, id in store.nodes[id]?.images == nil ? nil : row })
    }
    /// Image loads the engine has started so far.
    public var imageLoadsStarted: Int { filling.imageLoadsStarted }
}

/// A `scrollTo` waiting for pending changes: by row (in the source's new numbering) or by item.
enum PendingScroll<ID> {
    case row(Int, align: ScrollAlignment, animated: Bool)
    case item(ID, align: ScrollAlignment, animated: Bool)
}
