import FlickList
import FlickWindow
import Testing

@Suite("Window scripts and options")
struct WindowScriptTests {
    @Test func parsesWindowCommandsAndScrollScriptLines() throws {
        let script = try WindowScript(parsing: """
            drag 500 200 0.25   # a list line
            press 120.5 210
            wait 0.3
            release
            key p
            key space
            size 414 736
            """)
        #expect(script.steps == [
            .list(.drag(fromY: 500, toY: 200, seconds: 0.25)), .press(x: 120.5, y: 210), .list(.wait(seconds: 0.3)), .release,
            .list(.key(KeyPress(.character("p")), repeats: 1, perSecond: 30)), .list(.key(KeyPress(.space), repeats: 1, perSecond: 30)),
            .size(width: 414, height: 736),
        ])
        #expect(
            script.scrollScript.steps == [
                .drag(fromY: 500, toY: 200, seconds: 0.25), .tap(x: 120.5, y: 210), .wait(seconds: 0.3),
                .key(KeyPress(.character("p")), repeats: 1, perSecond: 30), .key(KeyPress(.space), repeats: 1, perSecond: 30), .resize(width: 414),
            ],
            "headless: a press is a tap, a size change keeps its width")
    }

    @Test func errorsNameTheLineInTheWholeScript() throws {
        #expect(throws: WindowScript.ParseError(line: 3, reason: "press takes x and y in points")) {
            try WindowScript(parsing: "wait 1\n\npress 1\n")
        }
        #expect(throws: WindowScript.ParseError(line: 2, reason: "unknown command \"flyaway\"")) {
            try WindowScript(parsing: "top\nflyaway 3\n")
        }
        #expect(throws: WindowScript.ParseError.self) { try WindowScript(parsing: "key nosuchkey") }
        #expect(throws: WindowScript.ParseError.self) { try WindowScript(parsing: "release now") }
        #expect(throws: WindowScript.ParseError.self) { try WindowScript(parsing: "size 10 800") }
        // `size` takes the window's viewport range, the one `--width`/`--height` take too.
        #expect(throws: WindowScript.ParseError(line: 1, reason: "size takes a width and a height in 200…4000 points")) {
            try WindowScript(parsing: "size 199 800")
        }
        #expect(try WindowScript(parsing: "size 200 4000").steps == [.size(width: 200, height: 4_000)])
        #expect(WindowConfiguration.viewportSides == 200...4_000)
    }

    @Test func overlayNames() throws {
        #expect(try OverlayOptions.parse("none").get() == [])
        #expect(try OverlayOptions.parse("hud, ranges,TINT").get() == [.hud, .ranges, .rowTint])
        #expect(try OverlayOptions.parse("misaligned,keys,status").get() == [.misaligned, .keys, .statusBar])
        guard case .failure(let error) = OverlayOptions.parse("hud,sparkles") else {
            Issue.record("an unknown overlay must be refused")
            return
        }
        #expect(error.name == "sparkles")
    }
}
