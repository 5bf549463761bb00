import Foundation

/// An X display for the window tests of this target: the one in `DISPLAY` (`make test` runs
/// under `xvfb-run`), or one `Xvfb` started here and shared by every test holding it (its
/// number is put in `DISPLAY` for SDL and child processes); the last `stop()` ends it. Without
/// either, `acquire()` throws saying how to get one: the window tests fail rather than skip.
final class TestDisplay: @unchecked Sendable {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var shared: (server: Process, holders: Int)?

    private let ownsShare: Bool
    private init(ownsShare: Bool) { self.ownsShare = ownsShare }

    static func acquire() throws -> TestDisplay {
        lock.lock()
        defer { lock.unlock() }
        if let running = shared {
            shared = (running.server, running.holders + 1)
            return TestDisplay(ownsShare: true)
        }
        if let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty { return TestDisplay(ownsShare: false) }
        shared = (try startServer(), 1)
        return TestDisplay(ownsShare: true)
    }

    private static func startServer() throws -> Process {
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
        return server
    }

    /// Lets go of the display; the last holder of an Xvfb started here stops it.
    func stop() {
        guard ownsShare else { return }
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard let running = Self.shared else { return }
        guard running.holders <= 1 else {
            Self.shared = (running.server, running.holders - 1)
            return
        }
        Self.shared = nil
        unsetenv("DISPLAY")
        let server = running.server
        guard server.isRunning else { return }
        server.terminate()
        for _ in 0..<500 where server.isRunning { usleep(10_000) }
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.waitUntilExit()
    }
}
