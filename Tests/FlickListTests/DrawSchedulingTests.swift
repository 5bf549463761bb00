import FlickCore
import FlickList
import FlickRaster
import FlickTestSupport
import Testing

/// The draw scheduler's contract, observed through the engine on a simulated clock with
/// real workers held and released by a gate (no sleeps).
@Suite("Draw scheduling")
@MainActor
struct DrawSchedulingTests {
    static let viewport = Size(width: 40, height: 400)

    /// An engine on a pool of `queues` workers; update animations off unless `animated`
    /// (lockstep tests look at where rows are, not how they got there).
    static func engine(
        _ source: RecordingDataSource, queues: Int = 1,
        configuration: ListEngine<RecordingDataSource>.Configuration = .init(), animated: Bool = false
    ) -> ListEngine<RecordingDataSource> {
        var configuration = configuration
        configuration.animatesUpdates = animated
        let pool = QueuePool<Void>(queuesPerLane: queues, workerNice: 0) { _ in () }
        let tile = Canvas(size: Size(width: 40, height: 20), scale: .one)
        tile.fill(tile.bounds, Color(hex: 0xEEEEEE))
        return ListEngine(
            source: source, viewport: viewport, scale: .one, placeholder: tile.makeBitmap(), pool: pool,
            configuration: configuration)
    }

    /// Runs frames until the visible rows are drawn (workers finish between frames).
    static func settle(_ engine: ListEngine<RecordingDataSource>, time: inout Double) {
        for _ in 0..<50 {
            engine.waitForWorkers()
            engine.frame(at: time)
            time += 1.0 / 120
            if engine.visibleRowsFullyDrawn { return }
        }
    }

    @Test func visibleRowsAreLaidOutRenderedAndComposited() {
        let source = RecordingDataSource(rowCount: 100)
        let engine = Self.engine(source)
        var time = 0.0
        let first = engine.frame(at: time)
        #expect(first.rowsBlank == 0)
        #expect(first.rowsPlaceholder == 4, "placeholders before anything is laid out")
        #expect(first.rowsSkeleton == 0)
        Self.settle(engine, time: &time)
        let frame = engine.frame(at: time)
        #expect(frame.rowsFull == 4)
        let pixel = engine.compositor.snapshot().pixel(x: 10, y: 150)
        #expect(pixel == RecordingDataSource.colour(row: 1, version: 0))
    }

    @Test func resultsAppearOnlyAtTheNextFrameCommit() {
        let source = RecordingDataSource(rowCount: 100)
        let engine = Self.engine(source)
        engine.frame(at: 0)
        engine.waitForWorkers()
        #expect(!engine.visibleRowsFullyDrawn, "finished work waits in the mailbox until a frame commits it")
        let next = engine.frame(at: 1.0 / 120)
        #expect(next.rowsFull == 4)
    }

    @Test func workForRowsThatLeftEveryRangeIsCancelledBeforeItRuns() {
        let source = RecordingDataSource(rowCount: 10_000)
        let engine = Self.engine(source)
        let gate = PoolGate(pool: engine.pool)
        engine.frame(at: 0)  // queues rows 0… behind the gate
        engine.jump(toRow: 5_000, time: 0.01)
        engine.frame(at: 0.02)  // rows 0… left every range: their queued work is cancelled
        gate.open()
        engine.waitForWorkers()
        #expect(engine.counters.cancelled > 0)
        #expect(source.laidOutRows.allSatisfy { $0 >= 4_900 }, "nothing near row 0 ran: \(source.laidOutRows.prefix(5))")
        var time = 0.03
        Self.settle(engine, time: &time)
        #expect(engine.visibleRowsFullyDrawn)
    }

    @Test func staleResultsAreDroppedAndReloadDoesNotFlicker() {
        let source = RecordingDataSource(rowCount: 100)
        let engine = Self.engine(source)
        var time = 0.0
        Self.settle(engine, time: &time)
        #expect(engine.frame(at: time).rowsFull == 4)

        let gate = PoolGate(pool: engine.pool)
        source.versions.withLock { $0[1] = 1 }
        engine.reload(rows: [1])
        time += 1.0 / 120
        let during = engine.frame(at: time)
        #expect(during.rowsStale == 1, "the old bitmap stays on screen while the new one renders")
        #expect(during.rowsSkeleton == 0, "no flicker to a skeleton")
        #expect(engine.lastContents.first { $0.row == 1 }?.content == .stale)

        // Version 1 finishes on the worker, but the row is reloaded again before the next
        // frame: its result belongs to an old generation and must never reach the screen.
        gate.open()
        engine.waitForWorkers()
        source.versions.withLock { $0[1] = 2 }
        engine.reload(rows: [1])
        let droppedBefore = engine.counters.staleDropped
        time += 1.0 / 120
        engine.frame(at: time)
        #expect(engine.counters.staleDropped > droppedBefore)
        #expect(engine.compositor.snapshot().pixel(x: 10, y: 150) == RecordingDataSource.colour(row: 1, version: 0))
        #expect(source.log.value.contains(.render(1, version: 1)), "version 1 did render, and was dropped")

        Self.settle(engine, time: &time)
        engine.frame(at: time)
        #expect(engine.compositor.snapshot().pixel(x: 10, y: 150) == RecordingDataSource.colour(row: 1, version: 2))
    }

