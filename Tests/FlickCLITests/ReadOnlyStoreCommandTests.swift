import FlickTestSupport
import Foundation
import Testing

/// `flick` on stores it may not write and feeds that hold terminal escape sequences.
@Suite("flick on read-only stores and hostile text")
struct ReadOnlyStoreCommandTests {
    /// Before: `flick demo` opened the store read-write (migrator, checks in write
    /// transactions, WAL files beside it) and exited with "cannot open". The store's file is
    /// 0444 in a 0555 folder with no -wal/-shm beside it; as root (CI) the demo runs as
    /// `nobody` through setpriv, since permissions do not stop root.
    @Test func theDemoShowsAReadOnlyStoreAndWarnsOnceThatHeightsAreNotSaved() async throws {
        let folder = FlickCommand.temporaryFolder("readonly")
        defer {
            chmod(folder.path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        let feed = folder.appendingPathComponent("feed")
        let generate = try await FlickCommand.run(["generate", "--posts", "120", "--out", feed.path])
        try #require(generate.status == 0, "\(generate.stderr)")
        let database = feed.appendingPathComponent("feed.sqlite").path
        for sidecar in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + sidecar) }
        let output = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        chmod(output.path, 0o777)
        chmod(database, 0o444)
        chmod(feed.path, 0o555)
        defer { chmod(feed.path, 0o755) }
        let result = try await Self.runAsUnprivileged([
            "demo", "--headless", "--lockstep", "--db", feed.path, "--frames", "40", "--script", "flings",
            "--screenshot", output.appendingPathComponent("shot.png").path,
            "--report", output.appendingPathComponent("report.json").path,
        ])
        #expect(result.status == 0, "flick demo failed: \(result.stderr)")
        let warnings = result.stderr.components(separatedBy: "\n").filter { $0.contains("is read-only") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(warnings.first?.contains("feed.sqlite is read-only") == true)
        #expect(warnings.first?.contains("layout heights are not saved") == true)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("shot.png").path))
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
    }

    /// Before: a skipped post's reason quoted the feed's value raw, so `flick render` cleared
    /// the screen and retitled the terminal.
    @Test func warningsOnStderrCarryNoEscapeSequence() async throws {
        let folder = FlickCommand.temporaryFolder("escapes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = #"""
            {"posts":[
            {"id":"bad","created_at":"\u001b]0;pwned\u0007\u001b[2J","user":{"id":"u","name":"a"},"text":"x"},
            {"id":"ok","created_at":"2026-11-20T08:15:00Z","user":{"id":"u","name":"a\u001b[31m"},"text":"fine"}
            ]}
            """#
        let feed = folder.appendingPathComponent("feed.json")
        try Data(json.utf8).write(to: feed)
        let result = try await FlickCommand.run(
            ["render", "--feed", feed.path, "--id", "ok", "--out", folder.appendingPathComponent("ok.png").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(#"skipped post 0: "created_at" is not an ISO 8601 date with zone: "\u{1b}]0;pwned\u{7}\u{1b}[2J""#), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stderr.debugDescription)")
    }

    /// Runs `flick` as `nobody` when this process is root (through setpriv), else as is;
    /// waits on a dispatch thread, as FlickBinary does.
    static func runAsUnprivileged(_ arguments: [String]) async throws -> (status: Int32, stderr: String) {
        guard geteuid() == 0 else {
            let result = try await FlickCommand.run(arguments)
            return (result.status, result.stderr)
        }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
                    process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", FlickBinary.binary.path] + arguments
                    var environment = ProcessInfo.processInfo.environment
                    environment["HOME"] = "/nonexistent"
                    environment["XDG_CACHE_HOME"] = nil
                    process.environment = environment
                    let folder = FlickCommand.temporaryFolder("unprivileged-output")
                    defer { try? FileManager.default.removeItem(at: folder) }
                    let errURL = folder.appendingPathComponent("stderr")
                    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
                    let err = try FileHandle(forWritingTo: errURL)
                    process.standardError = err
                    process.standardOutput = FileHandle.nullDevice
                    try process.run()
                    process.waitUntilExit()
                    try err.close()
                    let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
                    continuation.resume(returning: (process.terminationStatus, stderr))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}
