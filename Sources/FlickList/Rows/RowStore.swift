import Dispatch
import FlickCore
import FlickRaster

/// The home of every row the engine holds: one `RowNode` per item identity, the frame's map
/// from row indices to identities, and the draw scheduling that fills the nodes.
///
/// Seed 000's async display with draw flags, seed 002's "优化四" (cancel draws for rows that
/// scrolled away) and "优化五" (draw the landing zone of a fling first):
/// - layout and raster run on the pool, one lane, ordered by urgency tier (on screen or
///   landing › display range › preload range › flown past during a fast fling), then by
///   predicted seconds until visible within a tier; queued work keeps its priority until its
///   row becomes more urgent, when it is cancelled and submitted again;
/// - each node has a generation; a result from an older generation is dropped;
/// - a row whose item is not in memory yet (a store page still loading) is *fetched*: a worker
///   loads the item by index and lays it out; the result is kept only if the list's structure
///   did not change meanwhile (`structure`), since indices move with inserts and deletes;
/// - queued work for rows that left every range is cancelled before it starts, and running
///   work checks cancellation between layout and raster;
/// - results land in a mailbox and are applied by `commit()` on the main thread once per
///   frame, so a frame never shows half an update; a row whose version changed keeps its old
///   bitmap until the new one is ready.
/// Bitmaps are kept for the display range plus a bounded LRU beyond it.
@MainActor
final class RowStore<Source: ListDataSource> {
    typealias ID = Source.Item.ID

    struct Configuration: Sendable {
        /// Bytes of bitmaps kept for rows outside every range (the preload range keeps its own
        /// rows' bitmaps whatever this says); default 12 MB: three 375×667 pt screens at @2x
        /// (4 MB each) beyond the 1.5 screens the preload range keeps behind the reader, so
        /// scrolling back four screens shows drawn rows at once, and a row further back is
        /// redrawn from its kept layout (`layoutBudget`) in a few milliseconds on a worker,
        /// its layout skeleton shown meanwhile. 48 MB before: twelve screens, a third of the
        /// process's peak at 10k posts for a scroll-back few readers make.
        var bitmapBudget = 12 * 1024 * 1024
        /// Rows whose layouts are kept beyond the preload range; default 400: layouts are a few
        /// KB each (~2 MB in all) and spare a re-layout when the user scrolls back.
        var layoutBudget = 400
        /// Whether workers draw skeletons for rows not wanting a full render yet; default true.
        /// Off, a display that shows no skeletons does not pay for drawing them.
        var skeletons = true
        /// The lane layout and raster run on.
        var lane = WorkerLane.userInteractive
        /// Rows off screen that start work in one update; default 8. After a jump every row of
        /// the new ranges is new (about 40 at 375×667 pt): starting them all took ~0.1–0.2 ms
        /// of the jump's frame, the worst frames of a run. Rows on screen and landing always
        /// start at once; the rest follow, nearest first, over the next few frames, while the
        /// workers are still busy with the rows on screen.
        var newRowsPerUpdate = 8
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
    /// Every node held, by identity.
    var nodes: [ID: RowNode<Source>] = [:]
    /// The rows some range wanted at the last update, by index, and the inverse; kept true to
    /// the list's structure between updates (`structureChanged`).
    private(set) var rowIDs: [Int: ID] = [:]
    private(set) var rowOf: [ID: Int] = [:]
    /// Rows being fetched (item not in memory when wanted), with their job.
    var fetches: [Int: (ticket: WorkTicket, urgency: Urgency, wantsFull: Bool)] = [:]
    /// Bumped whenever rows are inserted, deleted or moved: fetches by index made before are void.
    private(set) var structure: UInt64 = 0
    private(set) var counters = Counters()
    let mailbox = Mailbox<WorkResult<Source>>()
    /// Updates so far; a node some range wants was stamped with the current one (`lastWanted`).
    private(set) var frame = 0
    var leftSinceEviction = 0
    /// The last update found the budgets passed: an eviction pass runs at `idle()` or, failing
    /// that, at the start of the next update.
    var evictionDue = false
    /// What the last `update` planned for; an identical frame with nothing new committed
    /// has nothing to submit, cancel or evict, and is skipped.
    private var lastUpdate: (plan: RangePlan, pinned: Int?, width: Double, scale: DisplayScale)?
    /// Results committed, rows changed or reset since the last `update`.
    private var changedSinceUpdate = true
    /// The item held down, with the press's number and its render job.
    var press: (id: ID, number: UInt64, ticket: WorkTicket)?
    var pressCount: UInt64 = 0
    /// Rows that met a node already laid out (moved, reinserted, back in range): their height
    /// goes to the height index at the next commit.
    private var adopted: [(id: ID, height: Double)] = []
    /// Rows whose fetch found no item (a failed read): not fetched again until the structure
    /// changes or the list is reset, so a broken row costs one job, not one per frame.
    var failedFetches = Set<Int>()

