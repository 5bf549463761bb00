import Flick
import FlickCore
import FlickList
import Foundation
import Testing
@testable import FlickTimeline

/// Find in the timeline: a real store's index searched on the find's workers, the engine
/// scrolling to each match on a headless display, scripts' `find`, `find-next`, `find-prev`
/// and Escape through the find's key table.
@Suite("Timeline find", .serialized)
@MainActor
struct TimelineFindTests {
    let directory = ScratchDirectory()

    @MainActor
    struct Fixture {
        let posts: [Post]
        let engine: ListEngine<CellSource<String>>
        let display: HeadlessDisplay<CellSource<String>>
        let find: ListFind<CellSource<String>>

        /// Rows whose post contains `text`, by brute force.
        func rows(matching text: String) -> [Int] {
            posts.indices.filter { SearchFixtures.bruteForceMatches(SearchQuery(text), posts[$0]) }
        }

        func play(_ script: String) throws {
            display.play(try ScrollScript(parsing: script))
        }

        /// Runs frames until the count is done (the count runs on its own worker).
        func waitForCount() {
            for _ in 0..<2_000 where find.count?.isComplete != true {
                display.step()
                usleep(1_000)
            }
        }

        /// The row's centre on screen minus the viewport's centre, points.
        func offCentre(_ row: Int) -> Double {
            let top = engine.heights.offset(ofRow: row) - engine.contentOffset
            return top + engine.heights.height(ofRow: row) / 2 - engine.viewport.height / 2
        }

        var decoratedRows: Set<Int> {
            Set(engine.compositor.layers.filter { $0.role == .decoration }.compactMap(\.row))
        }
    }

    func makeFixture(_ name: String, posts count: Int = 3_000) throws -> Fixture {
        let posts = SearchFixtures.generated(count)
        let store = try FeedStore(path: directory.path(name))
        try store.insert(posts)
        let engine = try TimelinePages(store: store).makeEngine()
        let display = HeadlessDisplay(engine: engine, hz: 120, pacing: .lockstep)
        let find = ListFind<CellSource<String>>(searcher: FeedStoreSearching(store: store)) { query, box in
            box.layout(as: PostLayout.self)?.rects(matching: query) ?? []
        }
        display.find = find
        return Fixture(posts: posts, engine: engine, display: display, find: find)
    }

    @Test func findStepsThroughEveryMatchScrollingToEachAndWrapping() throws {
        let fixture = try makeFixture("steps.sqlite")
        let (find, engine) = (fixture.find, fixture.engine)
        let expected = fixture.rows(matching: "swift")
        #expect(expected.count > 20 && expected.last! > 2_500, "matches spread over the feed: \(expected.count)")
        try fixture.play("settle\nfind Swift")
        #expect(find.currentRow == expected[0])
        #expect(find.ordinal == 1)
        fixture.waitForCount()
        #expect(find.count == SearchCount(count: expected.count, isComplete: true))
        #expect(find.status == "1 of \(SearchCount(count: expected.count, isComplete: true))")
        #expect(find.statistics.matches == expected.count)
        #expect(find.statistics.firstResultMilliseconds != nil && find.statistics.countMilliseconds != nil)

        try fixture.play("find-next\nfind-next")
        #expect(find.currentRow == expected[2])
        #expect(find.ordinal == 3)
        try fixture.play("settle")
        #expect(abs(fixture.offCentre(expected[2])) < 1 || engine.contentOffset <= 0, "the match is centred")
        #expect(fixture.decoratedRows.contains(expected[2]), "the current match is highlighted")
        try fixture.play("find-prev")
        #expect(find.currentRow == expected[1])
        #expect(find.ordinal == 2)
        // Back past the first match: the last one, far below anything loaded.
        try fixture.play("find-prev\nfind-prev\nsettle")
        #expect(find.currentRow == expected.last)
        #expect(find.ordinal == expected.count)
        #expect(engine.visibleCentre(ofRow: expected.last!) != nil, "the last match is on screen")
        #expect(fixture.decoratedRows.contains(expected.last!))
        try fixture.play("find-next")
        #expect(find.currentRow == expected[0])
        #expect(find.ordinal == 1)
    }

    @Test func escapeGivesBackTheReadersPlaceUnlessTheyMoved() throws {
        let fixture = try makeFixture("escape.sqlite")
        let (find, engine) = (fixture.find, fixture.engine)
        try fixture.play("jump 40\nsettle")
        // The reader's place: the top row and how far into it (offsets shift as estimated
        // heights above become exact; the place does not).
        let place = { () -> (row: Int, inset: Double) in
            let row = engine.heights.row(atOffset: engine.contentOffset)
            return (row, engine.contentOffset - engine.heights.offset(ofRow: row))
        }
        let origin = place()
        try fixture.play("find coffee\nsettle")
        let first = try #require(find.currentRow)
        #expect(first >= 40, "the search starts at the reader's place")
        #expect(first == fixture.rows(matching: "coffee").first { $0 >= 40 })
        #expect(!fixture.decoratedRows.isEmpty)
        try fixture.play("find-next\nsettle\nkey Escape\nwait 0.05")
        #expect(!find.isOpen)
        #expect(place().row == origin.row && abs(place().inset - origin.inset) < 0.5, "back where the reader was: \(place()) vs \(origin)")
        #expect(fixture.decoratedRows.isEmpty, "the highlight went with the bar")

        try fixture.play("find coffee\nsettle\ndrag 500 300 0.2\nsettle")
        let moved = place()
        try fixture.play("key Escape\nwait 0.05")
        #expect(place().row == moved.row && abs(place().inset - moved.inset) < 0.5, "the reader scrolled: their new place stays")
        #expect(moved.row != origin.row)
    }

    @Test func theHighlightIsAnOverlayThatDrawsNoCell() throws {
        let fixture = try makeFixture("overlay.sqlite", posts: 400)
        let (find, engine) = (fixture.find, fixture.engine)
        try fixture.play("settle")
        // The top post's author: its row is the first match and stays where it is.
        let word = fixture.posts[0].user.name
        try #require(!word.contains("#") && !word.isEmpty)
        let renders = engine.counters.renders
        let offset = engine.contentOffset
        try fixture.play("find \(word)\nwait 0.1")
        #expect(find.currentRow == 0)
        #expect(engine.contentOffset == offset)
        #expect(fixture.decoratedRows.contains(0))
        #expect(engine.counters.renders == renders, "finding drew no cell again")
        try fixture.play("key Escape\nwait 0.05")
        #expect(engine.counters.renders == renders)
    }

    @Test func queriesAreTextNeverSyntaxAndFailNothing() throws {
        let fixture = try makeFixture("hostile.sqlite", posts: 500)
        let find = fixture.find
        for text in SearchFixtures.hostile where !text.isEmpty && !text.contains("\n") && !text.contains("#") {
            find.setText(text, time: fixture.display.now)
            try fixture.play("find-next")
            #expect(find.failure == nil, "query \(text.prefix(20))")
            let query = SearchQuery(text)
            let expected = fixture.rows(matching: text)
            #expect(find.currentRow == expected.first, "query \(text.prefix(20))")
            if expected.isEmpty, !query.isEmpty { #expect(find.status == "no matches") }
            if query.isEmpty { #expect(find.status == "") }
        }
    }
}
