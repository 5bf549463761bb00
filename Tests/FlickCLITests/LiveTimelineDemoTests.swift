import Foundation
import Testing

/// `flick demo --live` and `--url`: the timeline read from a server through the offline cache,
/// paged by the script's `wait-page` and refreshed by its `pull`; the report carries the
/// paging counts.
@Suite("flick demo live timeline")
struct LiveTimelineDemoTests {
    static let script = """
        wait-page
        scroll 3000 2
        wait-page
        top
        settle
        pull
        wait-page
        settle
        """

    static func report(_ path: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any] ?? [:]
    }

    @Test func liveReadsPagesThroughTheEmbeddedServerAndReportsThem() async throws {
        let folder = FlickCommand.temporaryFolder("live-demo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try await FlickCommand.run(["generate", "--posts", "300", "--out", folder.path])
        try #require(generate.status == 0, "\(generate.stderr)")
        let script = folder.appendingPathComponent("live.txt")
        try Data(Self.script.utf8).write(to: script)
        let report = folder.appendingPathComponent("report.json")
        let cache = folder.appendingPathComponent("cache.sqlite")
        let result = try await FlickCommand.run(
            ["demo", "--live", "--headless", "--lockstep", "--db", folder.path, "--cache", cache.path, "--script", script.path,
             "--screenshot", folder.appendingPathComponent("shot.png").path, "--report", report.path])
        try #require(result.status == 0, "flick demo --live failed: \(result.stderr)")
        #expect(result.stdout.contains("serving http://127.0.0.1:"), "\(result.stdout)")
        let json = try Self.report(report)
        let pages = json["pagesLoaded"] as? Int ?? 0
        let older = json["olderPostsAppended"] as? Int ?? 0
        #expect(pages >= 3, "first page, a page while scrolling, the pull: \(pages)")
        #expect(older >= 40 && older % 20 == 0, "whole pages of 20: \(older)")
        #expect(json["rows"] as? Int == older + (json["newPostsInserted"] as? Int ?? -1))
        #expect(json["anchorDriftMaxPx"] as? Double ?? 99 <= 0.5)
        #expect(json["blankFrames"] as? Int == 0)
        #expect(json["offline"] as? Bool == false)
    }

    /// `make demo` twice: the embedded server takes the port it had, so the cache (and the image
    /// disk cache keyed by URL) keeps the feed it was filled from instead of starting over.
    @Test func aRelaunchedLiveDemoKeepsItsFeedAndItsCache() async throws {
        let folder = FlickCommand.temporaryFolder("live-relaunch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try await FlickCommand.run(["generate", "--posts", "300", "--out", folder.path])
        try #require(generate.status == 0, "\(generate.stderr)")
        let cache = folder.appendingPathComponent("cache.sqlite")
        func run(_ name: String, script: String) async throws -> [String: Any] {
            let scriptFile = folder.appendingPathComponent("\(name).txt")
            try Data(script.utf8).write(to: scriptFile)
            let report = folder.appendingPathComponent("\(name).json")
            let result = try await FlickCommand.run(
                ["demo", "--live", "--headless", "--lockstep", "--db", folder.path, "--cache", cache.path, "--script",
                 scriptFile.path, "--screenshot", folder.appendingPathComponent("\(name).png").path, "--report", report.path])
            try #require(result.status == 0, "flick demo --live failed: \(result.stderr)")
            return try Self.report(report)
        }
        let first = try await run("first", script: "wait-page\nscroll 3000 2\nwait-page\nscroll 3000 2\nwait-page\n")
        let firstRows = try #require(first["rows"] as? Int)
        try #require(firstRows >= 60, "three pages of 20 cached: \(firstRows)")
        let second = try await run("second", script: "wait 0.05\n")
        #expect(second["source"] as? String == first["source"] as? String, "the embedded feed kept its URL")
        #expect(second["rows"] as? Int ?? 0 >= firstRows, "the cached rows are shown at once, not fetched again")
    }

    @Test func urlReadsAServedTimelineAndAnUnreachableOneShowsTheCacheOffline() async throws {
        let folder = FlickCommand.temporaryFolder("url-demo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try await FlickCommand.run(["generate", "--posts", "120", "--out", folder.path])
        try #require(generate.status == 0, "\(generate.stderr)")
        let server = try FlickServeProcess(database: folder.appendingPathComponent("feed.sqlite").path, pageSize: 25)
        let script = folder.appendingPathComponent("url.txt")
        try Data("wait-page\nwait 0.5\n".utf8).write(to: script)
        let cache = folder.appendingPathComponent("cache.sqlite")
        let first = folder.appendingPathComponent("first.json")
        let online = try await FlickCommand.run(
            ["demo", "--url", server.timeline, "--headless", "--lockstep", "--cache", cache.path, "--script", script.path,
             "--screenshot", folder.appendingPathComponent("a.png").path, "--report", first.path])
        try #require(online.status == 0, "\(online.stderr)")
        #expect(try Self.report(first)["rows"] as? Int == 25)
        server.stop()
        // Relaunch with the server gone: the cached page shows at once, offline.
        let second = folder.appendingPathComponent("second.json")
        let offline = try await FlickCommand.run(
            ["demo", "--url", server.timeline, "--headless", "--lockstep", "--cache", cache.path, "--script", script.path,
             "--screenshot", folder.appendingPathComponent("b.png").path, "--report", second.path])
        try #require(offline.status == 0, "\(offline.stderr)")
        let json = try Self.report(second)
        #expect(json["rows"] as? Int == 25, "the cache")
        #expect(json["offline"] as? Bool == true)
        #expect(json["blankFrames"] as? Int == 0)
    }
}

/// `flick serve` in a child process on a free port, until `stop()`.
final class FlickServeProcess {
    let process = Process()
    let timeline: String

    init(database: String, pageSize: Int) throws {
        process.executableURL = FlickCommand.binary
        process.arguments = ["serve", "--db", database, "--port", "0", "--page-size", "\(pageSize)"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        let handle = output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let first = String(decoding: line, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard first.hasPrefix("serving ") else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "flick serve said: \(first)"])
        }
        timeline = String(first.dropFirst("serving ".count))
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    deinit { if process.isRunning { stop() } }
}
