import Foundation
import GRDB
import Testing
@testable import FlickTimeline

@Suite("Feed store damage handling")
struct FeedStoreDamageTests {
    let directory = ScratchDirectory()

    func isCorrupt(_ error: any Error, path: String) -> Bool {
        guard case FeedStore.Error.corrupt(let errorPath, let reason) = error else { return false }
        return errorPath == path && !reason.isEmpty && "\(error)".contains(path)
    }

    @Test func fileOfRandomBytesIsReportedAsCorrupt() throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = directory.file("random.sqlite", contents: Data(bytes)).path
        #expect { _ = try FeedStore(path: path) } throws: { isCorrupt($0, path: path) }
    }

    @Test func truncatedDatabaseIsReportedAsCorrupt() throws {
        let path = directory.path("truncated.sqlite")
        do {
            let store = try FeedStore(path: path)
            try store.insert((0..<3_000).map { DataFixtures.post($0, text: String(repeating: "长文本", count: 40)) })
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count > 500_000)
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        #expect { _ = try FeedStore(path: path) } throws: { isCorrupt($0, path: path) }
    }

    @Test func truncationFoundLaterIsStillATypedError() throws {
        let path = directory.path("late.sqlite")
        do {
            let store = try FeedStore(path: path)
            try store.insert((0..<3_000).map { DataFixtures.post($0, text: String(repeating: "长文本", count: 40)) })
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        var configuration = FeedStore.Configuration()
        configuration.integrityCheck = .none
        // Without the open check, whichever read first meets a missing page reports it.
        #expect {
            let store = try FeedStore(path: path, configuration: configuration)
            for start in stride(from: 0, to: 3_000, by: 100) { _ = try store.posts(in: start..<(start + 100)) }
        } throws: { isCorrupt($0, path: path) }
    }

    @Test func missingDirectoryCannotBeOpened() {
        let path = directory.path("no/such/dir/feed.sqlite")
        #expect(throws: FeedStore.Error.cannotOpen(path: path, reason: "directory \(directory.path("no/such/dir")) does not exist")) {
            _ = try FeedStore(path: path)
        }
    }

    @Test func directoryInPlaceOfTheFileCannotBeOpened() {
        #expect(throws: FeedStore.Error.cannotOpen(path: directory.url.path, reason: "it is a directory")) {
            _ = try FeedStore(path: directory.url.path)
        }
    }

    @Test func foreignDatabaseIsAnIncompatibleSchema() throws {
        let path = directory.path("foreign.sqlite")
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE posts (title TEXT)") }
        #expect { _ = try FeedStore(path: path) } throws: { error in
            guard case FeedStore.Error.incompatibleSchema(let errorPath, _) = error else { return false }
            return errorPath == path
        }
    }

    /// Opens a store with heights, damages the heights with `damage`, and reopens it.
    func reopen(afterDamaging damage: (Database) throws -> Void) throws -> FeedStore {
        let path = directory.path("heights.sqlite")
        let post = DataFixtures.post(1)
        do {
            let store = try FeedStore(path: path)
            try store.insert([post])
            try store.saveHeights([LayoutHeight(postID: post.id, contentVersion: post.contentVersion, layoutKey: "k", height: 120)])
            try store.pool.write(damage)
        }
        return try FeedStore(path: path)
    }

    @Test func heightsTableWithTheWrongSchemaIsRebuilt() throws {
        let store = try reopen { db in
            try db.execute(sql: "DROP TABLE layout_heights")
            try db.execute(sql: "CREATE TABLE layout_heights (post_id TEXT, h TEXT)")
        }
        #expect(store.repairs == [.rebuiltLayoutHeights(reason: "table layout_heights has columns [\"post_id\", \"h\"]")])
        let post = DataFixtures.post(1)
        #expect(try store.height(for: post.id, version: post.contentVersion, layoutKey: "k") == nil)
        #expect(try store.saveHeights([LayoutHeight(postID: post.id, contentVersion: post.contentVersion, layoutKey: "k", height: 80)]) == 1)
        #expect(try store.height(for: post.id, version: post.contentVersion, layoutKey: "k") == 80)
        #expect(try store.posts(in: 0..<1) == [post])
    }

    @Test(arguments: ["-5.0", "'tall'", "1e300", "x'00'"])
    func heightsTableWithImpossibleValuesIsRebuilt(_ value: String) throws {
        let store = try reopen { db in
            try db.execute(sql: "INSERT INTO layout_heights VALUES ('p2', 1, 'k', \(value))")
        }
        #expect(store.repairs.count == 1)
        let count = try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM layout_heights") }
        #expect(count == 0)
    }

    @Test func missingHeightsTableIsRecreated() throws {
        let store = try reopen { db in try db.execute(sql: "DROP TABLE layout_heights") }
        #expect(store.repairs == [.rebuiltLayoutHeights(reason: "table layout_heights is missing")])
        #expect(try store.heights(in: 0..<1, layoutKey: "k") == [nil])
    }

    @Test func soundHeightsSurviveReopening() throws {
        let store = try reopen { _ in }
        let post = DataFixtures.post(1)
        #expect(store.repairs.isEmpty)
        #expect(try store.height(for: post.id, version: post.contentVersion, layoutKey: "k") == 120)
    }
}

@Suite("FeedStore viewing configuration")
struct FeedStoreViewingTests {
    @Test func viewingStillRebuildsADamagedHeightsTable() throws {
        let folder = GeneratorTests.temporaryFolder("viewing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("feed.sqlite").path
        do {
            let store = try FeedStore(path: path)
            _ = try store.insert([PostLayoutTests.post(text: "x")])
        }
        let raw = try DatabaseQueue(path: path)
        try raw.write { db in
            try db.execute(sql: "DROP TABLE layout_heights")
            try db.execute(sql: "CREATE TABLE layout_heights (junk TEXT)")
        }
        try raw.close()
        let store = try FeedStore(path: path, configuration: .viewing)
        #expect(store.repairs.count == 1)
        #expect(try store.count() == 1)
    }
}
