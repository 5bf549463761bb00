import FlickCore
import FlickRaster
import Foundation
import Testing

/// `flick demo` in a real SDL window on an X display (Xvfb under `make test`): a scripted
/// session — drag, fling, a touch that stops it, scroll to top, a tap on a mention, a live
/// switch to the naive pipeline and back, then the mention held down — checked through the
/// screenshot the renderer reads back and the frame report. The runs are in lockstep (the
/// hidden `--lockstep`: workers finish each frame's work, the clock moves one frame per frame),
/// so whether the script fits in its frames does not depend on how fast Xvfb draws.
@Suite("flick demo in a window", .serialized)
struct WindowDemoTests {
    static let frames = 900
    static let viewport = Size(width: 375, height: 667)

    @Test func scriptedSessionShowsTextWhereTheLayoutSaysAndThePressedMention() async throws {
        let display = try WindowTestDisplay.acquire()
        defer { display.stop() }
        let folder = FlickCommand.temporaryFolder("window")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try await FlickCommand.run(["generate", "--posts", "200", "--out", folder.path])
        try #require(generate.status == 0, "\(generate.stderr)")
        func demo(_ name: String, script: String, extra: [String] = []) async throws -> (WindowReport, WindowScreenshot) {
            let scriptFile = folder.appendingPathComponent("\(name).txt")
            try Data(script.utf8).write(to: scriptFile)
            let shot = folder.appendingPathComponent("\(name).png")
            let report = folder.appendingPathComponent("\(name).json")
            let result = try await display.runFlick(
                ["demo", "--db", folder.path, "--hz", "60", "--lockstep", "--overlays", "none", "--script", scriptFile.path,
                 "--screenshot", shot.path, "--report", report.path] + extra)
            try #require(result.status == 0, "flick demo failed: \(result.stderr)")
            let parsed = try WindowReport(path: report)
            try #require(parsed.mode == "window", "flick demo did not open a window on \(display.name): \(result.stdout)")
            return (parsed, try WindowScreenshot(path: shot, scale: 2))
        }

        // 1. The list at rest at the top: find a mention to tap.
        let (probe, before) = try await demo("probe", script: "settle\nwait 0.2\n")
        let mention = try #require(
            probe.rows.flatMap(\.links).first { link in
                link.kind == "mention" && link.rects.count == 1
                    && link.rects[0].minY > 0 && link.rects[0].maxY < Self.viewport.height * 0.7
            }, "no mention in the first screen of the generated feed")
        let target = mention.rects[0].center

        // 2. The session, ending with the mention held down.
        let session = """
            wait 0.2
            drag 560 160 0.3
            settle
            fling 9000
            wait 0.2
            touch
            settle
            top
            settle
            tap \(target.x) \(target.y)
            wait 0.2
            key p
            wait 0.3
            key p
            settle
            press \(target.x) \(target.y)
            wait 0.5
            """
        let (report, shot) = try await demo("session", script: session, extra: ["--frames", "\(Self.frames)"])

        #expect(report.frames == Self.frames)
        #expect(report.blankFrames == 0)
        #expect(report.scriptCompleted == true, "the script did not finish within \(Self.frames) frames")
        #expect(report.pipelinesUsed == ["flick", "naive"], "P switched to the naive pipeline and back")
        #expect(report.tapDescriptions.contains { $0.contains("mention \(mention.text)") }, "\(report.tapDescriptions)")
        #expect(shot.bitmap.pixelSize == PixelSize(width: 750, height: 1334))

        // Not blank: white cells with many colours on them.
        #expect(shot.distinctColours > 40, "the window shows a flat frame")
        #expect(shot.fraction(in: shot.bounds, where: WindowScreenshot.isPaper) > 0.4)

        // Text where the layout says text is, and nothing in the separator bands.
        let rows = report.rows.filter { $0.top >= 0 && $0.top + $0.height <= Self.viewport.height }
        try #require(!rows.isEmpty, "no row fully on screen")
        for row in rows {
            for text in row.texts where text.width > 8 {
                #expect(shot.fraction(in: text, where: WindowScreenshot.isInk) > 0.01, "no glyphs in \(text) of row \(row.row)")
            }
            if let separator = row.separator {
                #expect(shot.fraction(in: separator, where: WindowScreenshot.isSeparator) > 0.98, "separator of row \(row.row)")
            }
        }

        // The held mention shows the highlight colour behind it; unpressed, it did not.
        #expect(report.pressed?["description"] as? String == "mention \(mention.text) in post \(postID(report.pressed))")
        let pressedRects = report.pressedRects
        #expect(pressedRects == mention.rects, "the press landed on the mention found at rest")
        for rect in pressedRects {
            let pressed = shot.fraction(in: rect, where: WindowScreenshot.isHighlight)
            let resting = before.fraction(in: rect, where: WindowScreenshot.isHighlight)
            #expect(pressed > 0.3, "highlight covers \(pressed) of \(rect)")
            #expect(resting < 0.1, "unpressed, \(resting) of \(rect) already looked highlighted")
        }
    }

    private func postID(_ pressed: [String: Any]?) -> String {
        (pressed?["description"] as? String)?.components(separatedBy: "in post ").last ?? ""
    }
}
