import FlickCore
import FlickList
import FlickRaster
import FlickTestSupport
import Testing

/// Identity, updates and anchoring, observed through the engine on a simulated clock with the
/// workers finishing between frames (lockstep).
@Suite("Living list: updates and anchoring")
@MainActor
struct LivingListTests {
    typealias Engine = ListEngine<RecordingDataSource>
    static let frameTime = 1.0 / 120

    static func engine(_ source: RecordingDataSource, configuration: Engine.Configuration = .init()) -> Engine {
        DrawSchedulingTests.engine(source, queues: 2, configuration: configuration)
    }

    /// Screen y of the row showing item `id`, from the engine's public geometry.
    static func screenY(of id: Int, in engine: Engine, source: RecordingDataSource) -> Double? {
        guard let row = source.row(ofItem: id) else { return nil }
        return engine.heights.offset(ofRow: row) - engine.contentOffset
    }

    /// The item at the top of the viewport and its screen y: the reader's row.
    static func reader(_ engine: Engine, _ source: RecordingDataSource) -> (id: Int, y: Double) {
        let id = source.id(atRow: engine.heights.row(atOffset: engine.contentOffset))
        return (id, screenY(of: id, in: engine, source: source)!)
    }

    static func step(_ engine: Engine, _ time: inout Double, frames: Int = 1) {
        for _ in 0..<frames {
            engine.waitForWorkers()
            engine.frame(at: time)
            time += frameTime
        }
    }

    @Test func fiftyRowsInsertedAboveAtRestDoNotMoveTheReader() {
        let source = RecordingDataSource(rowCount: 1_000, estimate: 100) { 50 + Double($0 % 7) * 20 }
        let engine = Self.engine(source)
        var time = 0.0
        engine.jump(toRow: 300, time: time)
        Self.step(engine, &time, frames: 10)
        let (reading, before) = LivingListTests.reader(engine, source)
        engine.apply(source.insert(50, at: 100))
        Self.step(engine, &time, frames: 10)
        let after = Self.screenY(of: reading, in: engine, source: source)!
        #expect(abs(after - before) <= 0.5, "drift \(after - before)")
        #expect(engine.updateStatistics.anchorDriftMax <= 0.5)
        #expect(engine.updateStatistics.updatesApplied == 1)
        #expect(engine.heights.rowCount == 1_050)
        #expect(engine.rowsInsertedAbove == 50)
    }

    @Test func rowsInsertedAboveMidDragKeepTheContentUnderTheFinger() {
        let source = RecordingDataSource(rowCount: 1_000, estimate: 100) { 60 + Double($0 % 5) * 30 }
        let engine = Self.engine(source)
        var time = 0.0
        engine.jump(toRow: 200, time: time)
        Self.step(engine, &time, frames: 5)
        engine.beginDrag(at: 300, time: time)
        engine.drag(to: 280, time: time)
        Self.step(engine, &time)
        let (reading, before) = LivingListTests.reader(engine, source)
        engine.apply(source.insert(50, at: 0))
        Self.step(engine, &time)
        #expect(abs(Self.screenY(of: reading, in: engine, source: source)! - before) <= 0.5)
        // The finger moves 30 pt more: the content follows it exactly, from where it was.
        engine.drag(to: 250, time: time)
        Self.step(engine, &time)
        #expect(abs(Self.screenY(of: reading, in: engine, source: source)! - (before - 30)) <= 0.5)
        engine.endDrag(time: time)
    }

    @Test func rowsInsertedAboveMidFlingKeepItsVelocity() {
        let source = RecordingDataSource(rowCount: 5_000, estimate: 100) { 60 + Double($0 % 5) * 30 }
        let engine = Self.engine(source)
        var time = 0.0
        engine.jump(toRow: 1_000, time: time)
        Self.step(engine, &time, frames: 5)
        engine.fling(velocity: 2_000, time: time)
        Self.step(engine, &time, frames: 10)
        #expect(engine.physics.phase == .decelerating)
        let velocity = engine.physics.velocity
        let reading = source.id(atRow: engine.heights.row(atOffset: engine.contentOffset))
        var unchanged = engine.physics
        unchanged.step(to: time)
        let before = engine.heights.offset(ofRow: source.row(ofItem: reading)!) - unchanged.contentOffset
        let expectedVelocity = unchanged.velocity
        engine.apply(source.insert(50, at: 10))
        engine.waitForWorkers()
        engine.frame(at: time)  // same instant: only the update moves anything
        #expect(abs(Self.screenY(of: reading, in: engine, source: source)! - before) <= 0.5)
        #expect(engine.physics.phase == .decelerating, "the fling goes on")
        #expect(abs(engine.physics.velocity - expectedVelocity) <= 0.01 * abs(velocity))
        #expect(engine.updateStatistics.flingsBrokenByUpdates == 0)
        #expect(engine.updateStatistics.anchorDriftMax <= 0.5)
    }

