import FlickCore
import FlickRaster
import Foundation
import Testing

/// `flick gtk-demo --compare` on an X display (Xvfb under `make test`): both widgets run the
/// same script in one process with the same GSK renderer, and the report holds both sides
/// with the frame-clock phases; Flick's widget paints nothing while its list is idle.
/// Lockstep, so the frame counts do not depend on how fast Xvfb draws.
@Suite("flick gtk-demo", .serialized)
struct GtkDemoCommandTests {
    @Test func compareReportsBothWidgetsAndAnIdleListIsNotRepainted() async throws {
        let display = try WindowTestDisplay.acquire()
        defer { display.stop() }
        let folder = FlickCommand.temporaryFolder("gtk-demo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try await FlickCommand.run(["generate", "--posts", "200", "--out", folder.path])
        try #require(generate.status == 0, "\(generate.stderr)")
        let script = folder.appendingPathComponent("script.txt")
        // A drag, its fling settling, then a second at rest.
        try Data("drag 500 200 0.3\nsettle\nwait 1\n".utf8).write(to: script)
        let report = folder.appendingPathComponent("report.json")
        let result = try await display.runFlick(
            ["gtk-demo", "--db", folder.path, "--lockstep", "--compare", "--script", script.path, "--report", report.path])
        try #require(result.status == 0, "flick gtk-demo failed: \(result.stderr)")
        #expect(result.stdout.contains("| Flick widget |") && result.stdout.contains("| GtkListView |"), "\(result.stdout)")

        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any] ?? [:]
        let flick = try #require(json["flick"] as? [String: Any]), gtk = try #require(json["gtk"] as? [String: Any])
        for side in [flick, gtk] {
            let frames = try #require(side["frames"] as? Int)
            #expect(frames > 60, "the script ran: \(frames) frames")
            let phases = try #require(side["phasesMs"] as? [String: Any])
            #expect(Set(phases.keys) == ["update", "layout", "paint", "afterPaint"])
            #expect(side["mainThreadCpuMs"] is [String: Any])
            #expect(side["mainThreadMs"] is [String: Any] && side["perFrame"] is [Any], "flick demo's report keys")
        }
        #expect(flick["renderer"] as? String == gtk["renderer"] as? String, "one renderer for both sides")
        #expect((flick["renderer"] as? String)?.hasPrefix("Gsk") == true, "\(flick["renderer"] ?? "no renderer")")

        // The last second is idle: Flick's frames then change nothing and are not painted.
        let frames = try #require(flick["frames"] as? Int), painted = try #require(flick["framesPainted"] as? Int)
        let paint = try #require(flick["paint"] as? [String: Any])
        let unchanged = try #require(paint["unchangedFrames"] as? Int)
        #expect(unchanged >= 55, "\(unchanged) frames left unpainted; the idle second is 60")
        #expect(painted <= frames - 55, "\(painted) of \(frames) frames painted")
    }

    /// GSK's Cairo renderer gets Cairo nodes for the rows, the GL renderer texture nodes: the
    /// same lockstep frame reads back the same from both (scale factor 2).
    @Test func theCairoRendererShowsTheSameFrameAsGL() async throws {
        let display = try WindowTestDisplay.acquire()
        defer { display.stop() }
        let folder = FlickCommand.temporaryFolder("gtk-demo-renderers")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try await FlickCommand.run(["generate", "--posts", "100", "--out", folder.path])
        try #require(generate.status == 0, "\(generate.stderr)")
        let script = folder.appendingPathComponent("script.txt")
        try Data("jump 7\nsettle\nwait 0.5\n".utf8).write(to: script)
        var shots: [String: WindowScreenshot] = [:]
        for renderer in ["gl", "cairo"] {
            let shot = folder.appendingPathComponent("\(renderer).png"), report = folder.appendingPathComponent("\(renderer).json")
            let result = try await display.runFlick(
                ["gtk-demo", "--db", folder.path, "--lockstep", "--scale", "2", "--renderer", renderer, "--script", script.path,
                 "--screenshot", shot.path, "--report", report.path])
            try #require(result.status == 0, "flick gtk-demo --renderer \(renderer) failed: \(result.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any] ?? [:]
            #expect((json["renderer"] as? String)?.lowercased().contains(renderer) == true, "\(json["renderer"] ?? "no renderer")")
            let paint = json["paint"] as? [String: Any] ?? [:]
            #expect(paint["cairoNodes"] as? Bool == (renderer == "cairo"), "rows as Cairo nodes only for the Cairo renderer")
            shots[renderer] = try WindowScreenshot(path: shot, scale: 2)
        }
        let gl = try #require(shots["gl"]).bitmap, cairo = try #require(shots["cairo"]).bitmap
        try #require(gl.pixelSize == cairo.pixelSize)
        #expect(try #require(shots["gl"]).distinctColours > 20, "the frame shows posts")
        var differing = 0
        for y in 0..<gl.pixelSize.height {
            for x in 0..<gl.pixelSize.width where gl.pixel(x: x, y: y).maxChannelDifference(to: cairo.pixel(x: x, y: y)) > 8 { differing += 1 }
        }
        #expect(Double(differing) / Double(gl.pixelSize.area) < 0.001, "\(differing) pixels differ between the renderers")
    }
}
