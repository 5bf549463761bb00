import Dispatch
import FlickCore
import FlickList
import FlickRaster
import FlickTestSupport
import Testing

/// The engine's promises about order and cancellation, shown with real workers held by a gate
/// or inside a job, on a simulated clock (no sleeps). One queue, so order is the pool's order.
@Suite("Engine behaviour")
@MainActor
struct EngineBehaviourTests {
    static let frame = 1.0 / 120

    @Test func touchDuringAFlingDrawsTheVisibleRowsBeforeTheLandingZone() {
        let source = RecordingDataSource(rowCount: 20_000)
        let engine = DrawSchedulingTests.engine(source)
        let gate = PoolGate(pool: engine.pool)
        engine.fling(velocity: 30_000, time: 0)
        engine.frame(at: Self.frame)
        let landing = try? #require(engine.lastPlan?.landing)
        engine.touchDown(time: 2 * Self.frame)
        engine.frame(at: 2 * Self.frame)
        let visible = engine.lastPlan!.visible
        #expect(engine.lastPlan?.mode == .touchStopped)
        gate.open()
        engine.waitForWorkers()
        let rendered = source.renderedRows
        #expect(Array(rendered.prefix(visible.count)).sorted() == Array(visible), "visible rows first: \(rendered.prefix(8))")
        #expect(!rendered.contains { landing?.contains($0) ?? true }, "the abandoned landing zone was cancelled")
    }

    @Test func scrollToTopDrawsTheTopRowsBeforeAnyRowInBetween() {
        let source = RecordingDataSource(rowCount: 10_000)
        let engine = DrawSchedulingTests.engine(source)
        var time = 0.0
        engine.jump(toRow: 5_000, time: time)
        DrawSchedulingTests.settle(engine, time: &time)
        let before = source.renderedRows.count
        let gate = PoolGate(pool: engine.pool)
        engine.scrollToTop(time: time)
        time += Self.frame
        engine.frame(at: time)
        #expect(engine.lastPlan?.mode == .scrollToTop)
        let onScreen = engine.lastPlan!.visible
        let landing = try? #require(engine.lastPlan?.landing)
        #expect(landing?.lowerBound == 0)
        gate.open()
        engine.waitForWorkers()
        let after = Array(source.renderedRows.dropFirst(before))
        let top = after.prefix { landing?.contains($0) ?? false }
        #expect(top.count == landing?.count, "the top rows drew first: \(after.prefix(10))")
        let rest = after.dropFirst(top.count)
        #expect(rest.allSatisfy { onScreen.contains($0) }, "after the top, only rows then on screen, while workers idled: \(after)")
        #expect(!after.contains { (100..<4_700).contains($0) }, "rows in between were skipped")
    }

    @Test func aJobCancelledDuringLayoutDrawsNothing() {
        let source = RecordingDataSource(rowCount: 10_000)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        source.layoutHook.withLock { hook in
            hook = { row in
                guard row == 0 else { return }
                entered.signal()
                release.wait()
            }
        }
        let engine = DrawSchedulingTests.engine(source)
        engine.frame(at: 0)
        entered.wait()  // row 0's layout is running on the worker
        engine.jump(toRow: 5_000, time: Self.frame)
        engine.frame(at: Self.frame)  // row 0 left every range: its running job is cancelled
        release.signal()
        engine.waitForWorkers()
        #expect(source.laidOutRows.contains(0))
        let drewRowZero = source.log.value.contains { $0 == .render(0, version: 0) || $0 == .skeleton(0) }
        #expect(!drewRowZero, "cancellation is checked between layout and raster")
        #expect(source.renderedRows.contains(5_000), "the new rows were drawn")
    }

    @Test func aFlingWhoseRowsMeasureSmallerReaimsItsLandingZoneBeforeArriving() {
        // Rows are estimated at 100 pt but measure 40: as rows turn exact, the projected resting
        // offset falls on rows much further down than the first projection said.
        let source = RecordingDataSource(rowCount: 400, estimate: 100) { _ in 40 }
        let engine = DrawSchedulingTests.engine(source)
        engine.fling(velocity: 12_000, time: 0)
        var time = 0.0
        var landings: [Range<Int>] = []
        for _ in 0..<1_200 {
            time += Self.frame
            engine.frame(at: time)
            if let landing = engine.lastPlan?.landing { landings.append(landing) }
            engine.waitForWorkers()
            if engine.physics.phase == .idle { break }
        }
        let resting = try? #require(engine.lastPlan?.visible)
        let first = try? #require(landings.first)
        #expect(engine.physics.phase == .idle)
        #expect(Set(landings).count > 1, "the landing zone moved during the fling")
        #expect(first.map { f in resting.map { !f.overlaps($0) } ?? false } == true,
            "came to rest away from the first projection: first \(String(describing: first)), rest \(String(describing: resting))")
        #expect(landings.last.map { last in resting.map { last.contains($0.lowerBound) } ?? false } == true,
            "the last landing zone before arrival held the resting rows")
    }
}
