@testable import FlickWindow
import FlickTestSupport
import Foundation
import Testing

/// `flick demo --measure-idle` and `--measure-input` in a real window: the window at rest runs
/// no frames, and Down pressed through XTest is measured to the present of the frame that moved
/// the focus.
@Suite("Rest and input in the demo's report", .serialized)
struct RestAndInputReportTests {
    @Test func aWindowAtRestAndKeysThroughXTestAreMeasured() async throws {
        let display = try TestDisplay.acquire()
        defer { display.stop() }
        let name = try #require(TestDisplay.name)
        let folder = FlickBinary.temporaryFolder("rest-input")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await FlickBinary.generate(posts: 300, into: folder)
        let report = folder.appendingPathComponent("report.json")
        let result = try await FlickBinary.run(
            ["demo", "--db", folder.path, "--hz", "60", "--scale", "1", "--overlays", "none", "--measure-input", "6", "--measure-idle", "2",
             "--report", report.path],
            environment: ["DISPLAY": name])
        try #require(result.status == 0, "flick demo failed: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let idle = try #require(json["idle"] as? [String: Any])
        // At rest a window runs no frames; on a loaded machine a few rows drawn ahead or their
        // images may still land and each wakes one frame. Not resting is 120 frames at 60 Hz.
        #expect((idle["frames"] as? Int ?? 999) < 60, "a window at rest runs no frames: \(idle)")
        #expect((idle["seconds"] as? Double ?? 0) >= 1.9)
        #expect(idle["wakeupsPerSecond"] is Double && idle["cpuPercent"] is Double)
        // Another test's window may take the X focus between two presses: most must land.
        let measured = json["inputsMeasured"] as? Int ?? 0
        #expect(measured >= 3, "XTest key presses reached the window and were measured: \(measured) of 6")
        let latency = try #require(json["inputToPresentMs"] as? [String: Double])
        #expect(latency["p50"]! > 0 && latency["p50"]! <= latency["p99"]!)
        #expect(result.stdout.contains("input → presented"), "\(result.stdout)")
    }

    /// A live timeline at rest still polls on its clock (a requested frame wakes the window at
    /// the poll's time) and takes the new posts when their page lands (the client's mailbox
    /// wakes it), without running every frame.
    @Test func aLiveTimelineAtRestStillTakesNewPosts() async throws {
        let display = try TestDisplay.acquire()
        defer { display.stop() }
        let name = try #require(TestDisplay.name)
        let folder = FlickBinary.temporaryFolder("rest-live")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await FlickBinary.generate(posts: 300, into: folder)
        let report = folder.appendingPathComponent("report.json")
        let result = try await FlickBinary.run(
            ["demo", "--live", "--db", folder.path, "--cache", folder.appendingPathComponent("cache.sqlite").path, "--hz", "60", "--scale", "1",
             "--overlays", "none", "--measure-idle", "12", "--report", report.path],
            environment: ["DISPLAY": name])
        try #require(result.status == 0, "flick demo --live failed: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let idle = try #require(json["idle"] as? [String: Any])
        #expect((json["newPostsInserted"] as? Int ?? 0) >= 1, "the 10 s poll ran while the window rested: \(json)")
        #expect((idle["frames"] as? Int ?? 9999) < 300, "frames only for the poll, the landing and the pill (every frame at 60 Hz: 720): \(idle)")
    }
}

/// `InputLatencyProbe` pairs each input with the first frame that handled input at or after it.
@Suite("Input latency probe")
struct InputLatencyProbeTests {
    @Test func eachInputIsMeasuredToTheFirstInputFrameAfterIt() {
        let probe = InputLatencyProbe()
        let ms: UInt64 = 1_000_000
        probe.noteInputFrame(start: 95 * ms)  // an earlier input's frame, already running
        probe.notePresented(frameStart: 95 * ms, completed: 97 * ms)
        probe.noteSent(100 * ms)
        probe.noteInputFrame(start: 104 * ms)
        probe.notePresented(frameStart: 104 * ms, completed: 107 * ms)
        probe.noteSent(200 * ms)
        probe.noteInputFrame(start: 200 * ms)
        probe.notePresented(frameStart: 200 * ms, completed: 202 * ms)
        probe.noteSent(300 * ms)  // no frame handled it yet: left out
        #expect(probe.milliseconds == [7, 2])
    }
}
