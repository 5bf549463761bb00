import Foundation
import Testing

/// `flick demo --headless`: `--frames` is the run's length in frames, whether the script is
/// longer (cut mid-step) or shorter (the display idles up to it). Lockstep, so the counts do
/// not depend on the machine's speed.
@Suite("flick demo headless")
struct HeadlessDemoTests {
    @Test func framesCutALongScriptAndPadAShortOne() throws {
        let folder = FlickCommand.temporaryFolder("headless")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try FlickCommand.run(["generate", "--posts", "200", "--out", folder.path])
        try #require(generate.status == 0, "\(generate.stderr)")
        let short = folder.appendingPathComponent("short.txt")
        try Data("settle\n".utf8).write(to: short)
        // "flings" runs for seconds; 45 frames at 60 Hz ends inside its first fling's settle.
        for (script, frames) in [("flings", 45), (short.path, 150)] {
            let report = folder.appendingPathComponent("report-\(frames).json")
            let result = try FlickCommand.run(
                ["demo", "--headless", "--lockstep", "--db", folder.path, "--hz", "60", "--script", script,
                 "--frames", "\(frames)", "--screenshot", folder.appendingPathComponent("shot.png").path, "--report", report.path])
            try #require(result.status == 0, "flick demo failed: \(result.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any] ?? [:]
            #expect(json["frames"] as? Int == frames, "\(script): \(json["frames"] ?? "no frame count")")
        }
    }
}
