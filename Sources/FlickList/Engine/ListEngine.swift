import Dispatch
import FlickCore
import FlickImage
import FlickRaster

/// The list: scroll physics, the height index, range decisions, the draw scheduler and the
/// compositor, run once per frame on the main thread. Everything that costs — data, layout,
/// raster — happens on pool workers; a frame only steps physics, applies finished results,
/// decides ranges, queues work and copies ready bitmaps.
///
/// Drive it with `frame(at:)` from a frame clock (simulated in tests and the benchmark, real
/// in the window) and the input methods between frames.
@MainActor
public final class ListEngine<Source: ListDataSource> {
    public struct Configuration: Sendable {
        /// Working ranges and fast-fling rules.
        public var ranges = RangePolicy.Configuration.standard
        /// Physics constants (UIScrollView's normal deceleration by default).
        public var physics = ScrollPhysics.Configuration.standard
        /// Show skeletons and placeholders for rows not drawn yet (`false` = VVebo's blank rows).
        public var skeletons = true
        /// Apply the fast-fling landing-zone rule (`false` = draw rows in viewport order).
        public var fastFling = true
        /// Bytes of bitmaps kept beyond the display range; default 48 MB (see the scheduler).
        public var bitmapBudget = 48 * 1024 * 1024
        /// Which pipeline draws rows; default `.flick`.
        public var pipeline = Pipeline.flick
        /// During a fast fling only the landing zone starts image loads (seed 004 §3); default
        /// true. `false` loads images for every row in range, for the benchmark's ablation.
        public var defersImagesDuringFling = true

        public init() {}

        /// The naive baseline the seeds start from: cell reuse only.
        public static var naive: Configuration {
            var configuration = Configuration()
            configuration.pipeline = .naive
            configuration.skeletons = false
            configuration.fastFling = false
            return configuration
        }
    }

    /// How rows get drawn.
    public enum Pipeline: Sendable, Hashable {
        /// Layout and raster on pool workers, results committed once per frame.
        case flick
        /// What the seeds start from: each row that comes on screen is laid out and rasterized
        /// synchronously on the main thread, bitmaps only for rows on screen (cell reuse), no
        /// work ahead of time. Exists to be measured against.
        case naive
    }

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
    private let scheduler: DrawScheduler<Source>
    private let policy: RangePolicy
    private var touchedDuringFling = false
    /// The demand last told to the source; it hears again only when it changes.
    private var lastDemand: RowDemand?
    private var frameIndex = 0
    /// The naive pipeline's main-thread worker context and on-screen rows.
    var naive: NaiveRows<Source>?
    /// Images over cells, when an image pipeline was given.
    let images: RowImages?
    /// The pipeline images load through (`nil`: cells show their image placeholders).
    public let imagePipeline: ImagePipeline?

    public init(
        source: Source, viewport: Size, scale: DisplayScale, placeholder: Bitmap?,
        pool: QueuePool<Source.WorkerContext>? = nil, configuration: Configuration = Configuration(),
        imagePipeline: ImagePipeline? = nil
    ) {
        self.source = source
        self.configuration = configuration
        self.scale = scale
        width = viewport.width
        let pool = pool ?? QueuePool(label: "flick.list") { [source] _ in source.makeWorkerContext() }
        self.pool = pool
        var schedulerConfiguration = DrawScheduler<Source>.Configuration()
        schedulerConfiguration.bitmapBudget = configuration.bitmapBudget
        schedulerConfiguration.skeletons = configuration.skeletons
        scheduler = DrawScheduler(source: source, pool: pool, configuration: schedulerConfiguration)
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
        self.imagePipeline = imagePipeline
        images =
            configuration.pipeline == .flick
            ? imagePipeline.map { RowImages(pipeline: $0, scale: scale, defersDuringFling: configuration.defersImagesDuringFling) }
            : nil
        if configuration.pipeline == .naive {
            naive = NaiveRows(context: source.makeWorkerContext())
        } else {
            source.restartRowHints()
        }
    }

    public var viewport: Size { compositor.viewport }
    public var contentOffset: Double { physics.contentOffset }
    public var counters: (layouts: Int, renders: Int, cancelled: Int, staleDropped: Int) {
        let c = scheduler.counters
        return (c.layoutsApplied, c.rendersApplied, c.cancelled, c.staleDropped)
    }
    public var residentBitmapBytes: Int { scheduler.residentBitmapBytes }
    public var residentRows: Int { scheduler.rows.count }

