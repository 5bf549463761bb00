import Foundation
import GRDB
import Testing
@testable import FlickTimeline

@Suite("Persisted layout heights")
struct LayoutHeightsTests {
    let directory = ScratchDirectory()

    func height(_ post: Post, _ key: String, _ value: Double) -> LayoutHeight {
        LayoutHeight(postID: post.id, contentVersion: post.contentVersion, layoutKey: key, height: value)
    }

    @Test func heightsAreKeyedByPostVersionAndLayoutKey() throws {
        let store = try FeedStore(path: directory.path("h.sqlite"))
        let post = DataFixtures.post(1)
        #expect(try store.saveHeights([height(post, "w375", 100), height(post, "w414", 90)]) == 2)
        #expect(try store.height(for: post.id, version: post.contentVersion, layoutKey: "w375") == 100)
        #expect(try store.height(for: post.id, version: post.contentVersion, layoutKey: "w414") == 90)
        #expect(try store.height(for: post.id, version: post.contentVersion &+ 1, layoutKey: "w375") == nil)
        #expect(try store.height(for: "other", version: post.contentVersion, layoutKey: "w375") == nil)
        try store.saveHeights([height(post, "w375", 101.5)])
        #expect(try store.height(for: post.id, version: post.contentVersion, layoutKey: "w375") == 101.5)
    }

    @Test func untrustworthyHeightsAreNotStored() throws {
        let store = try FeedStore(path: directory.path("h.sqlite"))
        let post = DataFixtures.post(1)
        let stored = try store.saveHeights([
            height(post, "nan", .nan), height(post, "neg", -1), height(post, "inf", .infinity), height(post, "huge", 1e9),
            height(post, "ok", 0),
        ])
        #expect(stored == 1)
        for key in ["nan", "neg", "inf", "huge"] {
            #expect(try store.height(for: post.id, version: post.contentVersion, layoutKey: key) == nil)
        }
    }

    @Test func rangeOfHeightsFollowsCurrentVersions() throws {
        let store = try FeedStore(path: directory.path("h.sqlite"))
        let posts = (0..<6).map { DataFixtures.post($0) }
        try store.insert(posts)
        try store.saveHeights(posts.enumerated().filter { $0.offset != 3 }.map { height($0.element, "k", Double(100 + $0.offset)) })
        #expect(try store.heights(in: 0..<6, layoutKey: "k") == [100, 101, 102, nil, 104, 105])
        #expect(try store.heights(in: 4..<100, layoutKey: "k") == [104, 105])
        #expect(try store.heights(in: 0..<6, layoutKey: "other") == Array(repeating: nil, count: 6))
        try store.upsert(DataFixtures.post(1, text: "edited"))
        #expect(try store.heights(in: 0..<3, layoutKey: "k") == [100, nil, 102])
    }

    @Test func editingAPostDropsItsStaleHeights() throws {
        let store = try FeedStore(path: directory.path("h.sqlite"))
        let post = DataFixtures.post(1)
        try store.insert([post])
        try store.saveHeights([height(post, "k", 50)])
        try store.upsert(DataFixtures.post(1, text: "edited"))
        let rows = try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM layout_heights") }
        #expect(rows == 0)
    }
}
