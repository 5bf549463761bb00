import FlickCore
import Foundation
import Testing
@testable import FlickTimeline

/// Find's "previous match" (searching back from a position) and counts over part of the
/// timeline (a match's ordinal), against the brute-force answer.
@Suite("Feed store find backward and in ranges")
struct FeedStoreSearchDirectionTests {
    let directory = ScratchDirectory()

    @Test func backwardPagesAreTheForwardMatchesReversed() throws {
        let posts = SearchFixtures.generated(2_000)
        let store = try FeedStore(path: directory.path("back.sqlite"))
        try store.insert(posts)
        for text in ["swift", "微笑", "e", "zzqx", "#", "[微笑]"] {
            let query = SearchQuery(text)
            let expected = SearchFixtures.expected(query, in: posts)
            #expect(try SearchFixtures.allMatches(store, query, backward: true) == Array(expected.reversed()), "query \(text)")
        }
        #expect(SearchFixtures.expected(SearchQuery("swift"), in: posts).count > 50, "the comparison is not vacuous")
    }

    /// Half the store indexed, half pending (a backfill under way): both directions visit the
    /// indexed rows, the scanned run and the indexed rows again in order, a page at a time.
    @Test func bothDirectionsCrossAPendingRunInOrder() throws {
        let posts = SearchFixtures.generated(2_000)
        var configuration = FeedStore.Configuration()
        configuration.search.backfillBatchSize = 150
        configuration.search.scanBudget = 100
        let store = try FeedStore(path: directory.path("pending.sqlite"), configuration: configuration)
        try store.insert(Array(posts[..<500]))
        try store.deferSearchIndex()
        try store.insert(Array(posts[500...]))
        var batches = 0
        try store.buildSearchIndex { _ in
            batches += 1
            return batches < 3
        }
        try store.insert(SearchFixtures.generated(300, from: 2_000))
        let all = posts + SearchFixtures.generated(300, from: 2_000)
        #expect(try store.searchIndexProgress().isComplete == false)
        for text in ["swift", "微笑", "o"] {
            let query = SearchQuery(text)
            let expected = SearchFixtures.expected(query, in: all)
            #expect(try SearchFixtures.allMatches(store, query, limit: 7) == expected, "forward \(text)")
            #expect(try SearchFixtures.allMatches(store, query, limit: 7, backward: true) == Array(expected.reversed()), "backward \(text)")
        }
    }

    @Test func searchingBeforeAPositionStartsAtTheMatchBeforeIt() throws {
        let store = try FeedStore(path: directory.path("before.sqlite"))
        try store.insert((0..<20).map { DataFixtures.post($0, text: $0 % 4 == 1 ? "needle \($0)" : "hay \($0)") })
        let page = try store.search(SearchQuery("NEEDLE"), before: 13, limit: 2)
        #expect(page.matches.map(\.id) == ["p9", "p5"])
        #expect(page.next == 5)
        #expect(try store.search(SearchQuery("needle"), before: page.next, limit: 5).matches.map(\.id) == ["p1"])
        #expect(try store.search(SearchQuery("needle"), before: 1, limit: 5).matches.isEmpty)
        #expect(try store.search(SearchQuery("needle"), before: nil, limit: 1).matches.map(\.id) == ["p17"])
    }

    @Test func countsOverPartOfTheTimelineEqualABruteForceCount() throws {
        let posts = SearchFixtures.generated(2_000)
        let store = try FeedStore(path: directory.path("count.sqlite"))
        try store.insert(posts)
        for text in ["swift", "微笑", "e"] {
            let query = SearchQuery(text)
            let expected = SearchFixtures.expected(query, in: Array(posts[300..<1_700])).count
            #expect(try store.countMatches(query, in: 300..<1_700) == SearchCount(count: expected, isComplete: true), "query \(text)")
            #expect(try store.countMatches(query, in: 0..<0).count == 0)
        }
    }
}
