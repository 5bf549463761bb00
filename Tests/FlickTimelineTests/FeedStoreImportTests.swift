import Foundation
import Testing
@testable import FlickTimeline

@Suite("Feed import")
struct FeedStoreImportTests {
    let directory = ScratchDirectory()

    func makeStore() throws -> FeedStore {
        try FeedStore(path: directory.path("import.sqlite"))
    }

    @Test func largeFeedImportsEveryPostInOrder() throws {
        let url = try FeedStreamingTests.writeFeed(5_000, in: directory)
        let store = try makeStore()
        let report = try store.importFeed(from: url)
        #expect(report.appended == 5_000 && report.updated == 0 && report.skipped == 0)
        #expect(report.appendedRows == 0..<5_000)
        #expect(report.next == "https://host/p2")
        #expect(try store.count() == 5_000)
        #expect(try store.posts(in: 4_990..<5_000) == (4_990..<5_000).map { DataFixtures.post($0, pics: $0 % 4, retweet: $0 % 5 == 0) })
    }

    @Test func brokenPostsAreSkippedWithWarningsAndTheRestImports() throws {
        let data = DataFixtures.feedJSON([
            DataFixtures.postJSON(id: "a"), DataFixtures.postJSON(id: "b", ["created_at": "\"yesterday\""]), "3",
            DataFixtures.postJSON(id: "a"), DataFixtures.postJSON(id: "c"),
        ])
        let store = try makeStore()
        let report = try store.importFeed(from: directory.file("f.json", contents: data))
        #expect(report.appended == 2 && report.skipped == 3 && report.total == 5)
        #expect(report.warnings.map(\.description) == [
            #"post 1: "created_at" is not an ISO 8601 date with zone: "yesterday""#,
            "post 2: must be an object, found a number: 3",
            #"post 3: duplicate "id" "a""#,
        ])
        #expect(try store.posts(in: 0..<10).map(\.id) == ["a", "c"])
    }

    @Test func knownIdsAreUpdatedInPlaceAndNewOnesAppended() throws {
        let store = try makeStore()
        try store.insert((0..<5).map { DataFixtures.post($0) })
        let page = Feed(posts: [DataFixtures.post(2, text: "edited"), DataFixtures.post(5), DataFixtures.post(6)], next: "p3")
        let report = try store.importFeed(from: directory.file("page.json", contents: FeedEncoder().encode(page)))
        #expect(report.updated == 1 && report.appended == 2 && report.appendedRows == 5..<7)
        #expect(try store.posts(in: 2..<3).first?.text == "edited")
        #expect(try store.posts(in: 0..<10).map(\.id) == ["p0", "p1", "p2", "p3", "p4", "p5", "p6"])
    }

    @Test func invalidFeedChangesNothingEvenWhenTheErrorIsAtTheEnd() throws {
        let store = try makeStore()
        try store.insert([DataFixtures.post(0)])
        var data = try Data(contentsOf: try FeedStreamingTests.writeFeed(100, in: directory))
        data.removeLast(3)
        #expect {
            _ = try store.importFeed(from: directory.file("bad.json", contents: data))
        } throws: { error in
            guard case FeedStore.Error.feed(let path, .invalidJSON) = error else { return false }
            return path == store.path
        }
        #expect(try store.count() == 1)
    }

    @Test func feedWithoutPostsIsRejectedNamingTheField() throws {
        let store = try makeStore()
        #expect(throws: FeedStore.Error.feed(path: store.path, .missingField("posts"))) {
            _ = try store.importFeed(from: directory.file("empty.json", contents: Data("{\"next\":null}".utf8)))
        }
    }

    @Test func warningsBeyondTheLimitAreCountedNotKept() throws {
        var configuration = FeedStore.Configuration()
        configuration.maxReportedWarnings = 3
        let store = try FeedStore(path: directory.path("w.sqlite"), configuration: configuration)
        let data = DataFixtures.feedJSON(Array(repeating: "1", count: 10))
        let report = try store.importFeed(from: directory.file("w.json", contents: data))
        #expect(report.warnings.count == 3 && report.omittedWarnings == 7 && report.skipped == 10)
    }
}
