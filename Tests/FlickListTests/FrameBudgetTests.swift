import FlickCore
import FlickRaster
import Testing

@testable import FlickList

/// What a frame leaves for later so the most expensive frames of a run (jumps) stay short:
/// off-screen rows beyond a few start over the next frames, nearest first; the eviction pass
/// runs in the idle time after the frame, or at the next update when the display gives none.
@MainActor
@Suite("Frame budget")
struct FrameBudgetTests {
    /// Off-screen rows of `plan` the store has started (mapped to a node this update or before).
    static func startedOffScreen(_ engine: ListEngine<RecordingDataSource>, _ plan: RangePlan) -> [Int] {
        plan.wantedRows.filter { !plan.visible.contains($0) && engine.store.rowIDs[$0] != nil }
    }

    @Test func aJumpStartsItsRowsOnScreenAtOnceAndTheOthersNearestFirstOverTheNextFrames() throws {
        let source = RecordingDataSource(rowCount: 100_000)
        let engine = DrawSchedulingTests.engine(source)
        var time = 0.0
        DrawSchedulingTests.settle(engine, time: &time)
        let budget = engine.store.configuration.newRowsPerUpdate
        engine.jump(toRow: 50_000, time: time)
        engine.frame(at: time)
        let plan = try #require(engine.lastPlan)
        #expect(plan.visible.allSatisfy { engine.store.rowIDs[$0] != nil }, "every row on screen starts in the jump's frame")
        let offScreen = plan.wantedRows.filter { !plan.visible.contains($0) }
        #expect(offScreen.count > budget, "the ranges hold more rows than one frame starts")
        let first = Self.startedOffScreen(engine, plan)
        #expect(first.count == budget, "\(first.count) off-screen rows started in the jump's frame")
        // The display range (drawn before it arrives) goes before the preload range, and within
        // a range the rows nearest the screen go first.
        let middle = (plan.visible.lowerBound + plan.visible.upperBound) / 2
        let waiting = offScreen.filter { engine.store.rowIDs[$0] == nil }
        let displayWaiting = waiting.filter { plan.display.contains($0) }
        if displayWaiting.isEmpty {
            let preloadStarted = first.filter { !plan.display.contains($0) }
            let farthest = preloadStarted.map { abs($0 - middle) }.max() ?? 0
            #expect(waiting.allSatisfy { abs($0 - middle) >= farthest }, "nearest preload rows first")
        } else {
            #expect(first.allSatisfy { plan.display.contains($0) }, "display rows before preload rows")
        }
        // The rest follow, `budget` a frame, with no scroll and nothing landing.
        var frames = 0
        while Self.startedOffScreen(engine, plan).count < offScreen.count, frames < 100 {
            time += 1.0 / 120
            engine.frame(at: time)
            frames += 1
        }
        #expect(Self.startedOffScreen(engine, plan).count == offScreen.count, "every wanted row starts")
        #expect(frames <= (offScreen.count - budget + budget - 1) / budget, "\(frames) frames for \(offScreen.count - budget) rows")
    }

    /// An engine keeping no bitmaps beyond its ranges, drawn at the top, after the frame of a
    /// jump far away (every row it left held bitmaps); and that frame's time.
    static func afterAJump() -> (engine: ListEngine<RecordingDataSource>, time: Double) {
        var configuration = ListEngine<RecordingDataSource>.Configuration()
        configuration.bitmapBudget = 0
        let engine = DrawSchedulingTests.engine(RecordingDataSource(rowCount: 100_000), configuration: configuration)
        var time = 0.0
        DrawSchedulingTests.settle(engine, time: &time)
        engine.jump(toRow: 40_000, time: time)
        engine.frame(at: time)
        return (engine, time)
    }

    @Test func theEvictionPassRunsInTheIdleTimeAfterTheFrame() {
        let (engine, _) = Self.afterAJump()
        #expect(engine.store.evictionDue, "the rows the jump left hold bitmaps beyond a budget of 0")
        #expect(engine.memory.rowBitmapBytesBeyondRanges > 0, "not evicted inside the frame")
        engine.idle()
        #expect(!engine.store.evictionDue)
        #expect(engine.memory.rowBitmapBytesBeyondRanges == 0, "evicted once the frame is done")
    }

    @Test func withoutIdleTimeTheNextUpdateEvicts() {
        let (engine, jumped) = Self.afterAJump()
        var time = jumped
        #expect(engine.memory.rowBitmapBytesBeyondRanges > 0)
        time += 1.0 / 120
        engine.frame(at: time)
        #expect(engine.memory.rowBitmapBytesBeyondRanges == 0, "a display that never calls idle() still gets its evictions, a frame late")
    }
}
