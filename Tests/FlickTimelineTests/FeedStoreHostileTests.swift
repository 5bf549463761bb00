import FlickCore
import Foundation
import GRDB
import Testing
@testable import FlickTimeline

/// Stores damaged or crafted on purpose: each gives a typed error naming the file (or is
/// repaired), never a trap.
@Suite("Feed store, hostile files")
struct FeedStoreHostileTests {
    let directory = ScratchDirectory()

    /// A store of `count` posts, then `damage` applied through a plain SQLite connection.
    func store(named name: String, count: Int = 10, damage: String) throws -> String {
        let path = directory.path(name)
        do {
            let store = try FeedStore(path: path, configuration: .bulkLoad)
            try store.insert((0..<count).map { DataFixtures.post($0) })
        }
        let raw = try DatabaseQueue(path: path)
        try raw.write { db in try db.execute(sql: damage) }
        try raw.close()
        return path
    }

    func isCorrupt(_ error: any Error, path: String, saying words: String) -> Bool {
        guard case FeedStore.Error.corrupt(let errorPath, let reason) = error else { return false }
        return errorPath == path && reason.contains(words) && "\(error)".contains(path)
    }

    static var noCheck: FeedStore.Configuration {
        var configuration = FeedStore.Configuration.default
        configuration.integrityCheck = .none
        return configuration
    }

