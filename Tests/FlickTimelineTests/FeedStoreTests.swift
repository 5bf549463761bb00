import Foundation
import GRDB
import Testing
@testable import FlickTimeline

@Suite("Feed store")
struct FeedStoreTests {
    let directory = ScratchDirectory()

    func makeStore(_ name: String = "feed.sqlite", _ configuration: FeedStore.Configuration = .default) throws -> FeedStore {
        try FeedStore(path: directory.path(name), configuration: configuration)
    }

    @Test func newStoreIsEmpty() throws {
        let store = try makeStore()
        #expect(try store.count() == 0)
        #expect(try store.posts(in: 0..<50).isEmpty)
        #expect(store.repairs.isEmpty)
    }

    @Test func insertAppendsInTimelineOrderAndRangesReadBack() throws {
        let store = try makeStore()
        let first = (0..<120).map { DataFixtures.post($0, pics: $0 % 10, retweet: $0 % 4 == 0) }
        #expect(try store.insert(first) == 0..<120)
        let second = (120..<150).map { DataFixtures.post($0) }
        #expect(try store.insert(second) == 120..<150)
        #expect(try store.count() == 150)
        #expect(try store.posts(in: 0..<50) == Array(first[0..<50]))
        #expect(try store.posts(in: 100..<130) == Array((first + second)[100..<130]))
        #expect(try store.posts(in: 140..<400) == Array(second[20...]))
        #expect(try store.posts(in: -5..<2) == Array(first[0..<2]))
        #expect(try store.posts(in: 500..<600).isEmpty)
    }

    @Test func insertSpanningSeveralTransactionsKeepsOrder() throws {
        var configuration = FeedStore.Configuration()
        configuration.insertBatchSize = 7
        let store = try makeStore("batches.sqlite", configuration)
        let posts = (0..<50).map { DataFixtures.post($0) }
        #expect(try store.insert(posts) == 0..<50)
        #expect(try store.posts(in: 0..<50) == posts)
    }

    @Test func postsAndRowsAreFoundById() throws {
        let store = try makeStore()
        try store.insert((0..<10).map { DataFixtures.post($0, retweet: true) })
        #expect(try store.post(id: "p7") == DataFixtures.post(7, retweet: true))
        #expect(try store.rowIndex(ofPostID: "p7") == 7)
        #expect(try store.post(id: "nope") == nil)
        #expect(try store.rowIndex(ofPostID: "nope") == nil)
    }

    @Test func duplicateIdInInsertFailsAndLeavesTheStoreAsItWas() throws {
        var configuration = FeedStore.Configuration()
        configuration.insertBatchSize = 3
        let store = try makeStore("dup.sqlite", configuration)
        try store.insert((0..<5).map { DataFixtures.post($0) })
        let batch = (5..<12).map { DataFixtures.post($0) } + [DataFixtures.post(2)]
        #expect(throws: FeedStore.Error.duplicatePostID(path: store.path, id: "p2")) { try store.insert(batch) }
        #expect(try store.count() == 5)
        #expect(try store.insert([DataFixtures.post(5)]) == 5..<6)
    }

    @Test func upsertOfAnEditedPostKeepsItsRowAndChangesItsVersion() throws {
        let store = try makeStore()
        try store.insert((0..<10).map { DataFixtures.post($0) })
        let old = try #require(try store.post(id: "p4"))
        let edited = DataFixtures.post(4, text: "edited text")
        #expect(try store.upsert(edited) == .updated(row: 4))
        let stored = try #require(try store.posts(in: 4..<5).first)
        #expect(stored == edited)
        #expect(stored.contentVersion != old.contentVersion)
        #expect(try store.count() == 10)
        #expect(try store.upsert(edited) == .unchanged(row: 4))
        #expect(try store.upsert(DataFixtures.post(99)) == .inserted(row: 10))
        #expect(try store.rowIndex(ofPostID: "p99") == 10)
    }

    @Test func postsSurviveReopening() throws {
        let posts = (0..<30).map { DataFixtures.post($0, pics: 3) }
        do {
            let store = try makeStore()
            try store.insert(posts)
        }
        let reopened = try makeStore()
        #expect(try reopened.posts(in: 0..<30) == posts)
    }

    @Test func removeAllEmptiesTheTimeline() throws {
        let store = try makeStore()
        try store.insert((0..<10).map { DataFixtures.post($0) })
        try store.removeAll()
        #expect(try store.count() == 0)
        #expect(try store.insert([DataFixtures.post(1)]) == 0..<1)
    }

    @Test func concurrentReadersSeeConsistentRangesWhileWriting() async throws {
        let store = try makeStore()
        try store.insert((0..<1_000).map { DataFixtures.post($0) })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for batch in 0..<10 { try store.insert((0..<100).map { DataFixtures.post(1_000 + batch * 100 + $0) }) }
            }
            for reader in 0..<3 {
                group.addTask {
                    for step in 0..<50 {
                        let start = (reader * 331 + step * 17) % 950
                        let posts = try store.posts(in: start..<(start + 50))
                        #expect(posts.map(\.id) == (start..<(start + 50)).map { "p\($0)" })
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.count() == 2_000)
    }

    @Test func undecodableRowIsACorruptRecordError() throws {
        let store = try makeStore()
        try store.insert((0..<3).map { DataFixtures.post($0) })
        try store.pool.write { db in try db.execute(sql: "UPDATE posts SET body = x'01ff' WHERE position = 1") }
        #expect {
            _ = try store.posts(in: 0..<3)
        } throws: { error in
            guard case FeedStore.Error.corruptRecord(let path, let row, _) = error else { return false }
            return path == store.path && row == 1
        }
    }
}
