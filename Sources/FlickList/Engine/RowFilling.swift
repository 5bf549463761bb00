import FlickCore

/// Who fills the engine's rows each frame: Flick's worker pipeline, or the naive baseline that
/// draws visible rows on the main thread. Both fill the same `RowStore`; the engine's frame
/// calls them at two points and knows nothing else of either. Main thread.
@MainActor
protocol RowFilling<Source>: AnyObject {
    associatedtype Source: ListDataSource

    /// After the frame's structural updates, before ranges are planned: take what is ready
    /// (worker results, exact heights, hints, images) — or, for the baseline, draw the rows on
    /// screen now. Returns whether row heights changed (anchored: the reader's row stays).
    func commit(_ engine: ListEngine<Source>, time: Double) -> Bool

    /// After the plan: queue, raise or cancel work for it and tell the source what to read.
    func schedule(_ engine: ListEngine<Source>, plan: RangePlan, input: RangePolicy.Input)

    /// The viewport width changed: every row is laid out again.
    func resized(_ engine: ListEngine<Source>)

    /// Image loads started so far (the baseline's synchronous loads are not counted).
    var imageLoadsStarted: Int { get }
}

/// Flick's pipeline: layout and raster on pool workers (`RowStore`), images through the image
/// pipeline (`RowImages`), data read ahead by the source, results committed once per frame.
@MainActor
final class WorkerPipeline<Source: ListDataSource>: RowFilling {
    let images: RowImages<Source>?
    /// The demand last told to the source; it hears again only when it changes.
    private var lastDemand: RowDemand?

    init(images: RowImages<Source>?) { self.images = images }

    func commit(_ engine: ListEngine<Source>, time: Double) -> Bool {
        let exact = engine.store.commit()
        if !exact.isEmpty {
            engine.keepingAnchor(time: time) { index in
                for (row, height) in exact where row < index.rowCount { index.setExactHeight(height, forRow: row) }
            }
        }
        images?.commit(into: &engine.store.nodes)
        let hinted = engine.applyRowHints(time: time)
        return !exact.isEmpty || hinted
    }

    func schedule(_ engine: ListEngine<Source>, plan: RangePlan, input: RangePolicy.Input) {
        let changed = engine.store.update(
            plan: plan, pinned: engine.stickyHeaderRow(visible: plan.visible), width: engine.width, scale: engine.scale
        ) { row in
            engine.policy.timeUntilVisible(row: row, input: input, rows: engine.heights)
        }
        let demand = RowDemand(
            visible: plan.visible, preload: plan.preload, landing: plan.landing, width: engine.width, scale: engine.scale)
        if demand != lastDemand {
            lastDemand = demand
            engine.source.prepare(demand)
        }
        // Images follow the rows: with the same plan, rows and layouts they have nothing new.
        if changed { images?.update(plan: plan, rowIDs: engine.store.rowIDs, nodes: &engine.store.nodes, source: engine.source) }
    }

    func resized(_ engine: ListEngine<Source>) {
        // Images stay over the stale bitmaps they belong to; rows load new ones when their new
        // layout (a new node generation) arrives.
        engine.store.invalidateAll()
    }

    var imageLoadsStarted: Int { images?.requestsStarted ?? 0 }
}

/// The engine's filling, called without an existential: through `any RowFilling` every
/// pipeline method ran unspecialized (a generic conformance's witness table), and so did the
/// row store and image updates they call — the bulk of a frame's bookkeeping. A switch lets
/// release builds specialize the whole chain for the engine's source. Main thread.
@MainActor
enum EngineFilling<Source: ListDataSource> {
    case workers(WorkerPipeline<Source>)
    case naive(NaivePipeline<Source>)

    func commit(_ engine: ListEngine<Source>, time: Double) -> Bool {
        switch self {
        case .workers(let pipeline): pipeline.commit(engine, time: time)
        case .naive(let pipeline): pipeline.commit(engine, time: time)
        }
    }

    func schedule(_ engine: ListEngine<Source>, plan: RangePlan, input: RangePolicy.Input) {
        switch self {
        case .workers(let pipeline): pipeline.schedule(engine, plan: plan, input: input)
        case .naive(let pipeline): pipeline.schedule(engine, plan: plan, input: input)
        }
    }

    func resized(_ engine: ListEngine<Source>) {
        switch self {
        case .workers(let pipeline): pipeline.resized(engine)
        case .naive(let pipeline): pipeline.resized(engine)
        }
    }

    var imageLoadsStarted: Int {
        switch self {
        case .workers(let pipeline): pipeline.imageLoadsStarted
        case .naive(let pipeline): pipeline.imageLoadsStarted
        }
    }
}
