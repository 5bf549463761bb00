import Foundation
import Testing

/// `flick render` on feeds that cannot load: it must fail, and stderr must say which file and why.
@Suite("flick render on broken feeds")
struct RenderBrokenFeedTests {
    /// What SQLite files start with; `FeedSource` opens such a file as a feed store. Computed,
    /// not a stored global: a global `Data` keeps its storage pointer in enum spare bits,
    /// which LeakSanitizer (`make sanitize`) cannot see, and reports it as a leak.
    static var sqliteHeader: Data { Data("SQLite format 3\u{0}".utf8) }
    /// Bytes of noise after the header: a few pages' worth.
    static let noiseBytes = 16_384

    /// Deterministic noise (xorshift), so a failure reproduces.
    static func noise(count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> Data {
        var state = seed
        return Data((0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        })
    }

    @Test func aSQLiteHeaderFollowedByNoiseExitsNonZeroSayingTheStoreIsDamaged() async throws {
        let folder = FlickCommand.temporaryFolder("noise")
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = folder.appendingPathComponent("feed.sqlite")
        try (Self.sqliteHeader + Self.noise(count: Self.noiseBytes)).write(to: feed)
        let result = try await FlickCommand.run(["render", "--feed", feed.path, "--id", "1", "--out", folder.appendingPathComponent("x.png").path])
        #expect(result.status != 0)
        #expect(result.stderr.contains(feed.path), "names the file: \(result.stderr)")
        #expect(result.stderr.contains("damaged"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
    }

    @Test func aTruncatedGeneratedDatabaseExitsNonZeroSayingTheStoreIsDamaged() async throws {
        let folder = FlickCommand.temporaryFolder("truncated")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try await FlickCommand.run(["generate", "--posts", "2000", "--seed", "4", "--out", folder.path, "--no-images"])
        #expect(generate.status == 0, "\(generate.stderr)")
        let feed = folder.appendingPathComponent("feed.sqlite")
        let bytes = try Data(contentsOf: feed)
        try bytes.prefix(bytes.count / 2).write(to: feed)
        let result = try await FlickCommand.run(["render", "--feed", feed.path, "--id", "4870000000"])
        #expect(result.status != 0)
        #expect(result.stderr.contains(feed.path), "names the file: \(result.stderr)")
        #expect(result.stderr.contains("damaged"), "\(result.stderr)")
    }

    @Test func aJSONFeedWithoutPostsExitsNonZeroSayingPostsIsMissing() async throws {
        let folder = FlickCommand.temporaryFolder("noposts")
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = folder.appendingPathComponent("feed.json")
        try Data(#"{"next": "cursor-2", "items": [{"id": "1"}]}"#.utf8).write(to: feed)
        let result = try await FlickCommand.run(["render", "--feed", feed.path, "--id", "1", "--out", folder.appendingPathComponent("x.png").path])
        #expect(result.status != 0)
        #expect(result.stderr.contains(feed.path), "names the file: \(result.stderr)")
        #expect(result.stderr.contains(#"no "posts" field"#), "\(result.stderr)")
    }
}
