import Foundation

/// An X display for the window tests. `make test` runs the suite under `xvfb-run`, so
/// `DISPLAY` is set; otherwise an `Xvfb` is started here on a free display number (it
/// reports the number on its stdout with `-displayfd`). With neither, `acquire()` throws a
/// message saying how to get one: the window test fails rather than skips.
final class WindowTestDisplay {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    let name: String
    private let server: Process?

    private init(name: String, server: Process?) {
        self.name = name
        self.server = server
    }

    static func acquire() throws -> WindowTestDisplay {
        if let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty {
            return WindowTestDisplay(name: display, server: nil)
        }
        guard let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Unavailable(description: "no X display: DISPLAY is unset and Xvfb is not installed (run `make test`, which installs xvfb and runs the tests under xvfb-run)")
        }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: xvfb)
        server.arguments = ["-displayfd", "1", "-screen", "0", "1600x1600x24", "-nolisten", "tcp"]
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        // The child inherits this thread's signal mask; a test runs on a dispatch worker that
        // blocks SIGTERM, and an Xvfb started with it blocked never stops. Unblock around the spawn.
        var unblocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&unblocked)
        pthread_sigmask(SIG_SETMASK, &unblocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try server.run()
        // Xvfb writes the display number once it accepts connections (EOF if it died).
        var text = ""
        while !text.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.terminate()
            throw Unavailable(description: "no X display: Xvfb did not start (\(text.debugDescription))")
        }
        return WindowTestDisplay(name: ":\(number)", server: server)
    }

    /// Stops the Xvfb started here, if any (SIGTERM; SIGKILL if it has not gone in 5 s).
    func stop() {
        guard let server, server.isRunning else { return }
        server.terminate()
        for _ in 0..<500 where server.isRunning { usleep(10_000) }
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.waitUntilExit()
    }

    /// Runs the built `flick` with `DISPLAY` set to this display.
    func runFlick(_ arguments: [String]) async throws -> FlickCommand.Result {
        try await FlickCommand.run(arguments, environment: ["DISPLAY": name])
    }
}
