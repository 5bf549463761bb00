import FlickCore
import Foundation
import GRDB
import Testing
@testable import FlickTimeline

@Suite("Feed store find")
struct FeedStoreSearchTests {
    let directory = ScratchDirectory()

    func makeStore(_ name: String = "find.sqlite", _ configure: (inout FeedStore.Configuration) -> Void = { _ in }) throws -> FeedStore {
        var configuration = FeedStore.Configuration()
        configure(&configuration)
        return try FeedStore(path: directory.path(name), configuration: configuration)
    }

    @Test func matchesEqualABruteForceScanOfAGeneratedFeed() throws {
        let posts = SearchFixtures.generated(3_000)
        let store = try makeStore()
        try store.insert(posts)
        #expect(try store.searchIndexProgress().isComplete)
        for text in SearchFixtures.queries {
            let query = SearchQuery(text)
            let expected = SearchFixtures.expected(query, in: posts)
            #expect(try SearchFixtures.allMatches(store, query) == expected, "query \(text)")
            #expect(try store.countMatches(query) == SearchCount(count: expected.count, isComplete: true), "query \(text)")
        }
        // The vocabulary makes these common: the comparison is not vacuous.
        #expect(SearchFixtures.expected(SearchQuery("微笑"), in: posts).count > 100)
        #expect(SearchFixtures.expected(SearchQuery("swift"), in: posts).count > 100)
    }

    @Test func matchesCarryPositionsRowsAndIdsInTimelineOrder() throws {
        let store = try makeStore()
        try store.insert((0..<10).map { DataFixtures.post($0, text: $0 % 3 == 0 ? "Hello World \($0)" : "nothing \($0)") })
        let page = try store.search(SearchQuery("hello world"), limit: 2)
        #expect(page.matches == [SearchMatch(position: 0, row: 0, id: "p0"), SearchMatch(position: 3, row: 3, id: "p3")])
        #expect(page.next == 3)
        let rest = try store.search(SearchQuery("HELLO WORLD"), after: page.next, limit: 2)
        #expect(rest.matches.map(\.id) == ["p6", "p9"])
        let last = try store.search(SearchQuery("hello"), after: rest.next, limit: 2)
        #expect(last.matches.isEmpty && last.next == nil)
        // Author names and retweeted text are searched too, field by field.
        #expect(try store.search(SearchQuery("用户7")).matches.map(\.id) == ["p7"])
        try store.insert([DataFixtures.post(20, text: "tail", retweet: true)])
        #expect(try store.search(SearchQuery("original 20")).matches.map(\.id) == ["p20"])
        #expect(try store.search(SearchQuery("tailoriginal")).matches.isEmpty)
    }

    @Test func indexFollowsInsertPrependEditDeleteAndRemoveAll() throws {
        let store = try makeStore()
        try store.insert([DataFixtures.post(1, text: "apple pie"), DataFixtures.post(2, text: "banana split")])
        let prepended = try store.prepend([DataFixtures.post(3, text: "cherry apple tart")])
        #expect(prepended.inserted.count == 1)
        #expect(try SearchFixtures.allMatches(store, SearchQuery("apple")) == ["p3", "p1"])
        // An edit: the old words are gone, the new ones found, at the same row.
        try store.upsert(DataFixtures.post(1, text: "plum cake"))
        #expect(try SearchFixtures.allMatches(store, SearchQuery("apple")) == ["p3"])
        #expect(try SearchFixtures.allMatches(store, SearchQuery("plum")) == ["p1"])
        // An edit through a prepended page (known id, new content) and a live append.
        try store.prepend([DataFixtures.post(2, text: "kiwi apple")])
        try store.upsert(DataFixtures.post(4, text: "apple juice"))
        #expect(try SearchFixtures.allMatches(store, SearchQuery("apple")) == ["p3", "p2", "p4"])
        #expect(try store.search(SearchQuery("banana")).matches.isEmpty)
        // A deletion takes the post out of find; an edit of it afterwards does not bring it back.
        try store.markDeleted(["p3"])
        #expect(try SearchFixtures.allMatches(store, SearchQuery("apple")) == ["p2", "p4"])
        try store.upsert(DataFixtures.post(3, text: "apple again"))
        #expect(try SearchFixtures.allMatches(store, SearchQuery("apple")) == ["p2", "p4"])
        #expect(try store.countMatches(SearchQuery("apple")).count == 2)
        try store.removeAll()
        #expect(try store.search(SearchQuery("apple")).matches.isEmpty)
        try store.insert([DataFixtures.post(9, text: "apple")])
        #expect(try SearchFixtures.allMatches(store, SearchQuery("apple")) == ["p9"])
        #expect(try integrityCheck(store))
    }

