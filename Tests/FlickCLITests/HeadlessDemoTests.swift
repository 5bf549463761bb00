import Foundation
import Testing

/// `flick demo --headless`: `--frames` is the run's length in frames, whether the script is
/// longer (cut mid-step) or shorter (the display idles up to it). Lockstep, so the counts do
/// not depend on the machine's speed.
@Suite("flick demo headless")
struct HeadlessDemoTests {
    @Test func framesCutALongScriptAndPadAShortOne() async throws {
        let folder = FlickCommand.temporaryFolder("headless")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try await FlickCommand.run(["generate", "--posts", "200", "--out", folder.path])
        try #require(generate.status == 0, "\(generate.stderr)")
        let short = folder.appendingPathComponent("short.txt")
        try Data("settle\n".utf8).write(to: short)
        // "flings" runs for seconds; 45 frames at 60 Hz ends inside its first fling's settle.
        for (script, frames) in [("flings", 45), (short.path, 150)] {
            let report = folder.appendingPathComponent("report-\(frames).json")
            let result = try await FlickCommand.run(
                ["demo", "--headless", "--lockstep", "--db", folder.path, "--hz", "60", "--script", script,
                 "--frames", "\(frames)", "--screenshot", folder.appendingPathComponent("shot.png").path, "--report", report.path])
            try #require(result.status == 0, "flick demo failed: \(result.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any] ?? [:]
            #expect(json["frames"] as? Int == frames, "\(script): \(json["frames"] ?? "no frame count")")
        }
    }
}

/// `flick demo` with live edits: posts inserted above, deleted, moved and edited while the
/// reader reads and flings; the report says what the updates did to the reader's place.
@Suite("flick demo live edits")
struct LiveDemoTests {
    @Test func editsKeepTheReaderStillAndAreReported() async throws {
        let folder = FlickCommand.temporaryFolder("live")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try await FlickCommand.run(["generate", "--posts", "400", "--out", folder.path])
        try #require(generate.status == 0, "\(generate.stderr)")
        let script = folder.appendingPathComponent("live.txt")
        try Data(
            """
            jump 100
            settle
            insert 0 20
            delete 3 2
            move 10 40
            edit 5
            stream insert 0 1 every 0.1
            fling 3000
            wait 0.5
            stream stop
            settle
            scrollto 300 center
            settle
            """.utf8
        ).write(to: script)
        let report = folder.appendingPathComponent("report.json")
        let result = try await FlickCommand.run(
            ["demo", "--headless", "--lockstep", "--db", folder.path, "--script", script.path,
             "--screenshot", folder.appendingPathComponent("shot.png").path, "--report", report.path])
        try #require(result.status == 0, "flick demo failed: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any] ?? [:]
        let updates = try #require(json["updatesApplied"] as? Int)
        #expect(updates >= 4 + 4, "four edits and the stream's inserts (one per 0.1 s of the 0.5 s wait): \(updates)")
        #expect((json["anchoredUpdates"] as? Int ?? 0) > 0, "the drift below was measured on real updates")
        let drift = try #require(json["anchorDriftMaxPx"] as? Double)
        #expect(drift <= 0.5)
        #expect(json["flingsBrokenByUpdates"] as? Int == 0)
        #expect(json["blankFrames"] as? Int == 0)
    }
}

/// `flick demo --client chat`: the chat client replays its script headless; the report has the
/// timeline's keys plus `pinnedToBottom`.
@Suite("flick demo --client chat")
struct ChatDemoTests {
    @Test func theChatScriptEndsPinnedWithNoBlankFrame() async throws {
        let folder = FlickCommand.temporaryFolder("chat")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try await FlickCommand.run(["generate", "--posts", "50", "--out", folder.path])
        try #require(generate.status == 0, "\(generate.stderr)")
        let report = folder.appendingPathComponent("chat.json")
        let result = try await FlickCommand.run(
            ["demo", "--client", "chat", "--messages", "3000", "--headless", "--lockstep", "--db", folder.path,
             "--screenshot", folder.appendingPathComponent("chat.png").path, "--report", report.path])
        try #require(result.status == 0, "flick demo --client chat failed: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any] ?? [:]
        #expect(json["client"] as? String == "chat")
        #expect(json["pinnedToBottom"] as? Bool == true, "the script ends with a fling back to the newest message")
        #expect(json["blankFrames"] as? Int == 0)
        #expect((json["updatesApplied"] as? Int ?? 0) > 3, "messages streamed in")
        #expect((json["anchorDriftMaxPx"] as? Double ?? 1) <= 0.5)
        for key in ["mainThreadMs", "jankyFrames", "perFrame", "flingsBrokenByUpdates"] { #expect(json[key] != nil, "\(key)") }
    }
}
