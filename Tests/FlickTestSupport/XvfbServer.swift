import Foundation

/// An `Xvfb` started for window tests that run without a display (`make test` runs them under
/// `xvfb-run`, so this is for running a suite on its own): a free display number reported with
/// `-displayfd`, a 1600×1600×24 screen, no TCP. One copy for every test target that opens
/// windows. Any thread.
public final class XvfbServer: @unchecked Sendable {
    /// Why no server could be started; says how to get a display.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The display name, ":N".
    public let display: String
    // @unchecked: `process` is only started in `init` and stopped in `stop()`.
    private let process: Process

    /// Starts the server and returns once it accepts connections.
    public init() throws {
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
        process = server
        display = ":\(number)"
    }

    /// Stops the server (SIGTERM; SIGKILL if it has not gone in 5 s) and waits for it.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<500 where process.isRunning { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
