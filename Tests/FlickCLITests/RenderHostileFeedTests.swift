import FlickRaster
import Foundation
import Testing

/// `flick render` on the reliability review's hostile feeds: each renders (or fails) with a
/// clear message, and nothing outside the feed's folder reaches any output.
@Suite("flick render, hostile feeds")
struct RenderHostileFeedTests {
    static let secret = "SECRET-BYTES-42"

    func post(_ fields: String) -> String {
        #"{"posts":[{"id":"1","created_at":"2026-11-20T08:15:00Z","user":{"id":"u","name":"a"},"text":"hi","# + fields + "}]}"
    }

    /// Before: the file outside was drawn or its first bytes printed in the error.
    @Test func imagesOutsideTheFeedsFolderAreRefusedAndNothingOfThemIsPrinted() async throws {
        let root = FlickCommand.temporaryFolder("policy")
        defer { try? FileManager.default.removeItem(at: root) }
        let feedFolder = root.appendingPathComponent("feed")
        try FileManager.default.createDirectory(at: feedFolder, withIntermediateDirectories: true)
        let secret = root.appendingPathComponent("secret.txt")
        try Data(Self.secret.utf8).write(to: secret)
        let feed = feedFolder.appendingPathComponent("feed.json")
        let json = post(#""pics":[{"url":"../secret.txt"},{"url":"file://\#(secret.path)"},{"url":"/proc/self/environ"}]"#)
        try Data(json.utf8).write(to: feed)
        let out = root.appendingPathComponent("cell.png")
        let result = try await FlickCommand.run(["render", "--feed", feed.path, "--id", "1", "--images", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let refusals = result.stderr.split(separator: "\n").filter { $0.contains("refused") }
        #expect(refusals.count == 3, "\(result.stderr)")
        for line in refusals {
            #expect(line.hasPrefix("post 1: image "), "names the post: \(line)")
            #expect(line.contains("outside the feed's folder \(feedFolder.path)"), "\(line)")
        }
        #expect(refusals.contains { $0.contains("refused \(secret.path)") }, "names the path")
        #expect(refusals.contains { $0.contains("refused /proc/self/environ") })
        let hex = Self.secret.utf8.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
        for output in [result.stdout, result.stderr] {
            #expect(!output.contains(Self.secret) && !output.contains(hex) && !output.contains("first bytes"))
        }
        #expect(FileManager.default.fileExists(atPath: out.path), "the cell is drawn, with error tiles")
    }

    /// Before: a trap while reading glyph runs.
    @Test func aMillionCharacterNameRenders() async throws {
        let folder = FlickCommand.temporaryFolder("name")
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = folder.appendingPathComponent("feed.json")
        let json = #"{"posts":[{"id":"1","created_at":"2026-11-20T08:15:00Z","user":{"id":"u","name":""# + String(repeating: "x", count: 1_000_000) + #""},"text":"http://a"# + String(repeating: ")", count: 100_000) + #""}]}"#
        try Data(json.utf8).write(to: feed)
        let result = try await FlickCommand.run(["render", "--feed", feed.path, "--id", "1", "--out", folder.appendingPathComponent("cell.png").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("height="))
    }

    /// Before: the whole feed was rejected as invalid JSON.
    @Test func aLoneSurrogateIsRepairedWithAWarning() async throws {
        let folder = FlickCommand.temporaryFolder("surrogate")
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = folder.appendingPathComponent("feed.json")
        try Data(#"{"posts":[{"id":"1","created_at":"2026-11-20T08:15:00Z","user":{"id":"u","name":"a"},"text":"cut \ud83d\nnext line"}]}"#.utf8).write(to: feed)
        let result = try await FlickCommand.run(["render", "--feed", feed.path, "--id", "1", "--out", folder.appendingPathComponent("cell.png").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("repaired post 0: a lone UTF-16 surrogate escape"), "\(result.stderr)")
    }
}
