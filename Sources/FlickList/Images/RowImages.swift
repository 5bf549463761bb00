import FlickCore
import FlickImage
import FlickRaster

/// The list engine's side of the image pipeline: which rows load images, how urgently, and
/// what each visible row shows over its cell. Main thread.
///
/// Rows in the visible, display and preload ranges load their images at priorities visible ›
/// display › preload. During a fast fling or scroll-to-top only the landing zone starts loads:
/// rows merely flown past start none (seed 004 §3), and their requests begin when the scroll
/// slows. A row that leaves every range has its requests cancelled (the download too when no
/// one else waits). Finished images arrive from workers into an inbox and are applied at the
/// next frame's commit, like cell bitmaps. A failed image shows an error tile.
@MainActor
final class RowImages {
    struct Slot {
        let imageRequest: ImageRequest
        var ticket: ImageTicket?
        var layer: RowImageLayer?
    }

    struct RowState {
        /// The draw scheduler's generation of the layout the requests came from: while it is
        /// the same, so are the requests, and nothing is rebuilt or compared per frame.
        let layoutGeneration: UInt64
        /// Matches arrivals to this set of loads.
        let generation: UInt64
        /// The most urgent priority the row's loads were asked at.
        var priority: ImagePriority
        var slots: [Slot]
    }

    /// A laid-out row as the scheduler holds it: its layout generation and, built only when
    /// needed, its image requests.
    struct LaidOutRow {
        let generation: UInt64
        let requests: () -> [RowImageRequest]
    }

    struct Arrival: Sendable {
        let row: Int
        let generation: UInt64
        let index: Int
        let layer: RowImageLayer
    }

    let pipeline: ImagePipeline
    let scale: DisplayScale
    /// Apply the fling rule (`false` loads images for every row in range, for the ablation).
    let defersDuringFling: Bool
    private(set) var rows: [Int: RowState] = [:]
    private let inbox = LockedBox<[Arrival]>([])
    private var nextGeneration: UInt64 = 0
    private(set) var requestsStarted = 0

    init(pipeline: ImagePipeline, scale: DisplayScale, defersDuringFling: Bool) {
        self.pipeline = pipeline
        self.scale = scale
        self.defersDuringFling = defersDuringFling
    }

    /// Applies images finished since the last frame (drained from the workers' inbox).
    func commit() {
        for arrival in inbox.takeAll() {
            guard var state = rows[arrival.row], state.generation == arrival.generation, arrival.index < state.slots.count else { continue }
            state.slots[arrival.index].layer = arrival.layer
            state.slots[arrival.index].ticket = nil
            rows[arrival.row] = state
        }
    }

    /// Starts, keeps or cancels loads for this frame's plan. `laidOut(row)` is nil while the row
    /// has no layout.
    func update(plan: RangePlan, laidOut: (Int) -> LaidOutRow?) {
        // Rows no range wants any more: cancel what is loading; drawn images stay only for
        // rows still in preload (a deferred row keeps what it had).
        for row in rows.keys where !(plan.preload.contains(row) || plan.visible.contains(row) || plan.landing?.contains(row) == true) {
            forget(row: row)
        }
        // Most urgent first, then top to bottom; a row in several ranges takes the most urgent.
        let deferring = defersDuringFling && (plan.mode == .fastFling || plan.mode == .scrollToTop)
        if deferring {
            for row in plan.landing ?? plan.display { want(row, at: .visible, laidOut: laidOut) }
        } else {
            for row in plan.visible { want(row, at: .visible, laidOut: laidOut) }
            for row in plan.display where !plan.visible.contains(row) { want(row, at: .display, laidOut: laidOut) }
            for row in plan.preload where !plan.display.contains(row) && !plan.visible.contains(row) {
                want(row, at: .preload, laidOut: laidOut)
            }
        }
    }

    /// Keeps `row`'s loads (raising them to `priority` if that is more urgent) or, when it has
    /// none for its current layout, starts them.
    private func want(_ row: Int, at priority: ImagePriority, laidOut: (Int) -> LaidOutRow?) {
        guard let layout = laidOut(row) else { return }
        if let state = rows[row], state.layoutGeneration == layout.generation {
            // Loading or loaded: a row that became more urgent moves its waiting work up.
            if priority < state.priority {
                for slot in state.slots where slot.layer == nil { pipeline.raisePriority(of: slot.imageRequest, to: priority) }
                rows[row]?.priority = priority
            }
            return
        }
        rows[row].map { old in for slot in old.slots { slot.ticket?.cancel() } }
        start(row: row, layoutGeneration: layout.generation, requests: layout.requests(), priority: priority)
    }

    /// What `row` shows over its cell now.
    func layers(ofRow row: Int) -> [RowImageLayer] {
        rows[row]?.slots.compactMap(\.layer) ?? []
    }

    /// Image slots of `rows` still waiting.
    func pendingCount(in visible: Range<Int>) -> Int {
        visible.reduce(0) { $0 + (rows[$1]?.slots.count(where: { $0.layer == nil }) ?? 0) }
    }

    /// Forgets everything (the engine stops).
    func removeAll() {
        for state in rows.values { for slot in state.slots { slot.ticket?.cancel() } }
        rows.removeAll()
    }

    /// Cancels the row's loads and drops its images.
    private func forget(row: Int) {
        rows[row].map { for slot in $0.slots { slot.ticket?.cancel() } }
        rows[row] = nil
    }

    private func start(row: Int, layoutGeneration: UInt64, requests: [RowImageRequest], priority: ImagePriority) {
        nextGeneration += 1
        let generation = nextGeneration
        var state = RowState(layoutGeneration: layoutGeneration, generation: generation, priority: priority, slots: [])
        for (index, request) in requests.enumerated() {
            let imageRequest = request.imageRequest(scale: scale)
            let scale = scale
            let inbox = inbox
            requestsStarted += 1
            // Runs on a worker: the error tile is drawn there; the opacity comes with the image
            // (found once by the pipeline, no scan here).
            let load = pipeline.load(imageRequest, priority: priority) { result in
                let layer = request.layer(for: result.map(\.bitmap), scale: scale, isOpaque: (try? result.get())?.isOpaque ?? true)
                inbox.withLock { $0.append(Arrival(row: row, generation: generation, index: index, layer: layer)) }
            }
            switch load {
            case .ready(let bitmap, let isOpaque):
                state.slots.append(
                    Slot(imageRequest: imageRequest, ticket: nil, layer: request.layer(for: .success(bitmap), scale: scale, isOpaque: isOpaque)))
            case .pending(let ticket):
                state.slots.append(Slot(imageRequest: imageRequest, ticket: ticket, layer: nil))
            }
        }
        rows[row] = state
    }
}
