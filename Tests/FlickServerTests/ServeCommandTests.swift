import FlickTimeline
import FlickTestSupport
import Foundation
import Testing

/// The real `flick serve` binary: first line, a page, SIGTERM.
@Suite(.timeLimit(.minutes(5)))
struct ServeCommandTests {
    @Test func serveAnnouncesItsPortServesPagesAndStopsOnSIGTERM() async throws {
        let process = Process()
        process.executableURL = FlickProcess.binary
        process.arguments = ["serve", "--db", TestFeeds.database(TestFeeds.small), "--port", "0", "--page-size", "7"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let line = try await Self.firstLine(of: output.fileHandleForReading)
        let match = try #require(line.wholeMatch(of: /serving http:\/\/127\.0\.0\.1:(\d+)\/timeline/), "\(line)")
        let port = try #require(Int(match.1))
        #expect(port > 0)

        let page = try await FeedPageFetcher(configuration: .patient).fetch(URL(string: "http://127.0.0.1:\(port)/timeline")!)
        #expect(page.posts.map(\.id) == Array(try TestFeeds.ids(TestFeeds.small).prefix(7)))

        kill(process.processIdentifier, SIGTERM)
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    /// Reads up to the first newline (blocking reads on a global queue).
    static func firstLine(of handle: FileHandle) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                var bytes = Data()
                while !bytes.contains(UInt8(ascii: "\n")) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes.append(chunk)
                }
                guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
                    continuation.resume(throwing: CocoaError(.fileReadCorruptFile))
                    return
                }
                continuation.resume(returning: String(decoding: bytes[..<newline], as: UTF8.self))
            }
        }
    }
}
