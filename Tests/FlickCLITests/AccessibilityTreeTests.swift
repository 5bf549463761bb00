import FlickTestSupport
import FlickTimeline
import Foundation
import Testing

/// `flick gtk-demo` as a screen reader meets it: the app runs with GTK's AT-SPI bridge on a
/// private D-Bus session (`dbus-run-session`, the accessibility bus started on demand, settings
/// in memory) on the
/// test's X display, and `scripts/atspi-check.py` (the system Python's pyatspi) walks the real
/// tree from outside the process while driving the window through the X server: the list's items
/// with each post's words and "N of M" at the top (Home), after a fling, after the last page loads (the
/// list BUSY meanwhile), the focus events of the arrow keys, a link activated through AT-SPI's
/// Action (the app prints the tap); first of all, 20 posts arrive on top (the app's script
/// inserts them as it starts) without moving the post the reader was on.
@Suite("accessibility tree", .serialized)
struct AccessibilityTreeTests {
    static let posts = 2_000
    static let inserted = 20

    @Test func aScreenReaderReadsTheTimelineThroughATSPI() async throws {
        // A display of its own: the walk drags with the pointer, and on the shared display another
        // test's window (all sit at the origin, no window manager) could be on top of this one.
        let display = try XvfbServer()
        defer { display.stop() }
        let folder = FlickCommand.temporaryFolder("atspi")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try await FlickCommand.run(["generate", "--posts", "\(Self.posts)", "--out", folder.path, "--no-images"])
        try #require(generate.status == 0, "\(generate.stderr)")

        // What each row should say, from the store the app reads (row order = store order).
        let store = try FeedStore(path: folder.appendingPathComponent("feed.sqlite").path)
        let labels = try store.posts(in: 0..<store.count()).map { PostSpeech.label(of: $0) }
        try #require(labels.count == Self.posts)
        let expected = folder.appendingPathComponent("expected.json")
        let spec: [String: Any] = ["labels": labels, "window": "Flick — \(Self.posts) posts (GTK)", "inserted": Self.inserted]
        try JSONSerialization.data(withJSONObject: spec).write(to: expected)
        let script = folder.appendingPathComponent("script.txt")
        try Data("wait 2\ninsert 0 \(Self.inserted)\nwait 600\n".utf8).write(to: script)

        let appLog = folder.appendingPathComponent("app.log"), result = folder.appendingPathComponent("result.json")
        let harness = folder.appendingPathComponent("harness.sh")
        try Data(
            """
            export GTK_A11Y=atspi GDK_BACKEND=x11 DISPLAY='\(display.display)'
            '\(FlickCommand.binary.path)' gtk-demo --db '\(folder.path)' --script '\(script.path)' > '\(appLog.path)' 2>&1 &
            app=$!
            # The app keeps the test's G_DEBUG=fatal-warnings; pyatspi's own warnings are not ours.
            env -u G_DEBUG timeout 240 /usr/bin/python3 '\(Self.checker.path)' '\(expected.path)' > '\(result.path)'
            status=$?
            kill $app 2>/dev/null; wait $app 2>/dev/null
            exit $status
            """.utf8
        ).write(to: harness)
        let outcome = try await offCooperativePool { try SpawnedProcess.run(["/usr/bin/dbus-run-session", "--", "/bin/bash", harness.path], environment: Self.session, timeout: 300) }
        let log = (try? String(contentsOf: appLog, encoding: .utf8)) ?? ""
        let text = (try? String(contentsOf: result, encoding: .utf8)) ?? ""
        let report = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
        #expect(outcome.succeeded, "the walk failed (\(outcome.how)): \(report["failures"] ?? text)\napp: \(log.suffix(2_000))\n\(outcome.output.suffix(2_000))")

        let phases = report["phases"] as? [String: Any] ?? [:]
        #expect(Set(phases.keys) == ["arrived", "top", "fling", "page", "focus"], "\(phases)")
        #expect((report["focusEvents"] as? [String])?.count ?? 0 >= 2, "\(report["focusEvents"] ?? "no focus events")")
        #expect((report["busyEvents"] as? [Int])?.contains(1) == true, "\(report["busyEvents"] ?? "no busy events")")
        let activated = try #require(report["activated"] as? [String: Any], "no link was activated: \(text)")
        let row = try #require(activated["row"] as? Int), name = try #require(activated["name"] as? String)
        let taps = log.split(separator: "\n").filter { $0.hasPrefix("tap: row \(row): ") }
        #expect(taps.contains { $0.contains(name) }, "the app saw no tap of \(name) in row \(row): \(log.suffix(1_000))")
    }

    /// With the AT-SPI bus up and nobody saying they listen, the list keeps no proxies.
    @Test func withNobodyListeningTheListKeepsNoProxies() async throws {
        let display = try WindowTestDisplay.acquire()
        defer { display.stop() }
        let folder = FlickCommand.temporaryFolder("atspi-idle")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try await FlickCommand.run(["generate", "--posts", "200", "--out", folder.path, "--no-images"])
        try #require(generate.status == 0, "\(generate.stderr)")
        let script = folder.appendingPathComponent("script.txt"), report = folder.appendingPathComponent("report.json")
        try Data("fling -3000\nsettle\n".utf8).write(to: script)
        let command = "GTK_A11Y=atspi DISPLAY='\(display.name)' '\(FlickCommand.binary.path)' gtk-demo --db '\(folder.path)' --script '\(script.path)' --report '\(report.path)'"
        let outcome = try await offCooperativePool { try SpawnedProcess.run(["/usr/bin/dbus-run-session", "--", "/bin/sh", "-c", command], environment: Self.session, timeout: 120) }
        #expect(outcome.succeeded, "\(outcome.how): \(outcome.output.suffix(2_000))")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any] ?? [:]
        let accessibility = try #require(json["accessibility"] as? [String: Any])
        #expect(accessibility["proxies"] as? Bool == false && accessibility["proxiesMade"] as? Int == 0, "\(accessibility)")
    }

    /// The private session's environment: GSettings in memory, so the accessibility bus reads the
    /// schema defaults (nobody listening) and a screen reader saying it runs changes nothing on
    /// the machine (the bus launcher would write ScreenReaderEnabled to the user's dconf).
    static var session: [String: String] {
        ProcessInfo.processInfo.environment.merging(["GSETTINGS_BACKEND": "memory"]) { _, new in new }
    }

    /// scripts/atspi-check.py in this checkout.
    static var checker: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/atspi-check.py")
    }
}