    @Test func rowsAboveGrowingDoNotMoveTheReader() {
        let source = RecordingDataSource(rowCount: 500, estimate: 100) { id, version in 80 + Double(version) * 55 + Double(id % 3) * 10 }
        let engine = Self.engine(source)
        var time = 0.0
        engine.jump(toRow: 5, time: time)
        Self.step(engine, &time, frames: 10)
        engine.setContentOffset(engine.heights.offset(ofRow: 5) + 17, time: time)
        Self.step(engine, &time, frames: 3)
        let (reading, before) = LivingListTests.reader(engine, source)
        // Rows above (laid out, in the trailing ranges) get taller, as when images arrive.
        for row in 2..<5 { engine.apply(source.edit(row: row)) }
        Self.step(engine, &time, frames: 10)
        #expect(engine.heights.height(ofRow: 3) == 80 + 55 + 0, "the new height is in")
        #expect(abs(Self.screenY(of: reading, in: engine, source: source)! - before) <= 0.5)
        #expect(engine.updateStatistics.anchorDriftMax <= 0.5)
    }

    @Test func aVisibleRowWhoseVersionChangesNeverShowsASkeletonOrBlank() {
        let source = RecordingDataSource(rowCount: 100, estimate: 100) { id, version in 100 + Double(version) * 40 }
        let engine = Self.engine(source)
        var time = 0.0
        DrawSchedulingTests.settle(engine, time: &time)
        let gate = PoolGate(pool: engine.pool)
        engine.apply(source.edit(row: 1))
        for _ in 0..<5 {
            let stats = engine.frame(at: time)
            time += Self.frameTime
            #expect(stats.rowsSkeleton == 0 && stats.rowsBlank == 0 && stats.rowsPlaceholder == 0)
            #expect(engine.lastContents.first { $0.row == 1 }?.content == .stale, "the old bitmap stays")
        }
        gate.open()
        Self.step(engine, &time, frames: 3)
        #expect(engine.lastContents.first { $0.row == 1 }?.content == .full)
        #expect(engine.heights.height(ofRow: 1) == 140)
    }

    @Test func aMovedRowKeepsItsBitmapAndUnchangedRowsAreNotRedone() {
        let source = RecordingDataSource(rowCount: 100)
        var configuration = Engine.Configuration()
        configuration.insertionsAtTop = .reveal  // the moved row comes into view at the top
        let engine = Self.engine(source, configuration: configuration)
        var time = 0.0
        DrawSchedulingTests.settle(engine, time: &time)
        let layoutsBefore = source.laidOutRows.count
        let rendersBefore = source.renderedRows.count
        engine.apply(source.move(from: 2, to: 0))
        engine.apply(source.insert(1, at: 3))
        Self.step(engine, &time, frames: 5)
        #expect(engine.itemID(atRow: 0) == 2)
        #expect(engine.lastContents.first { $0.row == 0 }?.content == .full, "shown at once, from its bitmap")
        let newLayouts = source.laidOutRows.dropFirst(layoutsBefore)
        #expect(!newLayouts.contains(2) && !newLayouts.contains(0) && !newLayouts.contains(1), "only the new item was laid out: \(Array(newLayouts))")
        #expect(source.renderedRows.dropFirst(rendersBefore).allSatisfy { $0 >= 100 || $0 > 3 })
    }

    @Test func atTheTopTheDefaultKeepsReadingAndRevealShowsTheNewRows() {
        for policy in [InsertionsAtTop.keepReading, .reveal] {
            let source = RecordingDataSource(rowCount: 100)
            var configuration = Engine.Configuration()
            configuration.insertionsAtTop = policy
            let engine = Self.engine(source, configuration: configuration)
            var time = 0.0
            DrawSchedulingTests.settle(engine, time: &time)
            engine.apply(source.insert(5, at: 0))
            Self.step(engine, &time, frames: 3)
            switch policy {
            case .keepReading:
                #expect(engine.itemID(atRow: engine.heights.row(atOffset: engine.contentOffset)) == 0)
                #expect(engine.rowsInsertedAbove == 5)
                engine.scrollToTop(time: time)
                Self.step(engine, &time, frames: 120)
                #expect(engine.rowsInsertedAbove == 0, "seen once the reader is back at the top")
            case .reveal:
                #expect(engine.contentOffset == 0)
                #expect(engine.itemID(atRow: 0) == 100, "the new rows show")
                #expect(engine.rowsInsertedAbove == 0)
            }
        }
    }

