import Dispatch
import FlickCore
import FlickRaster

/// Worker jobs: layouts of captured items, rasters of kept layouts, fetches of rows whose item
/// is not in memory. Each job posts its result to the store's one mailbox. Main thread submits.
extension RowStore {
    func fetch(row: Int, urgency: Urgency, wantsFull: Bool, width: Double, scale: DisplayScale, priority: Double) {
        guard !failedFetches.contains(row) else { return }
        if let queued = fetches[row], queued.urgency <= urgency, queued.wantsFull || !wantsFull { return }
        fetches[row]?.ticket.cancel()
        let source = self.source
        let mailbox = self.mailbox
        let drawsSkeleton = configuration.skeletons
        let structure = structure
        let ticket = pool.submit(configuration.lane, priority: priority, affinity: UInt64(row)) { session in
            let item = source.loadItem(at: row)
            let layout = item.flatMap { source.layout($0, width: width, scale: scale, context: session.context) }
            let (full, skeleton) = Self.draw(layout, wantsFull: wantsFull, skeleton: drawsSkeleton, session: session, source: source)
            mailbox.post(.fetched(row: row, structure: structure, item: item, layout: layout, full: full, skeleton: skeleton))
        }
        fetches[row] = (ticket, urgency, wantsFull)
    }

    func submitLayout(
        item: Source.Item, generation: UInt64, wantsFull: Bool, width: Double, scale: DisplayScale, priority: Double
    ) -> WorkTicket {
        let source = self.source
        let mailbox = self.mailbox
        let drawsSkeleton = configuration.skeletons
        return pool.submit(configuration.lane, priority: priority, affinity: Self.affinity(item.id)) { session in
            let layout = source.layout(item, width: width, scale: scale, context: session.context)
            let (full, skeleton) = Self.draw(layout, wantsFull: wantsFull, skeleton: drawsSkeleton, session: session, source: source)
            mailbox.post(.layout(id: item.id, generation: generation, layout: layout, full: full, skeleton: skeleton))
        }
    }

    /// The bitmap a layout job draws after its layout: the full cell or a skeleton. Between
    /// layout and raster, a row that left every range stops here. Worker.
    nonisolated static func draw(
        _ layout: Source.Layout?, wantsFull: Bool, skeleton: Bool, session: WorkerSession<Source.WorkerContext>, source: Source
    ) -> (full: Bitmap?, skeleton: Bitmap?) {
        guard let layout, !session.isCancelled else { return (nil, nil) }
        if wantsFull { return (source.render(layout, context: session.context), nil) }
        return (nil, skeleton ? source.renderSkeleton(layout, context: session.context) : nil)
    }

    func submitRender(id: ID, generation: UInt64, layout: Source.Layout, priority: Double) -> WorkTicket {
        let source = self.source
        let mailbox = self.mailbox
        return pool.submit(configuration.lane, priority: priority, affinity: Self.affinity(id)) { session in
            let full = source.render(layout, context: session.context)
            mailbox.post(.render(id: id, generation: generation, full: full))
        }
    }

    /// Spreads an item's work over the pool's queues by its identity.
    nonisolated static func affinity(_ id: ID) -> UInt64 { UInt64(bitPattern: Int64(id.hashValue)) }
}
