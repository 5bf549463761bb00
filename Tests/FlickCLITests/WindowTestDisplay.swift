import FlickTestSupport
import Foundation

/// An X display for the window tests. `make test` runs the suite under `xvfb-run`, so
/// `DISPLAY` is set; otherwise an `Xvfb` is started here on a free display number (it
/// reports the number on its stdout with `-displayfd`). With neither, `acquire()` throws a
/// message saying how to get one: the window test fails rather than skips.
final class WindowTestDisplay {
    let name: String
    private let server: XvfbServer?

    private init(name: String, server: XvfbServer?) {
        self.name = name
        self.server = server
    }

    static func acquire() throws -> WindowTestDisplay {
        if let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty {
            return WindowTestDisplay(name: display, server: nil)
        }
        let server = try XvfbServer()
        return WindowTestDisplay(name: server.display, server: server)
    }

    /// Stops the Xvfb started here, if any.
    func stop() { server?.stop() }

    /// Runs the built `flick` with `DISPLAY` set to this display.
    func runFlick(_ arguments: [String]) async throws -> FlickCommand.Result {
        try await FlickCommand.run(arguments, environment: ["DISPLAY": name])
    }
}