    @Test func deletingTheAnchorRowKeepsTheNextRowStill() {
        let source = RecordingDataSource(rowCount: 300, estimate: 100) { 70 + Double($0 % 4) * 25 }
        let engine = Self.engine(source)
        var time = 0.0
        engine.jump(toRow: 100, time: time)
        Self.step(engine, &time, frames: 10)
        let top = engine.heights.row(atOffset: engine.contentOffset)
        let next = source.id(atRow: top + 1)
        let before = Self.screenY(of: next, in: engine, source: source)!
        engine.apply(source.remove(top..<(top + 1)))
        engine.apply(source.remove(10..<20))
        Self.step(engine, &time, frames: 3)
        #expect(abs(Self.screenY(of: next, in: engine, source: source)! - before) <= 0.5)
    }
}

@Suite("Pressed rows live in the row's home")
@MainActor
struct PressedRowTests {
    @Test func thePressedLookReplacesTheCellUntilReleaseAndFollowsItsItem() {
        let source = RecordingDataSource(rowCount: 100)
        let engine = LivingListTests.engine(source)
        var time = 0.0
        DrawSchedulingTests.settle(engine, time: &time)
        let look = RecordingDataSource.bitmap(row: 255, version: 255, width: 40, height: 100)
        #expect(engine.press(row: 1) { _, _ in PressedAppearance(cell: look) })
        #expect(!engine.showsPressedAppearance, "drawn on a worker, not at once")
        LivingListTests.step(engine, &time)
        #expect(engine.showsPressedAppearance)
        #expect(engine.compositor.snapshot().pixel(x: 10, y: 150) == look.pixel(x: 0, y: 0))
        // Rows inserted above move the held row; its look goes with it.
        #expect(engine.layersShowing(look))
        engine.apply(source.insert(1, at: 0))
        LivingListTests.step(engine, &time, frames: 3)
        #expect(engine.pressedRow == 2)
        engine.endPress()
        LivingListTests.step(engine, &time)
        #expect(!engine.showsPressedAppearance)
        #expect(engine.layersShowing(look) == false)
    }
}

extension ListEngine {
    /// Whether any layer of the last frame shows `bitmap`.
    func layersShowing(_ bitmap: Bitmap) -> Bool { compositor.layers.contains { $0.bitmap === bitmap } }
}

@Suite("Update animations")
@MainActor
struct UpdateAnimationTests {
    static func cellTop(ofRow row: Int, _ engine: ListEngine<RecordingDataSource>) -> Double? {
        engine.compositor.layers.first { $0.role == .cell && $0.row == row }?.origin.y
    }

    @Test func insertedVisibleRowsSlideInAndDeletedOnesCollapseWithoutMovingTheReader() {
        let source = RecordingDataSource(rowCount: 100, estimate: 100) { _ in 100 }
        let engine = DrawSchedulingTests.engine(source, queues: 2, animated: true)
        var time = 0.0
        DrawSchedulingTests.settle(engine, time: &time)
        let readerTop = Self.cellTop(ofRow: 0, engine)
        engine.apply(source.insert(1, at: 1))  // below the reader's row, on screen
        LivingListTests.step(engine, &time)
        #expect(Self.cellTop(ofRow: 0, engine) == readerTop, "the reader's row never moves")
        #expect(Self.cellTop(ofRow: 2, engine) == 100, "the row after the new one starts at its old place")
        LivingListTests.step(engine, &time, frames: 6)
        let midway = Self.cellTop(ofRow: 2, engine) ?? -1
        #expect(midway > 100 && midway < 200, "and slides down: \(midway)")
        LivingListTests.step(engine, &time, frames: 40)
        #expect(Self.cellTop(ofRow: 2, engine) == 200, "and ends at its place")

        engine.apply(source.remove(1..<2))  // the new row goes again
        LivingListTests.step(engine, &time)
        let ghost = engine.compositor.layers.first { $0.role == .departing }
        #expect(ghost != nil, "its last bitmap collapses")
        #expect((Self.cellTop(ofRow: 1, engine) ?? 0) > 100, "the rows after it close the gap over time")
        LivingListTests.step(engine, &time, frames: 40)
        #expect(engine.compositor.layers.allSatisfy { $0.role != .departing })
        #expect(Self.cellTop(ofRow: 1, engine) == 100)
        #expect(Self.cellTop(ofRow: 0, engine) == readerTop)
        #expect(engine.updateStatistics.anchorDriftMax <= 0.5)
    }
}
