import FlickTestSupport
import Foundation
import Testing

/// `flick demo --url` (the real binary, headless) against a server that tries to exhaust it
/// (issue 30): the process stays under 300 MB of peak resident memory, the page fails into
/// the footer's retry state, the first page stays on screen and frames keep coming.
@Suite("flick demo against a hostile server")
struct HostileLiveDemoTests {
    static let server: HostileFeedServer = {
        do { return try HostileFeedServer() } catch { fatalError("cannot start the hostile server: \(error)") }
    }()

    @Test(arguments: [HostileFeedServer.Route.endlessChunked, .gzipBomb])
    func theLiveDemoStaysBoundedAndShowsTheFailure(_ route: HostileFeedServer.Route) async throws {
        let folder = FlickCommand.temporaryFolder("hostile-demo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("script.txt")
        try Data("wait-page\nwait-page\nwait 0.5\n".utf8).write(to: script)
        let report = folder.appendingPathComponent("report.json")
        let run = try await FlickCommand.runMeasured(
            ["demo", "--url", Self.server.feedURL(route).absoluteString, "--headless", "--lockstep",
             "--cache", folder.appendingPathComponent("cache.sqlite").path, "--script", script.path,
             "--screenshot", folder.appendingPathComponent("shot.png").path, "--report", report.path])
        print("hostile demo \(route.rawValue): peak RSS \(String(format: "%.1f", run.peakRSSMB)) MB, \(String(format: "%.2f", run.seconds)) s")
        try #require(run.result.status == 0, "\(route): \(run.result.stderr)")
        #expect(run.peakRSSMB <= Sanitizers.memoryBound(300), "\(route): peak RSS \(run.peakRSSMB) MB")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any] ?? [:]
        #expect(json["rows"] as? Int == 3, "\(route): the first page stays: \(json)")
        #expect(json["pageFailures"] as? Int ?? 0 >= 1, "\(route): the hostile page failed: \(json)")
        #expect(json["blankFrames"] as? Int == 0, "\(route)")
    }
}
