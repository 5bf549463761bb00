import Foundation

/// An X display for in-process window tests: the one in `DISPLAY` (`make test` runs under
/// `xvfb-run`), or an `Xvfb` started here, whose number is put in `DISPLAY` for SDL. Without
/// either, `acquire()` throws saying how to get one: the window tests fail rather than skip.
final class TestDisplay {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    private let server: Process?

    private init(server: Process?) { self.server = server }

    static func acquire() throws -> TestDisplay {
        if let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty { return TestDisplay(server: nil) }
        guard let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Unavailable(description: "no X display: DISPLAY is unset and Xvfb is not installed (run `make test`)")
        }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: xvfb)
        server.arguments = ["-displayfd", "1", "-screen", "0", "1600x1600x24", "-nolisten", "tcp"]
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        // A test thread may block SIGTERM; an Xvfb started with it blocked never stops.
        var unblocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&unblocked)
        pthread_sigmask(SIG_SETMASK, &unblocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try server.run()
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
        setenv("DISPLAY", ":\(number)", 1)
        return TestDisplay(server: server)
    }

    /// Stops the Xvfb started here, if any, and forgets its `DISPLAY`.
    func stop() {
        guard let server else { return }
        unsetenv("DISPLAY")
        guard server.isRunning else { return }
        server.terminate()
        for _ in 0..<500 where server.isRunning { usleep(10_000) }
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.waitUntilExit()
    }
}
