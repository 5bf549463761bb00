import Foundation

/// Runs the built `flick` binary (it sits next to the test bundle) and captures its output.
struct FlickCommand {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static var binary: URL {
        let runner = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        // The runner may sit inside a bundle folder (…/FlickPackageTests.xctest); walk up to the build folder.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("flick").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("flick")
    }

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func temporaryFolder(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-cli-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