    @Test func exactHeightsAboveTheViewportDoNotMoveTheRowOnScreen() {
        // Estimates are 100 pt; exact heights alternate 60 and 180, so every commit of rows
        // above the viewport changes the offset of the row on screen unless it is corrected.
        let source = RecordingDataSource(rowCount: 1_000, estimate: 100) { $0.isMultiple(of: 2) ? 60 : 180 }
        let engine = Self.engine(source, queues: 2)
        var time = 0.0
        engine.jump(toRow: 500, time: time)
        engine.frame(at: time)
        let anchorRow = 500
        let before = engine.heights.offset(ofRow: anchorRow) - engine.contentOffset
        var corrected = false
        for _ in 0..<20 {
            engine.waitForWorkers()
            time += 1.0 / 120
            let offsetBefore = engine.contentOffset
            engine.frame(at: time)
            if engine.contentOffset != offsetBefore { corrected = true }
            let now = engine.heights.offset(ofRow: anchorRow) - engine.contentOffset
            #expect(abs(now - before) < 1e-6, "row \(anchorRow) moved by \(now - before)")
        }
        #expect(corrected, "rows above turned exact and the offset was corrected")
        #expect(engine.heights.isExact(row: anchorRow - 3))
    }

    @Test func fastFlingRendersTheLandingZoneBeforeRowsFlownPast() {
        let source = RecordingDataSource(rowCount: 20_000)
        let engine = Self.engine(source)
        var time = 0.0
        Self.settle(engine, time: &time)
        let before = source.renderedRows.count
        let gate = PoolGate(pool: engine.pool)
        engine.fling(velocity: 30_000, time: time)
        // A few frames of the fling queue work while the worker is held.
        for _ in 0..<6 {
            time += 1.0 / 120
            engine.frame(at: time)
        }
        let plan = engine.lastPlan!
        let landing = plan.landing!
        #expect(plan.mode == .fastFling)
        gate.open()
        engine.waitForWorkers()
        let rendered = Array(source.renderedRows.dropFirst(before))
        let firstRenders = rendered.prefix(landing.count)
        #expect(!firstRenders.isEmpty)
        #expect(firstRenders.allSatisfy { landing.contains($0) }, "first renders \(Array(firstRenders)) not in landing zone \(landing)")
    }

    @Test func resizeKeepsOldBitmapsUntilNewOnesAreReady() {
        let source = RecordingDataSource(rowCount: 100)
        let engine = Self.engine(source)
        var time = 0.0
        Self.settle(engine, time: &time)
        let laidOut = source.laidOutRows.count
        let gate = PoolGate(pool: engine.pool)
        engine.resize(width: 60, time: time)
        time += 1.0 / 120
        let during = engine.frame(at: time)
        #expect(during.rowsStale == 4, "old bitmaps stay on screen during the relayout")
        #expect(during.rowsSkeleton == 0 && during.rowsBlank == 0)
        gate.open()
        Self.settle(engine, time: &time)
        #expect(engine.frame(at: time).rowsStale == 0)
        #expect(source.laidOutRows.count > laidOut, "every visible row was laid out again")
    }

    @Test func memoryIsBoundedWhateverTheRowCount() {
        // Cells are 40×100 pt at 1x: 16,000 bytes per bitmap. A budget of 16 cells beyond the
        // wanted rows is far below what the jumps below draw, so eviction must run.
        let cellBytes = 40 * 100 * 4
        var configuration = ListEngine<RecordingDataSource>.Configuration()
        configuration.bitmapBudget = 16 * cellBytes
        for rows in [10_000, 1_000_000] {
            let source = RecordingDataSource(rowCount: rows)
            let engine = Self.engine(source, queues: 2, configuration: configuration)
            var time = 0.0
            for jump in stride(from: 0, to: min(rows, 200_000), by: 997) + [rows - 1] {
                engine.jump(toRow: jump, time: time)
                engine.frame(at: time)
                engine.waitForWorkers()
                time += 1.0 / 120
            }
            #expect(engine.residentRows <= 500, "\(rows) rows: \(engine.residentRows) row slots held")
            // Wanted rows keep a full bitmap and maybe a skeleton; beyond them, the budget.
            let wanted = engine.lastPlan!.wantedRows.count * 2 * cellBytes
            #expect(engine.residentBitmapBytes <= wanted + configuration.bitmapBudget, "\(engine.residentBitmapBytes) bytes")
            // ~200 jumps touch ~200 pages per buffer; dense storage for 2^20 rows would be 21 MB.
            #expect(engine.heights.residentStorageBytes < 8 * 1_048_576, "row state follows the rows touched, not \(rows)")
        }
    }
}

@Suite("Naive pipeline")
@MainActor
struct NaivePipelineTests {
    @Test func naiveFramesDrawVisibleRowsSynchronouslyAndForgetRowsThatLeave() {
        let source = RecordingDataSource(rowCount: 1_000)
        let pool = QueuePool<Void>(queuesPerLane: 1, workerNice: 0) { _ in () }
        let engine = ListEngine(
            source: source, viewport: Size(width: 40, height: 400), scale: .one, placeholder: nil, pool: pool,
            configuration: .naive)
        let first = engine.frame(at: 0)
        #expect(first.rowsFull == 4, "drawn within the frame, on the main thread")
        #expect(source.renderedRows == [0, 1, 2, 3])
        engine.jump(toRow: 500, time: 0.01)
        engine.frame(at: 0.02)
        engine.jump(toRow: 0, time: 0.03)
        engine.frame(at: 0.04)
        #expect(source.renderedRows.filter { $0 == 0 }.count == 2, "cell reuse only: row 0 is drawn again when it returns")
        #expect(pool.waitingCount(.userInteractive) == 0)
    }
}
