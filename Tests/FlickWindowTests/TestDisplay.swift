import FlickTestSupport
import Foundation

/// An X display for the window tests of this target: the one in `DISPLAY` (`make test` runs
/// under `xvfb-run`), or one `Xvfb` started here and shared by every test holding it (its
/// number is put in `DISPLAY` for SDL and child processes); the last `stop()` ends it. Without
/// either, `acquire()` throws saying how to get one: the window tests fail rather than skip.
final class TestDisplay: @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var shared: (server: XvfbServer, holders: Int)?

    private let ownsShare: Bool
    private init(ownsShare: Bool) { self.ownsShare = ownsShare }

    /// The display's name for a child process's `DISPLAY` (`:99`), once acquired.
    static var name: String? {
        ProcessInfo.processInfo.environment["DISPLAY"] ?? String(validatingCString: getenv("DISPLAY"))
    }

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

    private static func startServer() throws -> XvfbServer {
        let server = try XvfbServer()
        setenv("DISPLAY", server.display, 1)
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
        running.server.stop()
    }
}