    init(source: Source, pool: QueuePool<Source.WorkerContext>, configuration: Configuration = Configuration()) {
        self.source = source
        self.pool = pool
        self.configuration = configuration
    }

    /// The node showing `row`, if the row was wanted at the last update.
    func node(atRow row: Int) -> RowNode<Source>? { rowIDs[row].flatMap { nodes[$0] } }

    /// Applies every result that arrived since the last frame. Returns the exact heights that
    /// became known, by row, for the height index.
    func commit() -> [(row: Int, height: Double)] {
        let results = mailbox.takeAll()
        if !results.isEmpty { changedSinceUpdate = true }
        var heights: [(row: Int, height: Double)] = adopted.compactMap { entry in rowOf[entry.id].map { ($0, entry.height) } }
        adopted.removeAll()
        for result in results {
            switch result {
            case .layout(let id, let generation, let layout, let full, let skeleton):
                guard let node = nodes[id], node.generation == generation else {
                    counters.staleDropped += 1
                    continue
                }
                node.layoutWork = nil
                apply(layout: layout, full: full, skeleton: skeleton, to: node)
                if let layout, let row = rowOf[id] { heights.append((row, source.height(of: layout))) }
                if rowOf[id] == nil, node.bitmapBytes > 0 { leftSinceEviction += 1 }  // bitmaps beyond the ranges
            case .render(let id, let generation, let full):
                guard let node = nodes[id], node.generation == generation else {
                    counters.staleDropped += 1
                    continue
                }
                node.renderWork = nil
                node.full = full
                node.fullIsStale = false
                node.skeleton = nil  // never shown under a full bitmap (see `apply`)
                counters.rendersApplied += 1
                if rowOf[id] == nil { leftSinceEviction += 1 }  // a bitmap beyond the ranges
            case .pressed(let id, let number, let appearance):
                guard let press, press.id == id, press.number == number else { continue }
                nodes[id]?.pressed = appearance
            case .fetched(let row, let structure, let item, let layout, let full, let skeleton):
                guard structure == self.structure else {
                    counters.staleDropped += 1
                    continue
                }
                fetches[row] = nil
                guard let item else {
                    failedFetches.insert(row)
                    continue
                }
                let node = nodes[item.id] ?? RowNode(version: item.version)
                if node.version != item.version { node.startOver(version: item.version) }
                if node.layout == nil {
                    node.cancelWork()
                    apply(layout: layout, full: full, skeleton: skeleton, to: node)
                } else {
                    // The node kept its layout but not its bitmaps (evicted): take the fetch's.
                    if let full, node.full == nil || node.fullIsStale {
                        node.renderWork?.ticket.cancel()
                        node.renderWork = nil
                        node.full = full
                        node.fullIsStale = false
                        counters.rendersApplied += 1
                    }
                    if let skeleton, node.skeleton == nil, node.full == nil { node.skeleton = skeleton }
                    if node.full != nil { node.skeleton = nil }
                }
                nodes[item.id] = node
                map(row: row, to: item.id)
                if let layout = node.layout { heights.append((row, source.height(of: layout))) }
            }
        }
        return heights
    }

    private func apply(layout: Source.Layout?, full: Bitmap?, skeleton: Bitmap?, to node: RowNode<Source>) {
        if let layout {
            node.layout = layout
            counters.layoutsApplied += 1
        } else {
            node.failed = true
        }
        if let full {
            node.full = full
            node.fullIsStale = false
            counters.rendersApplied += 1
        }
        // A row's full bitmap (current or stale) is always shown before its skeleton, and
        // eviction drops both at once: a skeleton kept beside it is memory never shown (for a
        // row that came through the preload range, as many bytes again as its full bitmap).
        if let skeleton, node.full == nil { node.skeleton = skeleton }
        if node.full != nil { node.skeleton = nil }
    }

