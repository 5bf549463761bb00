import Foundation
import Testing
@testable import FlickCLI

/// The first-run feed (`FeedDatabase`) is generated atomically: an interrupted generation
/// leaves no `feed.sqlite` that a later run would reuse as a partial feed.
@Suite("Default feed generation")
struct FeedDatabaseTests {
    /// Before: the feed was written in place, so a failure (or Ctrl-C) midway left a partial
    /// `feed.sqlite` that every later run reused.
    @Test func aGenerationThatFailsMidwayLeavesNoFeed() throws {
        let folder = FlickCommand.temporaryFolder("first-run").appendingPathComponent("demo-feed")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let database = FeedDatabase(given: nil, defaultFolder: folder.path, posts: 40, withImages: false)
        struct Interrupted: Error {}
        #expect(throws: Interrupted.self) {
            try database.inScratchFolder(beside: folder) { scratch in
                _ = try Generate.writeFeed(posts: 40, seed: 1, into: scratch, images: false, json: false)
                throw Interrupted()
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("feed.sqlite").path))
        let parent = folder.deletingLastPathComponent()
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).allSatisfy { !$0.contains("partial") })
        let path = try database.path()
        #expect(path == folder.appendingPathComponent("feed.sqlite").path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["demo-feed"])
    }
}