    @Test func importAndPageImportIndexWhatTheyStore() throws {
        let store = try makeStore()
        let feed = DataFixtures.feedJSON([
            DataFixtures.postJSON(id: "a", ["text": "\"Grüße aus Köln\""]), DataFixtures.postJSON(id: "b", ["text": "\"东京 微笑\""]),
        ])
        let url = directory.file("feed.json", contents: feed)
        _ = try store.importFeed(from: url)
        #expect(try SearchFixtures.allMatches(store, SearchQuery("GRÜSSE")).isEmpty)  // no ß → ss folding, as documented
        #expect(try SearchFixtures.allMatches(store, SearchQuery("köln")) == ["a"])
        #expect(try SearchFixtures.allMatches(store, SearchQuery("微笑")) == ["b"])
        #expect(try SearchFixtures.allMatches(store, SearchQuery("alice")) == ["a", "b"])
        // Reimporting an edited post replaces its terms.
        let edited = DataFixtures.feedJSON([DataFixtures.postJSON(id: "a", ["text": "\"Hallo Bonn\""])])
        _ = try store.importFeed(from: directory.file("edited.json", contents: edited))
        #expect(try SearchFixtures.allMatches(store, SearchQuery("köln")).isEmpty)
        #expect(try SearchFixtures.allMatches(store, SearchQuery("bonn")) == ["a"])
        #expect(try integrityCheck(store))
    }

    @Test func failedInsertTakesItsRowsOutOfTheIndexToo() throws {
        let store = try makeStore { $0.insertBatchSize = 2 }
        try store.insert([DataFixtures.post(1, text: "kept word")])
        let posts = [DataFixtures.post(2, text: "lost word"), DataFixtures.post(3, text: "lost word"), DataFixtures.post(1)]
        #expect(throws: FeedStore.Error.self) { try store.insert(posts) }
        #expect(try SearchFixtures.allMatches(store, SearchQuery("word")) == ["p1"])
        // The rolled-back rows left no terms behind: their positions are taken again, and
        // counts (which read the index alone) see only what is stored.
        try store.insert([DataFixtures.post(5, text: "fresh text"), DataFixtures.post(6, text: "other text")])
        #expect(try store.countMatches(SearchQuery("lost")).count == 0)
        #expect(try store.countMatches(SearchQuery("text")).count == 2)
        #expect(try integrityCheck(store))
    }

    @Test func everyHostileQueryIsLiteralAndBounded() throws {
        var posts = SearchFixtures.generated(400)
        // Posts that hold the syntax literally, so a literal search has something to find.
        let syntax = ["say \"swift\" twice", "swift AND coffee", "NEAR(swift coffee)", "100% sure_thing", "a'b", "^swift$ [a-z]+ .*",
                      "{document}: swift", "back\\slash", "nul\u{0}inside", "flag 🏳️‍🌈 here", "bad \u{FFFD} byte", "plus +swift -swift"]
        for (index, text) in syntax.enumerated() { posts.append(DataFixtures.post(10_000 + index, text: text)) }
        let store = try makeStore()
        try store.insert(posts)
        for text in SearchFixtures.hostile {
            let query = SearchQuery(text)
            let expected = SearchFixtures.expected(query, in: posts)
            let clock = ContinuousClock()
            let started = clock.now
            #expect(try SearchFixtures.allMatches(store, query, limit: 50) == expected, "query \(text.prefix(40).debugDescription)")
            #expect(try store.countMatches(query).count == expected.count)
            #expect(clock.now - started < .seconds(10))
        }
        #expect(SearchQuery(String(repeating: "x", count: 10_000)).isTruncated)
        #expect(SearchQuery(String(repeating: "x", count: 10_000)).folded.count == SearchQuery.maxScalars)
        #expect(SearchQuery("   ").isEmpty && SearchQuery("").isEmpty && SearchQuery("\t\n").isEmpty)
        #expect(try store.search(SearchQuery("\"swift\"")).matches.map(\.id) == ["p10000"])
        #expect(try store.search(SearchQuery("swift AND coffee")).matches.map(\.id) == ["p10001"])
        #expect(try store.search(SearchQuery("100%")).matches.map(\.id) == ["p10003"])
        #expect(try store.search(SearchQuery("nul\u{0}inside")).matches.map(\.id) == ["p10008"])
    }

    @Test func partialCountsSayPlusAndStopWhenAsked() throws {
        let posts = SearchFixtures.generated(2_000)
        let store = try makeStore { $0.search.countWindow = 300 }
        try store.insert(posts)
        let query = SearchQuery("微笑")
        var partials: [SearchCount] = []
        let stopped = try store.countMatches(query) { partial in
            partials.append(partial)
            return partials.count < 2
        }
        #expect(!stopped.isComplete && stopped.count > 0)
        #expect(stopped.count < SearchFixtures.expected(query, in: posts).count)
        #expect(stopped.description.hasSuffix("+"))
        #expect(SearchCount(count: 1_204, isComplete: false).description == "1,204+")
        #expect(SearchCount(count: 1_234_567, isComplete: true).description == "1,234,567")
        let full = try store.countMatches(query)
        #expect(full == SearchCount(count: SearchFixtures.expected(query, in: posts).count, isComplete: true))
    }

    /// FTS5's own check of the index against what was inserted.
    func integrityCheck(_ store: FeedStore) throws -> Bool {
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in try db.execute(sql: "INSERT INTO post_search (post_search, rank) VALUES ('integrity-check', 0)") }
        return true
    }
}