    /// Submits, re-prioritizes and cancels work for this frame's plan.
    ///
    /// - Parameter priority: seconds until a row is expected on screen (smaller first).
    /// - Parameter pinned: a row outside the plan kept laid out and drawn (the sticky section
    ///   header of the rows on screen).
    /// - Returns: whether anything was looked at: false when the plan, the rows and the results
    ///   are those of the last update (nothing to submit, cancel or evict), so what follows the
    ///   rows (their images) has nothing new either.
    @discardableResult
    func update(plan: RangePlan, pinned: Int? = nil, width: Double, scale: DisplayScale, priority: (Int) -> Double) -> Bool {
        // An eviction the last frame asked for and no idle time ran (a display that does not
        // call `idle()`): it runs now, one frame late, before this frame's rows are stamped.
        if evictionDue { evict() }
        if !changedSinceUpdate, let last = lastUpdate, last.plan == plan, last.pinned == pinned, last.width == width,
            last.scale == scale
        { return false }
        lastUpdate = (plan, pinned, width, scale)
        changedSinceUpdate = false
        frame += 1
        var newIDs: [Int: ID] = [:]
        var newRowOf: [ID: Int] = [:]
        newIDs.reserveCapacity(rowIDs.count)
        var rows = Self.wantedInOrder(plan)
        if let pinned, !plan.wants(pinned) { rows.insert(pinned, at: 0) }
        var startedRows = 0
        var deferred = false
        for row in rows {
            let isPinned = row == pinned
            let urgency = isPinned ? .now : Self.urgency(of: row, in: plan)
            // A row no range held before starts its work here; past `newRowsPerUpdate` of them
            // (rows on screen, landing or pinned excepted) the rest wait for the next frame.
            let startsAtOnce = isPinned || plan.visible.contains(row) || (plan.landing?.contains(row) ?? false)
            if !startsAtOnce, rowIDs[row] == nil, fetches[row] == nil, !failedFetches.contains(row) {
                guard startedRows < configuration.newRowsPerUpdate else {
                    deferred = true
                    continue
                }
                startedRows += 1
            }
            let wantsFull = isPinned || plan.wantsFullRender(row) || (urgency == .flownPast)
            var seconds: Double { priority(row) + Double(urgency.rawValue) * 1_000 }
            guard let item = source.item(at: row) else {
                // Fetched already (its item is not in the source's memory, but the fetch's is).
                if let id = rowIDs[row], let node = nodes[id], node.layout != nil, newRowOf[id] == nil {
                    newIDs[row] = id
                    newRowOf[id] = row
                    node.lastWanted = frame
                    continue
                }
                fetch(row: row, urgency: urgency, wantsFull: wantsFull, width: width, scale: scale, priority: seconds)
                continue
            }
            if let fetch = fetches.removeValue(forKey: row) { fetch.ticket.cancel() }
            let id = item.id
            guard newRowOf[id] == nil else { continue }  // a duplicate identity shows once
            newIDs[row] = id
            newRowOf[id] = row
            let node: RowNode<Source>
            if let held = nodes[id] {
                node = held
            } else {
                node = RowNode(version: item.version)
                nodes[id] = node
            }
            if node.version != item.version { node.startOver(version: item.version) }
            if let layout = node.layout, rowOf[id] != row { adopted.append((id, source.height(of: layout))) }
            node.lastWanted = frame
            // Work already queued at least this urgently (and asking for at least as much) stays;
            // otherwise it is cancelled and submitted again at the new priority.
            if node.layout == nil, !node.failed {
                let queued = node.layoutWork.map { $0.urgency <= urgency && ($0.wantsFull || !wantsFull) } ?? false
                if !queued {
                    node.layoutWork?.ticket.cancel()
                    let ticket = submitLayout(
                        item: item, generation: node.generation, wantsFull: wantsFull, width: width, scale: scale, priority: seconds)
                    node.layoutWork = (ticket, urgency, wantsFull)
                }
            } else if let layout = node.layout, wantsFull, node.full == nil || node.fullIsStale {
                let queued = node.renderWork.map { $0.urgency <= urgency } ?? false
                if !queued {
                    node.renderWork?.ticket.cancel()
                    node.renderWork = (submitRender(id: id, generation: node.generation, layout: layout, priority: seconds), urgency)
                }
            }
        }
        // Rows that left every range: their queued work is cancelled before it starts.
        for (id, _) in rowOf where newRowOf[id] == nil {
            guard let node = nodes[id] else { continue }
            // Only rows leaving with bitmaps bring the bitmap budget closer.
            if node.bitmapBytes > 0 { leftSinceEviction += 1 }
            guard node.layoutWork != nil || node.renderWork != nil else { continue }
            counters.cancelled += 1
            node.cancelWork()
        }
        rowIDs = newIDs
        rowOf = newRowOf
        for (row, fetch) in fetches where !plan.wants(row) && row != pinned {
            fetch.ticket.cancel()
            fetches[row] = nil
            counters.cancelled += 1
        }
        // Only rows that left the ranges count against the budgets: a pass is due once a few
        // with bitmaps have left (at once after a jump), or once the nodes beyond the ranges
        // exceed the layout budget by a slack — not every frame of a steady scroll, nor every
        // frame of a scroll to the top, whose rows fly past without bitmaps. It runs in the
        // idle time after the frame (`idle()`), or at the next update.
        if nodes.count > configuration.layoutBudget + rowOf.count + Self.layoutSlack || leftSinceEviction >= Self.evictionBatch {
            evictionDue = true
        }
        // Rows left for later make the next update run even if nothing else changes.
        if deferred { changedSinceUpdate = true }
        return true
    }

