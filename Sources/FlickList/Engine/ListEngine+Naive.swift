import FlickCore
import FlickImage
import FlickRaster

extension ListEngine {
    /// The naive baseline's frame work: every visible row without a drawing is loaded, laid out
    /// and rasterized right here, on the main thread, before the frame can be shown, and rows
    /// leaving the screen lose their drawing (UITableView's cell reuse). Its rows live in the
    /// same row store as Flick's; only who fills them differs.
    func drawVisibleRowsOnTheMainThread(time: Double) {
        guard let context = naiveContext else { return }
        let top = physics.contentOffset
        var visible = heights.rows(from: top, to: top + viewport.height)
        // New heights move rows; repeat until the visible set is stable (it grows at most a
        // few times as estimates become exact).
        for _ in 0..<4 {
            var exact: [(row: Int, height: Double)] = []
            for row in visible {
                guard let item = source.item(at: row) ?? source.loadItem(at: row) else { continue }
                if let node = store.nodes[item.id], node.version == item.version, node.full != nil {
                    store.show(row: row, id: item.id)
                    continue
                }
                guard let layout = source.layout(item, width: width, scale: scale, context: context) else { continue }
                var node = RowNode<Source>(version: item.version)
                node.layout = layout
                node.full = source.render(layout, context: context)
                node.images = loadImagesNow(of: layout)
                store.nodes[item.id] = node
                store.show(row: row, id: item.id)
                exact.append((row, source.height(of: layout)))
            }
            if !exact.isEmpty {
                keepingAnchor(time: time) { index in
                    for (row, height) in exact { index.setExactHeight(height, forRow: row) }
                }
            }
            let now = heights.rows(from: physics.contentOffset, to: physics.contentOffset + viewport.height)
            if now == visible { break }
            visible = now
        }
        store.keepOnly(rows: visible)
    }

    /// The naive way to show a row's images: fetch, decode and process each one right here,
    /// no cache (a failed one shows the error tile, made here too).
    private func loadImagesNow(of layout: Source.Layout) -> RowImageSet? {
        guard let imagePipeline else { return nil }
        let slots = source.imageRequests(of: layout).map { request in
            let imageRequest = request.imageRequest(scale: scale)
            let layer = request.layer(for: imagePipeline.loadSynchronously(imageRequest), scale: scale, isOpaque: false)
            return RowImageSet.Slot(imageRequest: imageRequest, ticket: nil, layer: layer)
        }
        return RowImageSet(layoutGeneration: 0, generation: 0, priority: .visible, slots: slots)
    }
}
