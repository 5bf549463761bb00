import Foundation

/// Runs one test alone in a child process of the test runner, for measurements that are
/// process-wide (resident memory) and would otherwise be disturbed by suites running in parallel.
///
/// The parent calls `runAlone(filter:)`, which re-launches the runner binary with
/// `--filter` and `FLICK_TEST_ALONE=1`; inside that child, `isAlone` is true and the test does
/// its real work. A failed expectation in the child makes it exit non-zero.
public enum IsolatedRun {
    public struct Outcome: Sendable {
        public let status: Int32
        public let output: String
    }

    static let environmentKey = "FLICK_TEST_ALONE"

    /// True inside the child process started by `runAlone(filter:)`.
    public static var isAlone: Bool {
        ProcessInfo.processInfo.environment[environmentKey] == "1"
    }

    /// Runs the tests matching `filter` in a fresh runner process and returns its exit status
    /// and combined output. Waits on a dispatch thread, not the caller's executor: the child
    /// runs for seconds, and the cooperative pool (two threads here) is shared with suites
    /// running in-process servers.
    public static func runAlone(filter: String) async throws -> Outcome {
        try await offCooperativePool { try runAloneBlocking(filter: filter) }
    }

    private static func runAloneBlocking(filter: String) throws -> Outcome {
        let runner = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        let process = Process()
        process.executableURL = runner
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        var environment = ProcessInfo.processInfo.environment
        environment[environmentKey] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
