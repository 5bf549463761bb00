import Dispatch
import FlickCore
import FlickRaster

/// Turns each frame's `RangePlan` into worker jobs and applies their results once per frame.
///
/// Seed 000's async display with draw flags, seed 002's "优化四" (cancel draws for rows that
/// scrolled away) and "优化五" (draw the landing zone of a fling first):
/// - layout and raster run on the pool, one lane, ordered by urgency tier (on screen or
///   landing › display range › preload range › flown past during a fast fling), then by
///   predicted seconds until visible within a tier; queued work keeps its priority until its
///   row becomes more urgent, when it is cancelled and submitted again (re-sorting every job
///   every frame would cost more main-thread time than it saves);
/// - each row has a generation; a result from an older generation is dropped;
/// - queued work for rows that left every range is cancelled before it starts, and running
///   work checks cancellation between layout and raster;
/// - results land in a mailbox and are applied by `commit()` on the main thread once per
///   frame, so a frame never shows half an update; a reloaded row keeps its old bitmap until
///   the new one is ready.
/// Bitmaps are kept for the display range plus a bounded LRU beyond it.
@MainActor
final class DrawScheduler<Source: ListDataSource> {
    struct Configuration: Sendable {
        /// Bytes of bitmaps kept for rows outside the display range; default 48 MB: about 40
        /// full 375 pt cells at @2x, so scrolling back a few screens shows drawn rows at once
        /// while memory stays independent of the feed's length.
        var bitmapBudget = 48 * 1024 * 1024
        /// Rows whose layouts are kept beyond the preload range; default 400: layouts are a few
        /// KB each (~2 MB in all) and spare a re-layout when the user scrolls back.
        var layoutBudget = 400
        /// Whether workers draw skeletons for rows not wanting a full render yet; default true.
        /// Off, a display that shows no skeletons does not pay for drawing them.
        var skeletons = true
        /// The lane layout and raster run on.
        var lane = WorkerLane.userInteractive
    }

    /// Counters for tests and the benchmark.
    struct Counters: Sendable {
        var cancelled = 0
        var staleDropped = 0
        var layoutsApplied = 0
        var rendersApplied = 0
    }

    let source: Source
    let pool: QueuePool<Source.WorkerContext>
    let configuration: Configuration
    private(set) var rows: [Int: RowSlot<Source.Layout>] = [:]
    private(set) var counters = Counters()
    private let mailbox = LockedBox([WorkResult<Source.Layout>]())
    private var frame = 0
    /// What the last `update` planned for; an identical frame with nothing new committed
    /// has nothing to submit, cancel or evict, and is skipped.
    private var lastUpdate: (plan: RangePlan, width: Double, scale: DisplayScale)?
    /// Results committed, rows reloaded or reset since the last `update`.
    private var changedSinceUpdate = true

    init(source: Source, pool: QueuePool<Source.WorkerContext>, configuration: Configuration = Configuration()) {
        self.source = source
        self.pool = pool
        self.configuration = configuration
    }

    func slot(_ row: Int) -> RowSlot<Source.Layout>? { rows[row] }

    /// Applies every result that arrived since the last frame. Returns the exact heights that
    /// became known, for the height index.
    func commit() -> [(row: Int, height: Double)] {
        let results = mailbox.takeAll()
        if !results.isEmpty { changedSinceUpdate = true }
        var heights: [(Int, Double)] = []
        for result in results {
            switch result {
            case .layout(let row, let generation, let layout, let full, let skeleton):
                guard var slot = rows[row], slot.generation == generation else {
                    counters.staleDropped += 1
                    continue
                }
                slot.layoutWork = nil
                if let layout {
                    slot.layout = layout
                    heights.append((row, source.height(of: layout)))
                    counters.layoutsApplied += 1
                } else {
                    slot.failed = true
                }
                if let full {
                    slot.full = full
                    slot.fullIsStale = false
                    counters.rendersApplied += 1
                }
                if let skeleton { slot.skeleton = skeleton }
                rows[row] = slot
            case .render(let row, let generation, let full):
                guard var slot = rows[row], slot.generation == generation else {
                    counters.staleDropped += 1
                    continue
                }
                slot.renderWork = nil
                slot.full = full
                slot.fullIsStale = false
                counters.rendersApplied += 1
                rows[row] = slot
            }
        }
        return heights
    }

    /// Submits, re-prioritizes and cancels work for this frame's plan.
    ///
    /// - Parameter priority: seconds until a row is expected on screen (smaller first).
    func update(plan: RangePlan, width: Double, scale: DisplayScale, priority: (Int) -> Double) {
        if !changedSinceUpdate, let last = lastUpdate, last.plan == plan, last.width == width, last.scale == scale { return }
        lastUpdate = (plan, width, scale)
        changedSinceUpdate = false
        frame += 1
        for row in plan.wantedRows {
            let urgency = urgency(of: row, in: plan)
            var slot = rows[row] ?? RowSlot()
            slot.lastWanted = frame
            let wantsFull = plan.wantsFullRender(row) || (urgency == .idle)
            var seconds: Double { priority(row) + Double(urgency.rawValue) * 1_000 }
            // Work already queued at least this urgently (and asking for at least as much) stays;
            // otherwise it is cancelled and submitted again at the new priority.
            if slot.layout == nil, !slot.failed {
                let queued = slot.layoutWork.map { $0.urgency <= urgency && ($0.wantsFull || !wantsFull) } ?? false
                if !queued {
                    slot.layoutWork?.ticket.cancel()
                    let ticket = submitLayout(
                        row: row, generation: slot.generation, wantsFull: wantsFull, width: width, scale: scale, priority: seconds)
                    slot.layoutWork = (ticket, urgency, wantsFull)
                }
            } else if let layout = slot.layout, wantsFull, slot.full == nil || slot.fullIsStale {
                let queued = slot.renderWork.map { $0.urgency <= urgency } ?? false
                if !queued {
                    slot.renderWork?.ticket.cancel()
                    slot.renderWork = (submitRender(row: row, generation: slot.generation, layout: layout, priority: seconds), urgency)
                }
            }
            rows[row] = slot
        }
        cancelAndEvict { plan.wants($0) }
    }

