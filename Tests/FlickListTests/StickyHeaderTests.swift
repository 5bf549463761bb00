import FlickCore
import FlickList
import FlickRaster
import FlickTestSupport
import Testing

@Suite("Sticky section headers")
@MainActor
struct StickyHeaderTests {
    /// Sections of 5 rows: a 30 pt header (rows 0, 5, 10, …) and four 100 pt rows.
    static func engine() -> (RecordingDataSource, ListEngine<RecordingDataSource>) {
        var source = RecordingDataSource(rowCount: 500, estimate: 80) { $0 % 5 == 0 ? 30 : 100 }
        source.sectionLength = 5
        return (source, LivingListTests.engine(source))
    }

    static func sticky(_ engine: ListEngine<RecordingDataSource>) -> DisplayLayer? {
        engine.compositor.layers.first { $0.role == .stickyHeader }
    }

    @Test func aHeaderSticksIsPushedOffAndIsReplaced() {
        let (_, engine) = Self.engine()
        var time = 0.0
        LivingListTests.step(engine, &time, frames: 5)
        #expect(Self.sticky(engine) == nil, "at the top the header is in its own place")

        // Section 0 spans 0…430 pt; the next header (row 5) starts at 430.
        engine.setContentOffset(200, time: time)
        LivingListTests.step(engine, &time, frames: 3)
        let stuck = Self.sticky(engine)
        #expect(stuck?.row == 0 && stuck?.origin.y == 0, "stuck to the top edge")
        #expect(stuck?.bitmap.pixel(x: 0, y: 0) == RecordingDataSource.colour(row: 0, version: 0), "drawn from its own bitmap")

        engine.setContentOffset(415, time: time)  // row 5's header is 15 pt below the top edge
        LivingListTests.step(engine, &time, frames: 3)
        #expect(Self.sticky(engine)?.row == 0)
        #expect(Self.sticky(engine)?.origin.y == -15, "pushed up by the next header")
        #expect(engine.row(at: Point(x: 5, y: 5))?.row == 0, "a tap on it hits the header")

        engine.setContentOffset(500, time: time)
        LivingListTests.step(engine, &time, frames: 3)
        #expect(Self.sticky(engine)?.row == 5 && Self.sticky(engine)?.origin.y == 0, "replaced by the next section's header")

        // Far down the list the header is kept drawn although no range holds its row.
        engine.jump(toRow: 302, time: time)
        engine.setContentOffset(engine.contentOffset + 250, time: time)
        LivingListTests.step(engine, &time, frames: 5)
        #expect(Self.sticky(engine)?.row == 300)
    }
}
