import Flick
import FlickCore
import FlickList
import FlickText
import FlickTestSupport
@testable import FlickTimeline
import Foundation
import Testing

/// The timeline reads its posts ahead through a data window, and each page tells the list
/// its rows' kinds and the heights an earlier run persisted — with a real SQLite store.
@Suite("Timeline rows")
struct TimelineRowsTests {
    static func store(posts count: Int, name: String) throws -> (FeedStore, URL) {
        let folder = GeneratorTests.temporaryFolder(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try FeedStore(path: folder.appendingPathComponent("feed.sqlite").path)
        let posts = (0..<count).map { number in
            DataFixtures.post(number, pics: number % 3 == 0 ? 1 : (number % 3 == 1 ? 4 : 0), retweet: number % 10 == 9)
        }
        _ = try store.insert(posts)
        return (store, folder)
    }

    static func demand(_ rows: Range<Int>, width: Double = 375) -> RowDemand {
        RowDemand(visible: rows, preload: rows, landing: nil, width: width, scale: .two)
    }

    @Test func pagesBringKindsAndPersistedHeightsForTheCurrentWidth() throws {
        let (store, folder) = try Self.store(posts: 300, name: "rows-hints")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try TimelinePages(store: store)
        let posts = try store.posts(in: 0..<300)
        let key375 = source.layouter.environmentKey(width: 375, scale: .two)
        let key320 = source.layouter.environmentKey(width: 320, scale: .two)
        let saved = posts.enumerated().filter { $0.offset.isMultiple(of: 2) }
        try store.saveHeights(saved.map { LayoutHeight(postID: $0.element.id, contentVersion: $0.element.contentVersion, layoutKey: key375, height: Double(100 + $0.offset)) })
        try store.saveHeights(saved.map { LayoutHeight(postID: $0.element.id, contentVersion: $0.element.contentVersion, layoutKey: key320, height: Double(500 + $0.offset)) })

        source.prepare(Self.demand(0..<100))
        source.waitUntilIdle()
        let hints = Dictionary(source.rows.takeHints().map { ($0.row, $0) }, uniquingKeysWith: { $1 })
        #expect(hints.count >= 100, "every row of the requested pages is hinted")
        for row in 0..<100 {
            let hint = try #require(hints[row])
            #expect(hint.kind == posts[row].kind.index)
            #expect(hint.width == 375)
            #expect(hint.height == (row.isMultiple(of: 2) ? Double(100 + row) : nil), "row \(row)")
        }
        #expect(source.rows.takeHints().isEmpty, "hints are taken once")

        source.prepare(Self.demand(0..<100, width: 320))
        source.waitUntilIdle()
        let rotated = source.rows.takeHints().filter { $0.row == 10 }
        #expect(rotated.contains { $0.width == 320 && $0.height == 510 }, "a new width re-reads the resident pages: \(rotated)")
    }

    @Test func layoutsReadResidentPostsFromTheWindow() throws {
        let (store, folder) = try Self.store(posts: 200, name: "rows-window")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try TimelinePages(store: store)
        let context = try TextContext()
        _ = source.rows.loadPost(atRow: 150).map { source.layout($0, context: context) }
        #expect(source.rows.stats == TimelineRows.Statistics(windowHits: 0, directReads: 1), "nothing resident yet: read directly")
        #expect(source.rows.post(atRow: 150) == nil, "the main thread never reads the store")
        source.prepare(Self.demand(0..<64))
        source.waitUntilIdle()
        #expect(source.rows.post(atRow: 10)?.id == (try store.posts(in: 10..<11)).first?.id, "in memory now")
        let layout = try #require(source.rows.loadPost(atRow: 10).map { source.layout($0, context: context) })
        #expect(layout.key.postID == (try store.posts(in: 10..<11)).first?.id)
        #expect(source.rows.stats.windowHits == 1)
    }

    @MainActor
    @Test func aRelaunchKnowsHeightsBeforeLayingAnythingOut() throws {
        let (store, folder) = try Self.store(posts: 400, name: "rows-relaunch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try TimelinePages(store: store)
        let context = try TextContext()
        let measured = (0..<64).compactMap { first.rows.loadPost(atRow: $0).map { first.layout($0, context: context) }?.height }
        first.cache.persistPendingHeights()

        let relaunch = try TimelinePages(store: store)
        let pool = QueuePool<TextContext?>(label: "relaunch") { _ in TextContext.forWorker() }
        let gate = PoolGate(pool: pool)  // no layout can run: heights can only come from the store
        defer { gate.open() }
        let engine = relaunch.makeEngine(pool: pool)
        engine.frame(at: 0)  // tells the source its demand: the first page loads
        relaunch.waitUntilIdle()
        engine.frame(at: 1.0 / 120)  // applies the page's hints
        #expect(engine.counters.layouts == 0)
        #expect((0..<64).map { engine.heights.isExact(row: $0) ? engine.heights.height(ofRow: $0) : nil } == measured.map { Optional($0) })
        #expect(!engine.heights.isExact(row: 64), "row 64 was never laid out")
    }
}
