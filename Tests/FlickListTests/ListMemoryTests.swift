import FlickCore
import FlickRaster
import Testing

@testable import FlickList

/// `ListEngine.memory`: what the engine holds, by holder, against its budgets.
@MainActor
@Suite("ListMemory")
struct ListMemoryTests {
    @Test func pixelBudgetsFollowTheViewportAndScale() {
        let phone = Size(width: 375, height: 667)
        #expect(ScreenBytes.of(1, viewport: phone, scale: .two) == 750 * 1334 * 4)
        #expect(ScreenBytes.of(3, viewport: phone, scale: .one) == 3 * 375 * 667 * 4)
        let source = RecordingDataSource(rowCount: 100)
        let atOne = ListEngine(source: source, viewport: phone, scale: .one, placeholder: nil)
        let atTwo = ListEngine(source: source, viewport: phone, scale: .two, placeholder: nil)
        let skeletons = (try? #require(atOne.kindSkeletons?.budget), try? #require(atTwo.kindSkeletons?.budget))
        #expect(skeletons.0 == ScreenBytes.of(3, viewport: phone, scale: .one))
        #expect(skeletons.1 == 4 * (skeletons.0 ?? 0), "@2x keeps as many screens of skeletons, four times the bytes")
        #expect(PixelBufferPool.shared.budget >= ScreenBytes.of(2, viewport: phone, scale: .two), "the shared pool keeps two of the largest screen")
        let pool = PixelBufferPool(budget: 10)
        pool.ensureBudget(5)
        #expect(pool.budget == 10, "a budget is only raised")
        pool.ensureBudget(20)
        #expect(pool.budget == 20)
    }

    @Test func rowBitmapsAreCountedAndBoundedBeyondTheRanges() {
        // Cells are 40×100 pt at 1x: 16,000 bytes per bitmap; a budget of 8 cells beyond the
        // wanted rows, far below what 60 jumps draw.
        let cellBytes = 40 * 100 * 4
        var configuration = ListEngine<RecordingDataSource>.Configuration()
        configuration.bitmapBudget = 8 * cellBytes
        let source = RecordingDataSource(rowCount: 100_000)
        let engine = DrawSchedulingTests.engine(source, queues: 2, configuration: configuration)
        var time = 0.0
        var sawRowsBeyond = false
        for jump in stride(from: 0, to: 60_000, by: 997) {
            engine.jump(toRow: jump, time: time)
            engine.frame(at: time)
            engine.waitForWorkers()
            engine.frame(at: time + 1.0 / 240)
            time += 1.0 / 120
            let memory = engine.memory
            #expect(memory.rowBitmapBytes == engine.residentBitmapBytes, "the same bitmaps the row store holds")
            #expect(memory.rowNodes == engine.residentRows)
            #expect(memory.rowLayouts <= memory.rowNodes)
            // Eviction runs once `evictionBatch` rows have left, so the budget may be passed
            // by that many rows' bitmaps (a full one and a skeleton each).
            let slack = RowStore<RecordingDataSource>.evictionBatch * 2 * cellBytes
            #expect(memory.rowBitmapBytesBeyondRanges <= configuration.bitmapBudget + slack, "\(memory)")
            if memory.rowBitmapBytesBeyondRanges > 0 { sawRowsBeyond = true }
        }
        #expect(sawRowsBeyond, "rows left the ranges with their bitmaps kept, within the budget")
        #expect(engine.memory.kindSkeletonBytes == 0 && engine.memory.imageCacheBytes == 0, "the recording source has neither")
        #expect(engine.memory.heightIndexBytes > 0, "measured rows are held in the height index")
    }
}
