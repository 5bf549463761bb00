import FlickCore
import FlickImage
import FlickRaster

/// The list engine's side of the image pipeline: which rows load images, how urgently, and
/// what arrived. It keeps no rows of its own: each row's images live in its `RowNode`
/// (`RowImageSet`). Main thread.
///
/// Rows in the visible, display and preload ranges load their images at priorities visible ›
/// display › preload. During a fast fling or scroll-to-top only the landing zone starts loads:
/// rows merely flown past start none (seed 004 §3), and their requests begin when the scroll
/// slows. A row that leaves every range has its requests cancelled (the download too when no
/// one else waits). Finished images arrive from workers into an inbox and are applied at the
/// next frame's commit, like cell bitmaps. A failed image shows an error tile.
@MainActor
final class RowImages<Source: ListDataSource> {
    typealias ID = Source.Item.ID

    struct Arrival: Sendable {
        let id: ID
        let generation: UInt64
        let index: Int
        let layer: RowImageLayer
    }

    let pipeline: ImagePipeline
    let scale: DisplayScale
    /// Apply the fling rule (`false` loads images for every row in range, for the ablation).
    let defersDuringFling: Bool
    private let inbox = Mailbox<Arrival>()
    /// Items whose nodes hold images (so a frame walks these, not every node).
    private var withImages = Set<ID>()
    private var nextGeneration: UInt64 = 0
    private(set) var requestsStarted = 0

    init(pipeline: ImagePipeline, scale: DisplayScale, defersDuringFling: Bool) {
        self.pipeline = pipeline
        self.scale = scale
        self.defersDuringFling = defersDuringFling
    }

    /// Applies images finished since the last frame to their rows.
    func commit(into nodes: inout [ID: RowNode<Source>]) {
        for arrival in inbox.takeAll() {
            guard var set = nodes[arrival.id]?.images, set.generation == arrival.generation,
                arrival.index < set.slots.count
            else { continue }
            set.slots[arrival.index].layer = arrival.layer
            set.slots[arrival.index].ticket = nil
            nodes[arrival.id]?.images = set
        }
    }

    /// Starts, keeps or cancels loads for this frame's plan; `rowIDs` maps the plan's rows to
    /// their items.
    func update(plan: RangePlan, rowIDs: [Int: ID], nodes: inout [ID: RowNode<Source>], source: Source) {
        // Rows no range wants any more: cancel what is loading; drawn images stay only for
        // rows still in preload (a deferred row keeps what it had).
        var keep = Set<ID>()
        for row in plan.preload { if let id = rowIDs[row] { keep.insert(id) } }
        for row in plan.visible { if let id = rowIDs[row] { keep.insert(id) } }
        for row in plan.landing ?? 0..<0 { if let id = rowIDs[row] { keep.insert(id) } }
        for id in withImages where !keep.contains(id) {
            nodes[id]?.images?.cancel()
            nodes[id]?.images = nil
            withImages.remove(id)
        }
        // Most urgent first, then top to bottom; a row in several ranges takes the most urgent.
        func wantRow(_ row: Int, _ priority: ImagePriority) {
            guard let id = rowIDs[row] else { return }
            want(id, at: priority, nodes: &nodes, source: source)
        }
        let deferring = defersDuringFling && (plan.mode == .fastFling || plan.mode == .scrollToTop)
        if deferring {
            for row in plan.landing ?? plan.display { wantRow(row, .visible) }
        } else {
            for row in plan.visible { wantRow(row, .visible) }
            for row in plan.display where !plan.visible.contains(row) { wantRow(row, .display) }
            for row in plan.preload where !plan.display.contains(row) && !plan.visible.contains(row) {
                wantRow(row, .preload)
            }
        }
    }

    /// Keeps the row's loads (raising them to `priority` if that is more urgent) or, when it
    /// has none for its current layout, starts them.
    private func want(_ id: ID, at priority: ImagePriority, nodes: inout [ID: RowNode<Source>], source: Source) {
        guard let node = nodes[id], let layout = node.layout else { return }
        if var set = node.images, set.layoutGeneration == node.generation {
            // Loading or loaded: a row that became more urgent moves its waiting work up.
            if priority < set.priority {
                for slot in set.slots where slot.layer == nil { pipeline.raisePriority(of: slot.imageRequest, to: priority) }
                set.priority = priority
                nodes[id]?.images = set
            }
            return
        }
        node.images?.cancel()
        nodes[id]?.images = start(id: id, layoutGeneration: node.generation, requests: source.imageRequests(of: layout), priority: priority)
        withImages.insert(id)
    }

    private func start(id: ID, layoutGeneration: UInt64, requests: [RowImageRequest], priority: ImagePriority) -> RowImageSet {
        nextGeneration += 1
        let generation = nextGeneration
        var set = RowImageSet(layoutGeneration: layoutGeneration, generation: generation, priority: priority, slots: [])
        for (index, request) in requests.enumerated() {
            let imageRequest = request.imageRequest(scale: scale)
            let scale = scale
            let inbox = inbox
            requestsStarted += 1
            // Runs on a worker: the error tile is drawn there; the opacity comes with the image
            // (found once by the pipeline, no scan here).
            let load = pipeline.load(imageRequest, priority: priority) { result in
                let layer = request.layer(for: result.map(\.bitmap), scale: scale, isOpaque: (try? result.get())?.isOpaque ?? true)
                inbox.post(Arrival(id: id, generation: generation, index: index, layer: layer))
            }
            switch load {
            case .ready(let bitmap, let isOpaque):
                set.slots.append(
                    RowImageSet.Slot(
                        imageRequest: imageRequest, ticket: nil, layer: request.layer(for: .success(bitmap), scale: scale, isOpaque: isOpaque)))
            case .pending(let ticket):
                set.slots.append(RowImageSet.Slot(imageRequest: imageRequest, ticket: ticket, layer: nil))
            }
        }
        return set
    }
}
