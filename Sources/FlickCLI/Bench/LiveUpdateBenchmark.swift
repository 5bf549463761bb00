import Dispatch
import FlickCore
import FlickList
import FlickRaster

/// What keeping a list alive costs: the main-thread frame that applies 20 new rows on top of a
/// million-row list read down to row 200,000 (against a frame with no update, same run), and
/// the off-main diff of
/// snapshots of 10k, 100k and 1M identities. Main thread.
@MainActor
struct LiveUpdateBenchmark {
    struct Result {
        /// Median main-thread frame that applied 20 inserts at the top, and one that applied nothing.
        let insertFrameMilliseconds: Double
        let idleFrameMilliseconds: Double
        /// Median time of the update part of that frame (structure, heights, anchoring).
        let insertCommitMilliseconds: Double
        /// Median diff time per snapshot size.
        let diffMilliseconds: [(identities: Int, milliseconds: Double)]
    }

    let runs: Int

    func run() -> Result {
        let source = SyntheticRows(rowCount: 1_000_000)
        let pool = QueuePool<Void>(label: "flick.bench.live") { _ in () }
        let engine = ListEngine(source: source, viewport: Size(width: 375, height: 667), scale: .two, placeholder: nil, pool: pool)
        var time = 0.0
        func frame() -> FrameStats {
            engine.waitForWorkers()
            defer { time += 1.0 / 120 }
            return engine.frame(at: time)
        }
        // The reader has read near the top and then far down (rows measured up to ~200k), the
        // worst case for moving measured rows: new posts arrive on top while they read there.
        engine.jump(toRow: 500, time: 0)
        for _ in 0..<30 { _ = frame() }
        engine.jump(toRow: 200_000, time: time)
        for _ in 0..<30 { _ = frame() }
        var inserts: [Double] = []
        var commits: [Double] = []
        var idle: [Double] = []
        for _ in 0..<max(10, runs / 8) {
            idle.append(frame().mainThreadMilliseconds)
            engine.apply(source.insert(20, at: 0))
            let stats = frame()
            inserts.append(stats.mainThreadMilliseconds)
            commits.append(stats.commitMilliseconds)
        }
        var diffs: [(Int, Double)] = []
        for count in [10_000, 100_000, 1_000_000] {
            let old = Array(0..<count)
            var new = Array(count..<(count + 20)) + old
            new.remove(at: count / 2)
            new.swapAt(30, count / 3)
            let times = (0..<3).map { _ in
                let start = DispatchTime.now().uptimeNanoseconds
                _ = ListDiff.diff(old: old, new: new, moves: .fewestMoves)
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            }
            diffs.append((count, Self.median(times)))
        }
        return Result(
            insertFrameMilliseconds: Self.median(inserts), idleFrameMilliseconds: Self.median(idle),
            insertCommitMilliseconds: Self.median(commits), diffMilliseconds: diffs)
    }

    static func median(_ values: [Double]) -> Double { RunSummary.percentile(0.5, ofSorted: values.sorted()) }
}

/// A million plain rows for `LiveUpdateBenchmark`: ids in a `RowOrder`, flat-colour cells.
final class SyntheticRows: ListDataSource, @unchecked Sendable {
    struct Item: ListItem {
        let id: Int
        var version: UInt64 { 0 }
    }
    struct Layout: Sendable {
        let id: Int
        let height: Double
    }

    /// Main thread only; workers get captured items.
    private var order: RowOrder<Int>
    private var nextID: Int

    init(rowCount: Int) {
        order = RowOrder(storedCount: rowCount)
        nextID = rowCount
    }

    func insert(_ count: Int, at row: Int) -> ListChanges {
        let old = order.count
        order.insert(Array(nextID..<(nextID + count)), at: row)
        nextID += count
        return .inserting(count, at: row, into: old)
    }

    var rowCount: Int { order.count }
    func item(at row: Int) -> Item? {
        switch order.entry(at: row) {
        case .stored(let id), .local(let id): Item(id: id)
        }
    }
    func estimatedHeight(ofRow row: Int, width: Double) -> Double { 120 }
    func makeWorkerContext() {}
    func layout(_ item: Item, width: Double, scale: DisplayScale, context: Void) -> Layout? {
        Layout(id: item.id, height: 80 + Double(item.id % 5) * 20)
    }
    func height(of layout: Layout) -> Double { layout.height }
    func render(_ layout: Layout, context: Void) -> Bitmap {
        let canvas = Canvas(size: Size(width: 375, height: layout.height), scale: .two)
        canvas.fill(canvas.bounds, Color(hex: 0xFFFFFF))
        return canvas.makeBitmap()
    }
    func renderSkeleton(_ layout: Layout, context: Void) -> Bitmap { render(layout, context: context) }
    func imageRequests(of layout: Layout) -> [RowImageRequest] { [] }
}
