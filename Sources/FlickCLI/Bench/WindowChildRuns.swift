import Foundation

/// What the benchmarks that run `flick` in windows of their own (child processes on this X
/// display) share: the display check, this binary's path, a scratch folder for the children's
/// reports, their JSON, and one error. Blocking, on the calling thread.
enum WindowChildRuns {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// This executable, run again as each child.
    static var flick: String { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path }

    /// Throws unless an X display is set: `option` opens windows.
    static func requireDisplay(for option: String) throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw Failure(description: "\(option) opens windows: run it on an X display (xvfb-run -a flick bench \(option))")
        }
    }

    /// Runs `body` with a fresh scratch folder named after `name`, removed afterwards.
    static func withFolder<Result>(_ name: String, _ body: (URL) throws -> Result) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// A child's JSON report as an object (empty when it is not one).
    static func report(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
    }
}
