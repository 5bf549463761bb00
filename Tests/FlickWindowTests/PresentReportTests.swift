import FlickTestSupport
import Foundation
import Testing

/// `flick demo --present …` in a real window: the report names the path taken and carries the
/// window clock's keys, for both paths.
@Suite("Present path in the demo's report", .serialized)
struct PresentReportTests {
    @Test(arguments: ["software", "gpu"])
    func reportNamesThePathAndTheWindowClock(path: String) async throws {
        let display = try TestDisplay.acquire()
        defer { display.stop() }
        let name = try #require(TestDisplay.name)
        let folder = FlickBinary.temporaryFolder("present-\(path)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await FlickBinary.generate(posts: 200, into: folder)
        let report = folder.appendingPathComponent("report.json")
        let script = folder.appendingPathComponent("script.txt")
        try Data("wait 0.1\nfling 4000\nsettle\n".utf8).write(to: script)
        let result = try await FlickBinary.run(
            ["demo", "--db", folder.path, "--present", path, "--lockstep", "--hz", "60", "--scale", "1", "--script", script.path,
             "--frames", "90", "--report", report.path],
            environment: ["DISPLAY": name])
        try #require(result.status == 0, "flick demo failed: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        #expect((json["display"] as? [String: Any])?["mode"] as? String == "window", "no window opened: \(result.stdout)")
        #expect(json["presentPath"] as? String == path)
        #expect(json["presentAsynchronous"] as? Bool == (path == "software"))
        let present = try #require(json["presentMs"] as? [String: Double])
        #expect(Set(present.keys) == ["p50", "p99", "max"])
        #expect(present["p50"]! > 0 && present["p50"]! <= present["p99"]! && present["p99"]! <= present["max"]!)
        for key in ["framesOverBudget", "missedFrames"] { #expect(json[key] is Int, "\(key)") }
        for key in ["hitchMsPerSecond", "framesOverBudgetPercent", "windowSeconds"] { #expect(json[key] is Double, "\(key)") }
        #expect((json["windowSeconds"] as? Double ?? 0) > 0)
        #expect(json["frames"] as? Int == 90)
        let redrawn = try #require(json["redrawnPercent"] as? [String: Double])
        let server = try #require(json["serverPresentMs"] as? [String: Double])
        let presented = try #require(json["presentedMs"] as? [String: Double])
        #expect(presented["p50"]! > 0 && presented["p50"]! <= presented["p99"]!)
        #expect((json["cpuPerScrolledSecond"] as? Double ?? 0) > 0, "the script's CPU per second is reported")
        #expect((json["startMs"] as? Double ?? 0) > 0, "process start → the first fully drawn frame is reported")
        if path == "software" {
            #expect(redrawn["p50"]! < 100, "a fling at rest and moving redraws only part of the window")
            #expect(server["p50"]! > 0, "the X server's time to take each frame is recorded")
            #expect(presented["p50"]! >= server["p50"]!, "end to end includes the server's part")
        } else {
            #expect(redrawn["p50"] == 0)
            #expect(server["max"] == 0, "synchronous presents: the server's time is in presentMs")
        }
        #expect(result.stdout.contains("\(path) present"), "\(result.stdout)")
    }

    @Test func theChatWindowReportsTheWindowClockToo() async throws {
        let display = try TestDisplay.acquire()
        defer { display.stop() }
        let name = try #require(TestDisplay.name)
        let folder = FlickBinary.temporaryFolder("present-chat")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report.json")
        let script = folder.appendingPathComponent("script.txt")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("wait 0.1\nfling -4000\nsettle\n".utf8).write(to: script)
        let result = try await FlickBinary.run(
            ["demo", "--client", "chat", "--messages", "400", "--present", "software", "--lockstep", "--hz", "60", "--scale", "1",
             "--script", script.path, "--frames", "60", "--report", report.path],
            environment: ["DISPLAY": name])
        try #require(result.status == 0, "flick demo --client chat failed: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        #expect(json["client"] as? String == "chat")
        #expect(json["presentPath"] as? String == "software")
        for key in ["framesOverBudget", "missedFrames"] { #expect(json[key] is Int, "\(key)") }
        for key in ["hitchMsPerSecond", "framesOverBudgetPercent", "windowSeconds"] { #expect(json[key] is Double, "\(key)") }
        #expect(result.stdout.contains("window clock: software present"), "\(result.stdout)")
    }
}
