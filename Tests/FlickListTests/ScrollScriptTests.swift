import FlickList
import Testing

@Suite("ScrollScript")
struct ScrollScriptTests {
    @Test func parsesEveryCommandWithCommentsAndBlankLines() throws {
        let script = try ScrollScript(parsing: """
            # a session
            wait 0.5
            drag 500 200 0.25   # up the screen

            fling -8000
            scroll 3000 2
            touch
            tap 120 210
            top
            jump 5000
            resize 667
            reload 10 11 12
            settle
            pull
            wait-page
            """)
        #expect(script.steps == [
            .wait(seconds: 0.5), .drag(fromY: 500, toY: 200, seconds: 0.25), .fling(velocity: -8000),
            .scroll(velocity: 3000, seconds: 2), .touch, .tap(x: 120, y: 210), .scrollToTop, .jump(row: 5000),
            .resize(width: 667), .reload(rows: [10, 11, 12]), .settle, .pull, .waitPage,
        ])
    }

    @Test(arguments: [
        ("wait", "wait takes 1 argument(s), got 0"),
        ("wait soon", "wait: seconds must be a number, got \"soon\""),
        ("wait 100000", "wait: seconds must be in 0…600"),
        ("fling 1 2", "fling takes 1 argument(s), got 2"),
        ("jump -3", "jump: row must be a whole number in 0…1000000000"),
        ("jump 1e300", "jump: row must be a whole number in 0…1000000000"),
        ("reload 4 1e30", "reload: rows must be whole numbers in 0…1000000000"),
        ("resize 20", "resize: width must be in 100…4000"),
        ("reload", "reload: name at least one row"),
        ("spin 3", "unknown command \"spin\""),
        ("wait nan", "wait: seconds must be a number, got \"nan\""),
    ])
    func badLinesNameTheLineAndTheReason(line: String, reason: String) {
        do {
            _ = try ScrollScript(parsing: "wait 0.1\n\(line)\n")
            Issue.record("\(line) parsed")
        } catch {
            #expect(error.line == 2)
            #expect(error.reason == reason)
            #expect(error.description == "script line 2: \(reason)")
        }
    }

    @Test func everyStandardScriptParses() throws {
        for (name, text) in StandardScripts.all + StandardScripts.live + [("demo", StandardScripts.demo)] {
            let script = try ScrollScript(parsing: text)
            #expect(!script.steps.isEmpty, "\(name)")
            #expect(script.steps.last == .settle, "\(name) ends settled")
        }
    }
}

@Suite("ScrollScript: live edits")
struct ScrollScriptEditTests {
    @Test func parsesEditsScrollToAndStreams() throws {
        let script = try ScrollScript(parsing: """
            insert 0 20
            delete 5 2
            move 3 10
            edit 4
            scrollto 5000 center
            scrollto 7 bottom animated
            stream insert 0 1 every 0.1
            stream stop
            """)
        #expect(script.steps == [
            .change(.insert(row: 0, count: 20)), .change(.delete(row: 5, count: 2)), .change(.move(from: 3, to: 10)),
            .change(.edit(row: 4)), .scrollTo(row: 5000, align: .center, animated: false),
            .scrollTo(row: 7, align: .bottom, animated: true), .stream(.insert(row: 0, count: 1), every: 0.1), .stopStreams,
        ])
    }

    @Test(arguments: [
        ("insert 0", "insert takes 2 argument(s), got 1"),
        ("insert 0 0", "insert: count must be a whole number in 1…100000, got \"0\""),
        ("delete -1 2", "delete: row must be a whole number in 0…1000000000, got \"-1\""),
        ("scrollto 5 middle", "scrollto: \"middle\" is not top, center, bottom or animated"),
        ("stream insert 0 1 every 0", "stream: seconds must be in 0.001…600"),
        ("stream edit 3", "stream: write `stream EDIT every SECONDS` or `stream stop`"),
    ])
    func badEditsNameTheProblem(line: String, reason: String) {
        #expect(throws: ScrollScript.ParseError(line: 1, reason: reason)) { try ScrollScript(parsing: line) }
    }
}
