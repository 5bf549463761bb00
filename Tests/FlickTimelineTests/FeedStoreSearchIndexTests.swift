import FlickCore
import Foundation
import GRDB
import Testing
@testable import FlickTimeline

@Suite("Feed store find index: migration and repair")
struct FeedStoreSearchIndexTests {
    let directory = ScratchDirectory()

    /// A store as written before the find index: v1–v3 tables only, the v4 migration unrecorded.
    func makeOldStore(_ name: String, posts: [Post]) throws -> String {
        let path = directory.path(name)
        do {
            let store = try FeedStore(path: path)
            try store.insert(posts)
        }
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "DROP TABLE post_search_terms")
            try db.execute(sql: "DROP TABLE post_search")
            try db.execute(sql: "DROP TABLE search_index_state")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v4: find index'")
        }
        return path
    }

    @Test func oldStoreMigratesThenBackfillsInResumableBatchesWithProgress() throws {
        let posts = SearchFixtures.generated(1_000)
        let path = try makeOldStore("old.sqlite", posts: posts)
        var configuration = FeedStore.Configuration()
        configuration.search.backfillBatchSize = 150
        configuration.search.scanBudget = 100
        var reports: [SearchIndexProgress] = []
        do {
            let store = try FeedStore(path: path, configuration: configuration)
            #expect(store.repairs.isEmpty)
            #expect(try store.searchIndexProgress() == SearchIndexProgress(done: 0, total: 1_000))
            // Before any backfill, find is complete already (it scans), just slower.
            let query = SearchQuery("微笑")
            #expect(try SearchFixtures.allMatches(store, query) == SearchFixtures.expected(query, in: posts))
            #expect(try store.search(query).isIndexComplete == false)
            // Stopped after three batches: the progress is kept.
            let reached = try store.buildSearchIndex { progress in
                reports.append(progress)
                return reports.count < 3
            }
            #expect(reached == SearchIndexProgress(done: 450, total: 1_000))
            #expect(reports.map(\.done) == [150, 300, 450])
            // Writes while the backfill is half done: a prepend, an edit in the indexed part
            // and one in the pending part, a deletion.
            try store.prepend([DataFixtures.post(1, text: "fresh 微笑 on top")])
            try store.upsert(Post(id: posts[10].id, createdAt: posts[10].createdAt, user: posts[10].user, text: "edited 微笑 early"))
            try store.upsert(Post(id: posts[900].id, createdAt: posts[900].createdAt, user: posts[900].user, text: "edited 微笑 late"))
            try store.markDeleted([posts[20].id, posts[950].id])
        }
        // Reopened: the backfill resumes where it stopped.
        let store = try FeedStore(path: path, configuration: configuration)
        #expect(try store.searchIndexProgress().done == 451)
        let final = try store.buildSearchIndex()
        #expect(final.isComplete)
        var current = posts
        current[10] = Post(id: posts[10].id, createdAt: posts[10].createdAt, user: posts[10].user, text: "edited 微笑 early")
        current[900] = Post(id: posts[900].id, createdAt: posts[900].createdAt, user: posts[900].user, text: "edited 微笑 late")
        current.insert(DataFixtures.post(1, text: "fresh 微笑 on top"), at: 0)
        let deleted: Set = [posts[20].id, posts[950].id]
        for text in ["微笑", "edited", "swift", "e", "哈哈"] {
            let query = SearchQuery(text)
            #expect(try SearchFixtures.allMatches(store, query) == SearchFixtures.expected(query, in: current, deleted: deleted), "query \(text)")
            #expect(try store.countMatches(query).count == SearchFixtures.expected(query, in: current, deleted: deleted).count)
        }
        #expect(try store.search(SearchQuery("微笑")).isIndexComplete)
    }

    @Test func missingIndexIsRebuiltAtOpen() throws {
        let posts = SearchFixtures.generated(300)
        let path = directory.path("missing.sqlite")
        do { try FeedStore(path: path).insert(posts) }
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "DROP TABLE post_search") }
        let store = try FeedStore(path: path)
        #expect(store.repairs == [.rebuiltSearchIndex(reason: "table post_search is missing")])
        #expect(try store.searchIndexProgress() == SearchIndexProgress(done: 0, total: 300))
        try store.buildSearchIndex()
        let query = SearchQuery("coffee")
        #expect(try SearchFixtures.allMatches(store, query) == SearchFixtures.expected(query, in: posts))
    }

    @Test func damagedIndexIsRebuiltNeverFatal() throws {
        let posts = SearchFixtures.generated(2_000)
        let path = directory.path("damaged.sqlite")
        do { try FeedStore(path: path).insert(posts) }
        // Overwrite the index's segment pages with garbage.
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE post_search_data SET block = randomblob(length(block)) WHERE id > 10")
        }
        let store = try FeedStore(path: path)
        let query = SearchQuery("swift")
        let expected = SearchFixtures.expected(query, in: posts)
        // Whatever the open check saw, find answers and answers right (scanning if it must).
        #expect(try SearchFixtures.allMatches(store, query) == expected)
        #expect(try store.countMatches(query).count == expected.count)
        try store.buildSearchIndex()
        #expect(try SearchFixtures.allMatches(store, query) == expected)
        #expect(try store.search(query).isIndexComplete)
    }

    @Test func readOnlyStoreWithoutIndexIsScanned() throws {
        let posts = SearchFixtures.generated(500)
        let path = try makeOldStore("readonly.sqlite", posts: posts)
        var configuration = FeedStore.Configuration()
        configuration.access = .readOnly
        let store = try FeedStore(path: path, configuration: configuration)
        #expect(store.repairs == [.ignoredSearchIndex(reason: "table post_search is missing")])
        let query = SearchQuery("微笑")
        #expect(try SearchFixtures.allMatches(store, query) == SearchFixtures.expected(query, in: posts))
        #expect(try store.countMatches(query).count == SearchFixtures.expected(query, in: posts).count)
        #expect(try store.buildSearchIndex().done == 0)
    }
}
