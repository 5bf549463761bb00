import FlickRaster
import Foundation
import Testing

@Suite("flick render / generate")
struct RenderCommandTests {
    static let feedWithBrokenPosts = """
        {"posts": [
          {"id": "1", "created_at": "2026-11-20T08:15:00Z", "user": {"id": "u1", "name": "小明Alice", "verified": true},
           "text": "今天天气不错 @bob 看看 #Swift# https://example.com/x [微笑] 😀", "likes": 12000},
          {"id": "2", "created_at": "yesterday", "user": {"id": "u2", "name": "Bob"}, "text": "bad date"},
          {"created_at": "2026-11-20T08:15:00Z", "user": {"id": "u3", "name": "C"}, "text": "no id"},
          {"id": "4", "created_at": "2026-11-20T08:16:00Z", "user": {"id": "u4", "name": "D"}, "text": "fine"}
        ]}
        """

    @Test func rendersAPostAndReportsSkippedPostsOnStderr() async throws {
        let folder = FlickCommand.temporaryFolder("render")
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = folder.appendingPathComponent("feed.json")
        try Data(Self.feedWithBrokenPosts.utf8).write(to: feed)
        let out = folder.appendingPathComponent("cell.png")
        let result = try await FlickCommand.run(["render", "--feed", feed.path, "--id", "1", "--scale", "2", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let heightLine = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("height=") })
        let height = try #require(Double(heightLine.dropFirst("height=".count)))
        #expect(height > 100 && height < 400)
        let skipped = result.stderr.split(separator: "\n").filter { $0.contains("skipped") }
        #expect(skipped.count == 2)
        #expect(skipped.contains { $0.contains("post 1") && $0.contains("created_at") })
        #expect(skipped.contains { $0.contains("post 2") && $0.contains("id") })
        let png = try ImageDecoder.decode([UInt8](try Data(contentsOf: out)))
        #expect(png.pixelSize.width == 750)
        #expect(png.pixelSize.height == Int((height * 2).rounded()))
    }

    @Test func aFeedThatCannotLoadExitsNonZeroWithTheReason() async throws {
        let folder = FlickCommand.temporaryFolder("bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = folder.appendingPathComponent("feed.json")
        try Data("{\"posts\": [\n  {\"id\": \"1\",, }\n]}".utf8).write(to: feed)
        let result = try await FlickCommand.run(["render", "--feed", feed.path, "--id", "1", "--out", folder.appendingPathComponent("x.png").path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("line 2"), "\(result.stderr)")

        let missing = try await FlickCommand.run(["render", "--feed", folder.appendingPathComponent("nope.json").path, "--id", "1"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no such file"))
    }

    @Test func unknownIdExitsNonZero() async throws {
        let folder = FlickCommand.temporaryFolder("unknown")
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = folder.appendingPathComponent("feed.json")
        try Data(Self.feedWithBrokenPosts.utf8).write(to: feed)
        let result = try await FlickCommand.run(["render", "--feed", feed.path, "--id", "999"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("no post with id \"999\""))
    }

    @Test func generatedFeedRendersFromSQLiteWithImagesAndAsSkeleton() async throws {
        let folder = FlickCommand.temporaryFolder("generate")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try await FlickCommand.run(["generate", "--posts", "60", "--seed", "4", "--out", folder.path, "--json"])
        #expect(generate.status == 0, "\(generate.stderr)")
        for name in ["feed.sqlite", "feed.json", "images/a00.jpg", "images/p20.webp"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name)")
        }
        let full = folder.appendingPathComponent("full.png")
        let skeleton = folder.appendingPathComponent("skeleton.png")
        let id = "4870000000"
        let a = try await FlickCommand.run(["render", "--feed", folder.appendingPathComponent("feed.sqlite").path, "--id", id, "--images", "--out", full.path])
        let b = try await FlickCommand.run(["render", "--feed", folder.appendingPathComponent("feed.json").path, "--id", id, "--skeleton", "--out", skeleton.path])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(b.status == 0, "\(b.stderr)")
        #expect(a.stdout == b.stdout, "the same height from the database and the JSON")
        #expect(!a.stderr.contains("image"), "every image of the pool decodes: \(a.stderr)")
        let fullImage = try ImageDecoder.decode([UInt8](try Data(contentsOf: full)))
        let skeletonImage = try ImageDecoder.decode([UInt8](try Data(contentsOf: skeleton)))
        #expect(fullImage.pixelSize == skeletonImage.pixelSize)
        // The images were drawn: the cell differs from the same cell without them.
        let plain = folder.appendingPathComponent("plain.png")
        let c = try await FlickCommand.run(["render", "--feed", folder.appendingPathComponent("feed.sqlite").path, "--id", id, "--out", plain.path])
        #expect(c.status == 0, "\(c.stderr)")
        let plainImage = try ImageDecoder.decode([UInt8](try Data(contentsOf: plain)))
        #expect(plainImage.pixelSize == fullImage.pixelSize)
        #expect(plainImage.withUnsafeBytes { Array($0) } != fullImage.withUnsafeBytes { Array($0) }, "--images drew nothing")
    }
}
