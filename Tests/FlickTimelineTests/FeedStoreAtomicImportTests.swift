import Foundation
import GRDB
import Testing
@testable import FlickTimeline

/// Imports are all or nothing: a failure partway leaves the store exactly as it was.
@Suite("Feed import, all or nothing")
struct FeedStoreAtomicImportTests {
    let directory = ScratchDirectory()

    /// Five posts with a height each.
    func makeStore() throws -> FeedStore {
        let store = try FeedStore(path: directory.path("atomic.sqlite"))
        try store.insert((0..<5).map { DataFixtures.post($0) })
        let posts = try store.posts(in: 0..<5)
        try store.saveHeights(posts.map { LayoutHeight(postID: $0.id, contentVersion: $0.contentVersion, layoutKey: "k", height: 80) })
        return store
    }

    /// A feed that edits the five stored posts, then appends `appended` new ones.
    func editingFeed(appending appended: Int) -> Feed {
        Feed(posts: (0..<5).map { DataFixtures.post($0, text: "edited \($0)") } + (5..<(5 + appended)).map { DataFixtures.post($0) })
    }

    func expectUnchanged(_ store: FeedStore) throws {
        #expect(try store.count() == 5)
        #expect(try store.posts(in: 0..<5) == (0..<5).map { DataFixtures.post($0) }, "no edit survives")
        #expect(try store.heights(in: 0..<5, layoutKey: "k") == Array(repeating: 80, count: 5), "no height dropped")
    }

    /// Before: each 1,000 posts committed on their own; on the error the appended rows were
    /// deleted (with a bare `try?`), but the five edits of the first batch stayed, and their
    /// heights were gone. The failure is a real SQLite error raised partway, by a trigger
    /// standing in for a full disk.
    @Test func aStoreErrorPartwayLeavesTheStoreAsItWas() throws {
        let store = try makeStore()
        try store.pool.write { db in
            try db.execute(sql: """
                CREATE TRIGGER full_disk BEFORE INSERT ON posts WHEN NEW.id = 'p2500'
                BEGIN SELECT RAISE(ABORT, 'disk full (simulated)'); END
                """)
        }
        let url = directory.file("edits.json", contents: FeedEncoder().encode(editingFeed(appending: 3_000)))
        #expect { _ = try store.importFeed(from: url) } throws: { error in
            guard case FeedStore.Error.sqlite(let path, _, let reason) = error else { return false }
            return path == store.path && reason.contains("disk full (simulated)")
        }
        try expectUnchanged(store)
        try store.pool.write { db in try db.execute(sql: "DROP TRIGGER full_disk") }
        let report = try store.importFeed(from: url)
        #expect(report.updated == 5 && report.appended == 3_000 && report.appendedRows == 5..<3_005)
        #expect(try store.posts(in: 2..<3).first?.text == "edited 2")
    }

    /// Invalid JSON after edits and appends: nothing of it is kept.
    @Test func invalidJSONAfterEditsAndAppendsChangesNothing() throws {
        let store = try makeStore()
        var data = FeedEncoder().encode(editingFeed(appending: 2_000))
        data.removeLast(2)
        data.append(contentsOf: Array(",{\"id\":".utf8))
        #expect {
            _ = try store.importFeed(from: directory.file("cut.json", contents: data))
        } throws: { error in
            guard case FeedStore.Error.feed(let path, .invalidJSON) = error else { return false }
            return path == store.path
        }
        try expectUnchanged(store)
    }
}