    /// Marks rows for a new layout (content changed): a new generation, pending work
    /// cancelled, the old bitmap kept on screen until the new one is ready.
    func reload(_ reloaded: some Sequence<Int>) {
        changedSinceUpdate = true
        for row in reloaded {
            guard var slot = rows[row] else { continue }
            bumpGeneration(&slot)
            rows[row] = slot
        }
    }

    /// Every row needs a new layout (width or scale changed); old bitmaps stay until replaced.
    func invalidateAll() {
        changedSinceUpdate = true
        for row in Array(rows.keys) {
            bumpGeneration(&rows[row]!)
        }
    }

    /// Drops everything and cancels all work (data set replaced).
    func reset() {
        changedSinceUpdate = true
        for row in Array(rows.keys) { rows[row]?.cancelWork() }
        rows.removeAll()
    }

    var residentBitmapBytes: Int { rows.values.reduce(0) { $0 + $1.bitmapBytes } }

    // MARK: Private

    private func bumpGeneration(_ slot: inout RowSlot<Source.Layout>) {
        slot.cancelWork()
        slot.generation &+= 1
        slot.layout = nil
        slot.failed = false
        slot.skeleton = nil
        if slot.full != nil { slot.fullIsStale = true }
    }

    private func urgency(of row: Int, in plan: RangePlan) -> Urgency {
        if let landing = plan.landing, landing.contains(row) { return .now }
        if plan.visible.contains(row) { return plan.landing == nil ? .now : .idle }
        if plan.display.contains(row) { return .soon }
        return .later
    }

    private func submitLayout(row: Int, generation: UInt64, wantsFull: Bool, width: Double, scale: DisplayScale, priority: Double) -> WorkTicket {
        let source = self.source
        let mailbox = self.mailbox
        let drawsSkeleton = configuration.skeletons
        return pool.submit(configuration.lane, priority: priority, affinity: UInt64(row)) { session in
            let layout = source.layout(row: row, width: width, scale: scale, context: session.context)
            var full: Bitmap? = nil
            var skeleton: Bitmap? = nil
            // Between layout and raster: a row that left every range stops here.
            if let layout, !session.isCancelled {
                if wantsFull {
                    full = source.render(layout, context: session.context)
                } else if drawsSkeleton {
                    skeleton = source.renderSkeleton(layout, context: session.context)
                }
            }
            mailbox.withLock { $0.append(.layout(row: row, generation: generation, layout: layout, full: full, skeleton: skeleton)) }
        }
    }

    private func submitRender(row: Int, generation: UInt64, layout: Source.Layout, priority: Double) -> WorkTicket {
        let source = self.source
        let mailbox = self.mailbox
        return pool.submit(configuration.lane, priority: priority, affinity: UInt64(row)) { session in
            let full = source.render(layout, context: session.context)
            mailbox.withLock { $0.append(.render(row: row, generation: generation, full: full)) }
        }
    }

    /// Cancels work for unwanted rows; keeps bitmaps of the display range plus an LRU within
    /// the budget; keeps layouts of a bounded number of recent rows.
    private func cancelAndEvict(keeping wanted: (Int) -> Bool) {
        var outside: [(row: Int, lastWanted: Int, bytes: Int)] = []
        for (row, slot) in rows where !wanted(row) {
            if slot.layoutWork != nil || slot.renderWork != nil {
                counters.cancelled += 1
                rows[row]!.cancelWork()
            }
            outside.append((row, slot.lastWanted, slot.bitmapBytes))
        }
        outside.sort { $0.lastWanted > $1.lastWanted }
        var bytes = 0
        var released: [Bitmap] = []
        for (index, entry) in outside.enumerated() {
            bytes += entry.bytes
            guard index >= configuration.layoutBudget || bytes > configuration.bitmapBudget else { continue }
            if let full = rows[entry.row]?.full { released.append(full) }
            if let skeleton = rows[entry.row]?.skeleton { released.append(skeleton) }
            if index >= configuration.layoutBudget {
                rows[entry.row] = nil
            } else {
                rows[entry.row]!.full = nil
                rows[entry.row]!.skeleton = nil
            }
        }
        releaseInBackground(consume released)
    }

    /// Drops the last references to evicted bitmaps on a background queue: freeing megabytes
    /// can unmap memory (~0.1–0.3 ms each), which must not happen inside a frame (seed 002:
    /// release objects off the main thread).
    private func releaseInBackground(_ bitmaps: consuming [Bitmap]) {
        guard !bitmaps.isEmpty else { return }
        // `consume` leaves the box as the only owner, so the last release happens over there.
        let box = ReleaseBox(consume bitmaps)
        DispatchQueue.global(qos: .background).async { box.release() }
    }
}


/// Carries bitmaps to the queue that releases them; `Bitmap` is immutable and `Sendable`.
private final class ReleaseBox: Sendable {
    private let bitmaps: LockedBox<[Bitmap]>

    init(_ bitmaps: [Bitmap]) { self.bitmaps = LockedBox(bitmaps) }

    func release() { bitmaps.withLock { $0.removeAll() } }
}
