import FlickCore
import FlickList
import FlickRaster
import FlickTestSupport
import Testing

/// What a data source learns before layout — row kinds and persisted heights — reaches the
/// height index without moving the screen, and the source hears each frame what to read ahead.
@Suite("Row hints and demand")
@MainActor
struct RowHintTests {
    static func engine(_ source: RecordingDataSource) -> ListEngine<RecordingDataSource> {
        DrawSchedulingTests.engine(source)
    }

    @Test func persistedHeightsBecomeExactWithoutMovingTheRowOnScreen() {
        let source = RecordingDataSource(rowCount: 10_000, estimate: 100)
        let engine = Self.engine(source)
        let gate = PoolGate(pool: engine.pool)  // no layout finishes: heights come from hints only
        defer { gate.open() }
        engine.jump(toRow: 5_000, time: 0)
        engine.frame(at: 0)
        let before = engine.heights.offset(ofRow: 5_000) - engine.contentOffset
        source.pendingHints.withLock { hints in
            hints = (4_900..<5_100).map { RowHint(row: $0, kind: nil, height: 250, width: 40) }
            hints.append(RowHint(row: 5_200, kind: nil, height: 999, width: 320))  // another width
            hints.append(RowHint(row: 5_201, kind: nil, height: -.infinity, width: 40))  // nonsense
            hints.append(RowHint(row: 20_000, kind: nil, height: 10, width: 40))  // past the end
        }
        engine.frame(at: 1.0 / 120)
        #expect(engine.heights.isExact(row: 4_950) && engine.heights.height(ofRow: 4_950) == 250)
        #expect(engine.heights.isExact(row: 5_099))
        #expect(!engine.heights.isExact(row: 5_200), "a height for another width is ignored")
        #expect(!engine.heights.isExact(row: 5_201), "an impossible height is ignored")
        let after = engine.heights.offset(ofRow: 5_000) - engine.contentOffset
        #expect(abs(after - before) < 1e-9, "row 5000 moved by \(after - before) pt")
        #expect(source.laidOutRows.isEmpty, "the heights did not come from layouts")
    }

    @Test func kindsGiveUnmeasuredRowsTheirKindsEstimate() {
        var source = RecordingDataSource(rowCount: 1_000, estimate: 100)
        source.rowKindCount = 2
        let engine = Self.engine(source)
        let gate = PoolGate(pool: engine.pool)
        defer { gate.open() }
        engine.frame(at: 0)
        source.pendingHints.withLock { hints in
            hints = [
                RowHint(row: 500, kind: 1, height: 400, width: 40),
                RowHint(row: 501, kind: 1, height: 420, width: 40),
                RowHint(row: 502, kind: 0, height: 60, width: 40),
                RowHint(row: 600, kind: 1, height: nil, width: 40),
                RowHint(row: 601, kind: 0, height: nil, width: 40),
            ]
        }
        engine.frame(at: 1.0 / 120)
        #expect(engine.heights.height(ofRow: 600) == 410, "kind 1 rows are estimated from measured kind 1 rows")
        #expect(engine.heights.height(ofRow: 601) == 60)
        #expect(engine.heights.kind(ofRow: 600) == 1)
    }

    @Test func sourceHearsTheRowsToReadAheadAndTheLandingZone() {
        let source = RecordingDataSource(rowCount: 20_000)
        let engine = Self.engine(source)
        engine.frame(at: 0)
        let resting = source.demands.value.last
        #expect(resting?.visible == 0..<4)
        #expect(resting.map { $0.preload.contains(0) && $0.preload.upperBound > 4 } == true, "preload reaches past the screen")
        #expect(resting?.landing == nil && resting?.width == 40)
        engine.fling(velocity: 25_000, time: 0.01)
        engine.frame(at: 0.02)
        let flinging = source.demands.value.last
        let landing = try? #require(flinging?.landing)
        #expect(landing.map { $0.lowerBound > 100 } == true, "the landing zone is far ahead: \(String(describing: landing))")
        #expect(flinging.map { $0.visible.lowerBound < 10 } == true)
    }

    @Test func naiveEngineNeverReadsAhead() {
        let source = RecordingDataSource(rowCount: 100)
        let engine = ListEngine(
            source: source, viewport: DrawSchedulingTests.viewport, scale: .one, placeholder: nil,
            configuration: .naive)
        engine.frame(at: 0)
        #expect(source.demands.value.isEmpty)
    }
}
