import FlickCore
import FlickList
import FlickRaster
import FlickTestSupport
import Testing

/// Updates at the edges: several batches in one frame, a client whose counts are wrong,
/// scroll-to asked before the changes reach a frame, and reverse mode against the reader.
@Suite("Living list: edge cases")
@MainActor
struct UpdateEdgeCaseTests {
    @Test func severalBatchesInOneFrameNearTheEndKeepTheReader() {
        let source = RecordingDataSource(rowCount: 200, estimate: 100) { 60 + Double($0 % 4) * 20 }
        let engine = LivingListTests.engine(source)
        var time = 0.0
        engine.jump(toRow: 190, time: time)
        LivingListTests.step(engine, &time, frames: 10)
        let (reading, before) = LivingListTests.reader(engine, source)
        engine.apply(source.remove(5..<15))  // above the reader
        engine.apply(source.insert(30, at: 0))
        engine.apply(source.move(from: 40, to: 3))
        LivingListTests.step(engine, &time, frames: 3)
        #expect(engine.heights.rowCount == source.rowCount)
        #expect(abs(LivingListTests.screenY(of: reading, in: engine, source: source)! - before) <= 0.5)
        // The last rows going, then rows on top, in one frame: the reader's row is gone, no trap.
        engine.apply(source.remove((source.rowCount - 15)..<source.rowCount))
        engine.apply(source.insert(5, at: 0))
        LivingListTests.step(engine, &time, frames: 3)
        #expect(engine.heights.rowCount == source.rowCount)
    }

    @Test func aBatchThatDoesNotFitTheEngineRebuildsInsteadOfShowingWrongRows() {
        let source = RecordingDataSource(rowCount: 100)
        let engine = LivingListTests.engine(source)
        var time = 0.0
        LivingListTests.step(engine, &time, frames: 5)
        source.insert(7, at: 0)  // changed, but the engine is told of another count
        engine.apply(.inserting(3, at: 0, into: 100))
        engine.scrollTo(row: 50, time: time)
        LivingListTests.step(engine, &time, frames: 5)
        #expect(engine.heights.rowCount == 107, "rebuilt from the source's own count")
        let shown = engine.lastContents.map(\.row)
        #expect(!shown.isEmpty && shown.allSatisfy { engine.itemID(atRow: $0) == source.id(atRow: $0) }, "every row shows its own item")
        #expect(engine.heights.row(atOffset: engine.contentOffset) == 50, "the scroll asked meanwhile still lands")
    }

    @Test func scrollToAskedBeforeTheChangesReachAFrameUsesTheNewRows() {
        let source = RecordingDataSource(rowCount: 300, estimate: 100) { 50 + Double($0 % 3) * 30 }
        let engine = LivingListTests.engine(source)
        var time = 0.0
        LivingListTests.step(engine, &time, frames: 5)
        engine.apply(source.insert(20, at: 0))
        #expect(engine.scrollTo(item: 150, align: .top, time: time))
        LivingListTests.step(engine, &time, frames: 20)
        #expect(engine.itemID(atRow: engine.heights.row(atOffset: engine.contentOffset)) == 150, "item 150 is now row 170")
        engine.apply(source.insert(1, at: source.rowCount))
        engine.scrollTo(row: source.rowCount - 1, align: .bottom, time: time)
        LivingListTests.step(engine, &time, frames: 20)
        #expect(abs(engine.contentOffset - engine.physics.bounds.upperBound) <= 0.5, "the new last row is shown")
    }

    @Test func reverseModeFollowsTheReadersOwnMoves() {
        let (source, engine) = ScrollToAndReverseTests.chat(300)
        var time = 0.0
        LivingListTests.step(engine, &time, frames: 10)
        #expect(ScrollToAndReverseTests.atBottom(engine))
        // A jump up is kept (not pulled back to the bottom).
        engine.jump(toRow: 10, time: time)
        LivingListTests.step(engine, &time, frames: 10)
        #expect(engine.heights.row(atOffset: engine.contentOffset) == 10 && !engine.isPinnedToBottom)
        // Back at the bottom; a pull past it bounces back instead of snapping.
        engine.scrollTo(row: source.rowCount - 1, align: .bottom, time: time)
        LivingListTests.step(engine, &time, frames: 30)
        #expect(engine.isPinnedToBottom)
        engine.beginDrag(at: 400, time: time)
        engine.drag(to: 300, time: time)
        LivingListTests.step(engine, &time)
        engine.endDrag(time: time)
        LivingListTests.step(engine, &time)
        #expect(engine.physics.phase == .bouncing && engine.contentOffset > engine.physics.bounds.upperBound, "still springing back")
        LivingListTests.step(engine, &time, frames: 120)
        #expect(ScrollToAndReverseTests.atBottom(engine) && engine.isPinnedToBottom)
        // A finger resting at the bottom when a message arrives: still pinned, message in view.
        engine.beginDrag(at: 300, time: time)
        engine.apply(source.insert(1, at: source.rowCount))
        LivingListTests.step(engine, &time, frames: 3)
        engine.endDrag(time: time)
        LivingListTests.step(engine, &time, frames: 30)
        #expect(engine.isPinnedToBottom && ScrollToAndReverseTests.atBottom(engine))
    }
}
