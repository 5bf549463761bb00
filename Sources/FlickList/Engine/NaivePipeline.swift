import FlickCore
import FlickImage
import FlickRaster

/// The baseline the seeds start from, kept to be measured against: every row that comes on
/// screen is loaded, laid out and rasterized — its images fetched, decoded and processed —
/// synchronously on the main thread before the frame can be shown, and rows leaving the screen
/// lose their drawing (UITableView's cell reuse). Nothing is read, laid out or drawn ahead.
/// Its drawings are `RowNode`s in the engine's `RowStore`, like Flick's. Main thread.
@MainActor
final class NaivePipeline<Source: ListDataSource>: RowFilling {
    /// The main thread's own worker context (its font map).
    let context: Source.WorkerContext

    init(context: Source.WorkerContext) { self.context = context }

    func commit(_ engine: ListEngine<Source>, time: Double) -> Bool {
        let top = engine.physics.contentOffset
        var visible = engine.heights.rows(from: top, to: top + engine.viewport.height)
        var measured = false
        // New heights move rows; repeat until the visible set is stable (it grows at most a
        // few times as estimates become exact).
        for _ in 0..<4 {
            var exact: [(row: Int, height: Double)] = []
            for row in visible {
                if let height = draw(row: row, engine) { exact.append((row, height)) }
            }
            if !exact.isEmpty {
                measured = true
                engine.keepingAnchor(time: time) { index in
                    for (row, height) in exact { index.setExactHeight(height, forRow: row) }
                }
            }
            let offset = engine.physics.contentOffset
            let now = engine.heights.rows(from: offset, to: offset + engine.viewport.height)
            if now == visible { break }
            visible = now
        }
        engine.store.keepOnly(rows: visible)
        return measured
    }

    func schedule(_ engine: ListEngine<Source>, plan: RangePlan, input: RangePolicy.Input) {}

    func resized(_ engine: ListEngine<Source>) { engine.store.reset() }

    var imageLoadsStarted: Int { 0 }

    /// Shows `row`, drawing it here if it has no current drawing; returns its height when it
    /// was laid out now.
    private func draw(row: Int, _ engine: ListEngine<Source>) -> Double? {
        let source = engine.source
        guard let item = source.item(at: row) ?? source.loadItem(at: row) else { return nil }
        if let node = engine.store.nodes[item.id], node.version == item.version, node.full != nil, !node.fullIsStale {
            engine.store.show(row: row, id: item.id)
            return nil
        }
        guard let layout = source.layout(item, width: engine.width, scale: engine.scale, context: context) else { return nil }
        let node = RowNode<Source>(version: item.version)
        node.layout = layout
        node.full = source.render(layout, context: context)
        node.images = loadImagesNow(of: layout, engine)
        engine.store.nodes[item.id] = node
        engine.store.show(row: row, id: item.id)
        return source.height(of: layout)
    }

    /// The naive way to show a row's images: fetch, decode and process each one right here,
    /// no cache (a failed one shows the error tile, made here too).
    private func loadImagesNow(of layout: Source.Layout, _ engine: ListEngine<Source>) -> RowImageSet? {
        guard let pipeline = engine.imagePipeline else { return nil }
        let slots = engine.source.imageRequests(of: layout).map { request in
            let imageRequest = request.imageRequest(scale: engine.scale)
            let layer = request.layer(for: pipeline.loadSynchronously(imageRequest), scale: engine.scale, isOpaque: false)
            return RowImageSet.Slot(imageRequest: imageRequest, ticket: nil, layer: layer)
        }
        return RowImageSet(layoutGeneration: 0, generation: 0, priority: .visible, slots: slots)
    }
}
