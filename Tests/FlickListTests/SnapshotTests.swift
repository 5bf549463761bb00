import FlickCore
import FlickList
import FlickRaster
import FlickTestSupport
import Testing

/// A snapshot-driven source: items in memory, replaced by the engine when it applies one.
final class SnapshotTestSource: SnapshotDataSource, @unchecked Sendable {
    struct Item: ListItem {
        let id: Int
        let version: UInt64
    }
    typealias Layout = RecordingDataSource.Layout

    /// Main thread only (the engine reads and replaces it there); workers get captured items.
    private(set) var items: [Item]
    let laidOut = LockedBox([Int]())

    init(ids: [Int]) { items = ids.map { Item(id: $0, version: 0) } }

    func replaceItems(with items: [Item]) { self.items = items }
    func estimatedHeight(ofRow row: Int, width: Double) -> Double { 50 }
    func makeWorkerContext() {}
    func layout(_ item: Item, width: Double, scale: DisplayScale, context: Void) -> Layout? {
        laidOut.withLock { $0.append(item.id) }
        return Layout(row: item.id, version: item.version, height: 40 + Double(item.id % 3) * 10)
    }
    func height(of layout: Layout) -> Double { layout.height }
    func render(_ layout: Layout, context: Void) -> Bitmap {
        RecordingDataSource.bitmap(row: layout.row, version: layout.version, width: 40, height: layout.height)
    }
    func renderSkeleton(_ layout: Layout, context: Void) -> Bitmap { render(layout, context: context) }
    func imageRequests(of layout: Layout) -> [RowImageRequest] { [] }
}

@Suite("Snapshots diffed by identity")
@MainActor
struct SnapshotTests {
    static func engine(_ source: SnapshotTestSource) -> ListEngine<SnapshotTestSource> {
        let pool = QueuePool<Void>(queuesPerLane: 2, workerNice: 0) { _ in () }
        return ListEngine(source: source, viewport: Size(width: 40, height: 400), scale: .one, placeholder: nil, pool: pool)
    }

    static func run(_ engine: ListEngine<SnapshotTestSource>, _ time: inout Double, frames: Int) {
        for _ in 0..<frames {
            engine.waitForWorkers()
            engine.frame(at: time)
            time += 1.0 / 120
        }
    }

    @Test func aSmallSnapshotIsDiffedAndKeepsDrawingsOfItemsThatStay() {
        let source = SnapshotTestSource(ids: Array(0..<50))
        let engine = Self.engine(source)
        var time = 0.0
        Self.run(engine, &time, frames: 5)
        let before = source.laidOut.value.count
        var next = Array(0..<50).map { SnapshotTestSource.Item(id: $0, version: 0) }
        next.swapAt(1, 3)
        next.remove(at: 10)
        next.insert(.init(id: 900, version: 0), at: 5)
        next[2] = .init(id: 2, version: 1)
        engine.apply(snapshot: next)
        Self.run(engine, &time, frames: 5)
        #expect(engine.heights.rowCount == 50)
        #expect((0..<5).map { engine.itemID(atRow: $0) } == [0, 3, 2, 1, 4])
        let relaid = Set(source.laidOut.value.dropFirst(before))
        #expect(relaid.contains(900) && relaid.contains(2), "new and changed items are laid out")
        #expect(!relaid.contains(1) && !relaid.contains(3) && !relaid.contains(0), "moved and unchanged ones are not: \(relaid)")
        #expect(engine.updateStatistics.updatesApplied == 1)
    }

    @Test func aLargeSnapshotIsDiffedOffTheMainThreadAndTheNewestWins() {
        let source = SnapshotTestSource(ids: Array(0..<20_000))
        let engine = Self.engine(source)
        var time = 0.0
        Self.run(engine, &time, frames: 3)
        let older = (0..<20_000).map { SnapshotTestSource.Item(id: $0 == 0 ? 77_777 : $0, version: 0) }
        let newer = [SnapshotTestSource.Item(id: 55_555, version: 0)] + (0..<20_000).map { SnapshotTestSource.Item(id: $0, version: 0) }
        engine.apply(snapshot: older)
        engine.apply(snapshot: newer)
        #expect(source.items.count == 20_000, "nothing changes before the diff is done and a frame applies it")
        Self.run(engine, &time, frames: 3)
        #expect(source.items.first?.id == 55_555 && source.items.count == 20_001)
        #expect(engine.heights.rowCount == 20_001)
        #expect(engine.rowsInsertedAbove == 1, "the reader at the top keeps reading row 0's item")
        #expect(engine.itemID(atRow: 1) == 0)
    }
}