    /// Rows were inserted, deleted or moved: the frame's map follows the rows to their new
    /// indices, and fetches by index made before are void.
    func structureChanged(_ changes: ListChanges) {
        changedSinceUpdate = true
        failedFetches.removeAll()
        structure &+= 1
        for fetch in fetches.values { fetch.ticket.cancel() }
        fetches.removeAll()
        var newIDs: [Int: ID] = [:]
        var newRowOf: [ID: Int] = [:]
        for (row, id) in rowIDs {
            guard let moved = changes.newIndex(ofOld: row) else { continue }
            newIDs[moved] = id
            newRowOf[id] = moved
        }
        rowIDs = newIDs
        rowOf = newRowOf
    }

    /// The source's order changed (it already shows the new rows): fetches by index queued
    /// before are void, and their results will be dropped.
    func invalidateFetches() {
        changedSinceUpdate = true
        failedFetches.removeAll()
        structure &+= 1
        for fetch in fetches.values { fetch.ticket.cancel() }
        fetches.removeAll()
    }

    /// Items whose content must be laid out and drawn again (a reload without a new version);
    /// old bitmaps stay until replaced.
    func reload(_ ids: some Sequence<ID>) {
        changedSinceUpdate = true
        for id in ids {
            if let node = nodes[id] { node.startOver(version: node.version) }
        }
    }

    /// Every row needs a new layout (width or scale changed); old bitmaps stay until replaced.
    func invalidateAll() {
        reload(Array(nodes.keys))
        invalidateFetches()  // a fetch in flight lays out for the old width
    }

    /// Drops everything and cancels all work (data set replaced).
    func reset() {
        changedSinceUpdate = true
        endPress()
        for id in Array(nodes.keys) { nodes[id]?.cancelAll() }
        for fetch in fetches.values { fetch.ticket.cancel() }
        fetches.removeAll()
        nodes.removeAll()
        rowIDs.removeAll()
        rowOf.removeAll()
        adopted.removeAll()
        failedFetches.removeAll()
    }

    // MARK: The naive baseline (rows drawn on the main thread, cell reuse)

    /// Shows item `id`'s node at `row` this frame.
    func show(row: Int, id: ID) { map(row: row, to: id) }

    /// Forgets every node but those shown at `rows`: a row leaving the screen loses its drawing.
    func keepOnly(rows: Range<Int>) {
        let kept = Set(rows.compactMap { rowIDs[$0] })
        nodes = nodes.filter { kept.contains($0.key) }
        rowIDs = rowIDs.filter { rows.contains($0.key) && kept.contains($0.value) }
        rowOf = rowOf.filter { kept.contains($0.key) }
    }

    var residentBitmapBytes: Int { nodes.values.reduce(0) { $0 + $1.bitmapBytes } }

    // MARK: Private

    private func map(row: Int, to id: ID) {
        if let old = rowIDs[row], old != id { rowOf[old] = nil }
        if let oldRow = rowOf[id], oldRow != row { rowIDs[oldRow] = nil }
        rowIDs[row] = id
        rowOf[id] = row
    }
}
