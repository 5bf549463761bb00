import Foundation

/// The built `flick` binary (it sits beside the test bundle), run to completion by tests of
/// the command line and of the server.
public enum FlickBinary {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// The binary's path: the build folder above the test runner.
    public static var binary: URL {
        let runner = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        // The runner may sit inside a bundle folder (…/FlickPackageTests.xctest); walk up to the build folder.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("flick").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("flick")
    }

    /// Runs `flick` with `arguments` and waits for it on a thread of its own (`offCooperativePool`), never on the test's
    /// executor: a child running for seconds must not hold one of the few cooperative threads
    /// that in-process servers and clients of other suites need. `environment` is set on top
    /// of this process's environment.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        try await offCooperativePool { try runBlocking(arguments, environment: environment) }
    }

    /// `flick generate --posts N --out folder`: a feed for a test to run `flick` over.
    /// Throws with what the generator printed when it fails.
    public static func generate(posts: Int, into folder: URL) async throws {
        let generated = try await run(["generate", "--posts", String(posts), "--out", folder.path])
        guard generated.status == 0 else { throw GenerateFailure(description: "flick generate failed: \(generated.stderr)") }
    }

    public struct GenerateFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A new empty folder under the temporary directory.
    public static func temporaryFolder(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-cli-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The blocking run. Output goes to temporary files, not pipes: a child that fills one
    /// stream while nobody reads it would block forever.
    private static func runBlocking(_ arguments: [String], environment: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        }
        let folder = temporaryFolder("output")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout")
        let errURL = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