    /// Runs one frame at `time` (seconds) and reports what it showed and cost.
    @discardableResult
    public func frame(at time: Double) -> FrameStats {
        let start = DispatchTime.now().uptimeNanoseconds
        var stats = FrameStats()
        stats.index = frameIndex
        stats.time = time
        frameIndex += 1

        physics.step(to: time)
        let commitStart = DispatchTime.now().uptimeNanoseconds
        if naive != nil {
            drawVisibleRowsOnTheMainThread(time: time)
        } else {
            applyResults(time: time)
            applyRowHints(time: time)
            images?.commit()
        }
        let scheduleStart = DispatchTime.now().uptimeNanoseconds
        let input = rangeInput()
        let plan = policy.plan(input, rows: heights)
        lastPlan = plan
        touchedDuringFling = false
        if naive == nil {
            scheduler.update(plan: plan, width: width, scale: scale) { row in
                policy.timeUntilVisible(row: row, input: input, rows: heights)
            }
            let demand = RowDemand(visible: plan.visible, preload: plan.preload, landing: plan.landing, width: width, scale: scale)
            if demand != lastDemand {
                lastDemand = demand
                source.prepare(demand)
            }
            images?.update(plan: plan) { row in
                guard let slot = scheduler.slot(row), let layout = slot.layout else { return nil }
                return RowImages.LaidOutRow(generation: slot.generation) { [source] in source.imageRequests(of: layout) }
            }
        }
        let composeStart = DispatchTime.now().uptimeNanoseconds
        let rows = plan.visible.map { row -> Compositor.Row in
            if let naive { return naive.compositorRow(row, top: heights.offset(ofRow: row) - physics.contentOffset, height: heights.height(ofRow: row)) }
            let slot = scheduler.slot(row)
            return Compositor.Row(
                index: row, top: heights.offset(ofRow: row) - physics.contentOffset, height: heights.height(ofRow: row),
                full: slot?.full, fullIsStale: slot?.fullIsStale ?? false, skeleton: slot?.skeleton,
                images: images?.layers(ofRow: row) ?? [])
        }
        let contents = compositor.compose(rows, stats: &stats)
        lastContents = zip(plan.visible, contents).map { ($0, $1) }
        // The naive pipeline loads images with their row, synchronously: none is ever pending.
        stats.imagesPending = images?.pendingCount(in: plan.visible) ?? 0
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
    /// the most urgent work (VVebo's hitTest).
    public func touchDown(time: Double) {
        if physics.touchDown(time: time) { touchedDuringFling = true }
    }

    public func beginDrag(at y: Double, time: Double) {
        touchDown(time: time)
        physics.beginDrag(at: y, time: time)
    }

    public func drag(to y: Double, time: Double) { physics.drag(to: y, time: time) }

    /// Lifts the finger; a moving drag turns into a fling.
    public func endDrag(time: Double) { _ = physics.endDrag(time: time) }

    public func fling(velocity: Double, time: Double) { physics.fling(velocity: velocity, time: time) }

    /// Animated scroll to the top; the top rows are drawn first, the rows between skipped.
    public func scrollToTop(time: Double) { physics.scrollToTop(time: time) }

    /// Puts `row` at the top of the viewport at once.
    public func jump(toRow row: Int, time: Double) {
        guard heights.rowCount > 0 else { return }
        physics.setContentOffset(heights.offset(ofRow: min(max(0, row), heights.rowCount - 1)), time: time)
    }

    /// Puts the viewport's top at `offset` at once (clamped to the content): a window keeps
    /// its place this way when it rebuilds its engine.
    public func setContentOffset(_ offset: Double, time: Double) { physics.setContentOffset(offset, time: time) }

    /// A new viewport width: every row is laid out again in the background while its old
    /// bitmap stays on screen.
    public func resize(width newWidth: Double, time: Double) {
        guard newWidth != width else { return }
        width = newWidth
        // Images stay over the stale bitmaps they belong to; rows load new ones when their new
        // layout (a new scheduler generation) arrives.
        scheduler.invalidateAll()
        naive?.rows.removeAll()
    }

    /// Rows whose content changed: laid out and drawn again; old bitmaps stay until replaced.
    public func reload(rows: [Int]) {
        scheduler.reload(rows)
        for row in rows { naive?.rows[row] = nil }
    }

    /// The row under a viewport point and the point in that row's coordinates.
    public func row(at point: Point) -> (row: Int, layout: Source.Layout?, local: Point)? {
        guard heights.rowCount > 0 else { return nil }
        let y = physics.contentOffset + point.y
        guard y >= 0, y < heights.totalHeight else { return nil }
        let row = heights.row(atOffset: y)
        return (row, naive?.rows[row]?.layout ?? scheduler.slot(row)?.layout, Point(x: point.x, y: y - heights.offset(ofRow: row)))
    }

    /// Whether every visible row shows its current full render.
    public var visibleRowsFullyDrawn: Bool {
        lastPlan != nil && lastContents.allSatisfy { $0.content == .full }
    }

    /// Cancels every queued layout, raster and image load and forgets the rows' bitmaps; the
    /// compositor's last layers stay valid for a display still showing them. For an engine
    /// being replaced (the window's live A/B and height changes). Main thread.
    public func stop() {
        scheduler.reset()
        images?.removeAll()
    }

    /// Blocks until queued work is done — layout and raster, the source's data loads and image
    /// loads — so a frame after it sees everything finished (tests, lockstep pacing, tools;
    /// never in an interactive loop).
    public func waitForWorkers() {
        pool.waitUntilIdle()
        source.waitUntilIdle()
        imagePipeline?.waitForWorkers()
        pool.waitUntilIdle()
    }

    // MARK: Private

    func applyResults(time: Double) {
        applyExactHeights(scheduler.commit(), time: time)
    }

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
    public var rowsWithImages: Set<Int> { Set(images?.rows.keys.map { $0 } ?? []) }
    /// Image loads the engine has started so far.
    public var imageLoadsStarted: Int { images?.requestsStarted ?? 0 }
}
