import FlickCore
import FlickImage
import FlickRaster

/// The naive pipeline's state: one worker context owned by the main thread and a bitmap per
/// row on screen (UITableView's cell reuse: a row leaving the screen loses its drawing).
struct NaiveRows<Source: ListDataSource> {
    let context: Source.WorkerContext
    var rows: [Int: (layout: Source.Layout, bitmap: Bitmap, images: [RowImageLayer])] = [:]

    func compositorRow(_ row: Int, top: Double, height: Double) -> Compositor.Row {
        Compositor.Row(
            index: row, top: top, height: height, full: rows[row]?.bitmap, fullIsStale: false, skeleton: nil,
            images: rows[row]?.images ?? [])
    }

}

extension ListEngine {
    /// The naive baseline's frame work: every visible row without a drawing is laid out and
    /// rasterized right here, on the main thread, before the frame can be shown.
    func drawVisibleRowsOnTheMainThread(time: Double) {
        guard var state = naive else { return }
        let top = physics.contentOffset
        var visible = heights.rows(from: top, to: top + viewport.height)
        state.rows = state.rows.filter { visible.contains($0.key) }
        // New heights move rows; repeat until the visible set is stable (it grows at most a
        // few times as estimates become exact).
        for _ in 0..<4 {
            var exact: [(row: Int, height: Double)] = []
            for row in visible where state.rows[row] == nil {
                guard let layout = source.layout(row: row, width: width, scale: scale, context: state.context) else { continue }
                state.rows[row] = (layout, source.render(layout, context: state.context), loadImagesNow(of: layout))
                exact.append((row, source.height(of: layout)))
            }
            applyExactHeights(exact, time: time)
            let now = heights.rows(from: physics.contentOffset, to: physics.contentOffset + viewport.height)
            if now == visible { break }
            visible = now
        }
        naive = state
    }


    /// The naive way to show a row's images: fetch, decode and process each one right here,
    /// no cache (a failed one shows the error tile, made here too).
    private func loadImagesNow(of layout: Source.Layout) -> [RowImageLayer] {
        guard let imagePipeline else { return [] }
        return source.imageRequests(of: layout).map { request in
            request.layer(for: imagePipeline.loadSynchronously(request.imageRequest(scale: scale)), scale: scale, isOpaque: false)
        }
    }
}