    /// Before: `count()` returned 2,147,483,648 and `HeightIndex` (the list's row index)
    /// trapped on it at `flick demo` start.
    @Test(arguments: ["2147483647", "9223372036854775807"])
    func aHugePositionIsACorruptStoreNotATrap(_ position: String) throws {
        let path = try store(named: "huge-\(position).sqlite", damage: "UPDATE posts SET position = \(position) WHERE position = 9")
        #expect { _ = try FeedStore(path: path, configuration: .viewing) } throws: {
            isCorrupt($0, path: path, saying: "past the 2147483647 rows a timeline can hold")
        }
        let unchecked = try FeedStore(path: path, configuration: Self.noCheck)
        #expect { _ = HeightIndex(rowCount: try unchecked.count()) } throws: {
            isCorrupt($0, path: path, saying: "past the 2147483647 rows")
        }
        #expect(throws: FeedStore.Error.self) { try unchecked.insert([DataFixtures.post(99)]) }
    }

    @Test func aGapInThePositionsIsACorruptStore() throws {
        let path = try store(named: "gap.sqlite", damage: "UPDATE posts SET position = 1000000000 WHERE position = 5")
        #expect { _ = try FeedStore(path: path, configuration: .viewing) } throws: {
            isCorrupt($0, path: path, saying: "10 posts at positions 0…1000000000: positions must be one run without gaps")
        }
        #expect { _ = try FeedStore(path: path, configuration: Self.noCheck).count() } throws: {
            isCorrupt($0, path: path, saying: "without gaps")
        }
    }

    /// Positions below 0 are where prepended posts go; one that leaves a gap is damage.
    @Test func aNegativePositionOffTheRunIsACorruptStore() throws {
        let path = try store(named: "negative.sqlite", damage: "UPDATE posts SET position = -3 WHERE position = 0")
        #expect { _ = try FeedStore(path: path, configuration: .viewing) } throws: {
            isCorrupt($0, path: path, saying: "10 posts at positions -3…9: positions must be one run without gaps")
        }
        let prepended = try store(named: "prepended.sqlite", damage: "UPDATE posts SET position = -2 WHERE position = 9")
        #expect { _ = try FeedStore(path: prepended, configuration: .viewing) } throws: {
            isCorrupt($0, path: prepended, saying: "without gaps")
        }
        let shifted = try store(named: "shifted.sqlite", damage: "UPDATE posts SET position = position - 10")
        #expect(try FeedStore(path: shifted, configuration: .viewing).count() == 10, "a run starting below 0 is sound")
    }

    @Test func soundPositionsCountAsBefore() throws {
        let path = try store(named: "sound.sqlite", count: 25, damage: "SELECT 1")
        #expect(try FeedStore(path: path, configuration: .viewing).count() == 25)
        #expect(try FeedStore(path: directory.path("empty.sqlite")).count() == 0)
    }

    @Test(arguments: [
        ("version", "'x'", "version is text, not integer"),
        ("version", "1.5", "version is real, not integer"),
        ("body", "'hello'", "body is text, not blob"),
        ("id", "x'00'", "id is blob, not text"),
    ])
    func aValueOfTheWrongTypeIsFoundByTheFullCheck(_ column: String, _ value: String, _ words: String) throws {
        let path = try store(named: "type-\(column)-\(value.hashValue).sqlite", damage: "UPDATE posts SET \(column) = \(value) WHERE position = 3")
        #expect { _ = try FeedStore(path: path) } throws: { isCorrupt($0, path: path, saying: "row 3: \(words)") }
    }

    @Test func aBodyOfTheWrongTypeIsADamagedRowWhenRead() throws {
        let path = try store(named: "body.sqlite", damage: "UPDATE posts SET body = 'hello' WHERE position = 3")
        let store = try FeedStore(path: path, configuration: .viewing)
        #expect(try store.posts(in: 0..<3).count == 3)
        #expect { _ = try store.posts(in: 0..<10) } throws: { error in
            guard case FeedStore.Error.corruptRecord(let errorPath, let row, _) = error else { return false }
            return errorPath == path && row == 3
        }
    }

    /// Before: the upsert read `version` with GRDB's non-throwing subscript, which traps on text.
    @Test func importingOverAVersionOfTheWrongTypeRepairsTheRow() throws {
        let path = try store(named: "version.sqlite", damage: "UPDATE posts SET version = 'x' WHERE position = 3")
        let store = try FeedStore(path: path, configuration: .viewing)
        let replacement = Post(
            id: DataFixtures.post(3).id, createdAt: DataFixtures.epoch2026, user: User(id: "u", name: "新"), text: "new text")
        #expect(try store.upsert(replacement) == .updated(row: 3))
        #expect(try store.posts(in: 3..<4) == [replacement])
        #expect(try store.upsert(replacement) == .unchanged(row: 3))
    }

    /// Before: a height stored as text in a store opened without checks trapped when read.
    @Test func aHeightOfTheWrongTypeIsNotTrusted() throws {
        let path = try store(named: "height.sqlite", count: 2, damage: "SELECT 1")
        let store = try FeedStore(path: path, configuration: Self.noCheck)
        let posts = try store.posts(in: 0..<2)
        try store.saveHeights(posts.map { LayoutHeight(postID: $0.id, contentVersion: $0.contentVersion, layoutKey: "k", height: 100) })
        try store.pool.write { db in try db.execute(sql: "UPDATE layout_heights SET height = 'tall' WHERE post_id = ?", arguments: [posts[0].id]) }
        #expect(try store.heights(in: 0..<2, layoutKey: "k") == [nil, 100])
    }

    /// Before: a crafted row holding a valid record of a 9 MB text decoded in full (and a
    /// 1 GB one would have too): the store read whatever size a file claimed.
    @Test func aRecordLargerThanAPostMayBeIsADamagedRow() throws {
        let path = try store(named: "huge-record.sqlite", damage: "SELECT 1")
        let huge = Post(id: "p3", createdAt: DataFixtures.epoch2026, user: User(id: "u", name: "n"), text: String(repeating: "x", count: 9 << 20))
        let raw = try DatabaseQueue(path: path)
        try raw.write { db in
            try db.execute(sql: "UPDATE posts SET body = ? WHERE position = 3", arguments: [Data(PostRecord.encode(huge))])
        }
        try raw.close()
        let store = try FeedStore(path: path, configuration: .viewing)
        #expect(try store.posts(in: 0..<3).count == 3)
        #expect { _ = try store.posts(in: 0..<10) } throws: { error in
            guard case FeedStore.Error.corruptRecord(let errorPath, 3, let reason) = error else { return false }
            return errorPath == path && reason.contains("larger than the 8388608 a post may take")
        }
        #expect { _ = try store.post(id: "p3") } throws: { _ in true }
    }
}
