import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One TCP connection to a loopback port, for the protocol tests: sends bytes exactly as
/// written and reads what comes back, every read bounded by a receive timeout (a hang guard;
/// a test asserts on what arrived, never on how long it took). Blocking socket I/O on the
/// calling thread.
/// Reads run on a Dispatch thread, never on the test's task: the server under test answers on
/// the same process's cooperative pool (two threads on a 2-core machine), which a blocking
/// read would starve.
final class RawConnection: @unchecked Sendable {
    let fd: Int32

    /// Connects to `127.0.0.1:port`; each `recv` waits at most `timeout` seconds.
    init(port: Int, timeout: Int = 60) throws {
        fd = try RawHTTP.connect(port: port, timeout: timeout)
    }

    deinit { close(fd) }

    func send(_ text: String) throws {
        try send(Data(text.utf8))
    }

    func send(_ data: Data) throws {
        let sent = data.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == data.count else { throw RawHTTP.Failure("send failed (\(sent) of \(data.count))") }
    }

    /// Bytes received but not yet taken by `readResponse`.
    private var pending = Data()
    /// Whether the server closed its side (a read returned 0).
    private(set) var sawClose = false
    /// Whether the last read timed out.
    private(set) var timedOut = false

    /// Whether the server has sent something (or closed) that is not read yet. Never blocks.
    func hasIncoming() -> Bool {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// One read into `pending`; false at close, error or timeout.
    @discardableResult
    func receiveSome() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = recv(fd, &buffer, buffer.count, 0)
        if count > 0 {
            pending.append(buffer, count: count)
            return true
        }
        if count == 0 { sawClose = true } else { timedOut = errno == EAGAIN || errno == EWOULDBLOCK }
        return false
    }

    /// Reads until the server closes (or a read times out); returns everything not taken yet.
    func readToClose() async -> Data {
        (try? await Self.offPool { self.readToCloseNow() }) ?? Data()
    }

    func read(through marker: String) async throws -> String {
        try await Self.offPool { try self.readNow(through: marker) }
    }

    func readResponse(bodyless: Bool = false) async throws -> RawResponse {
        try await Self.offPool { try self.readResponseNow(bodyless: bodyless) }
    }

    /// Runs blocking socket work on a global Dispatch queue and waits for it.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let result: Result<T, any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: Result { try work() }) }
        }
        return try result.get()
    }

    private func readToCloseNow() -> Data {
        while receiveSome() {}
        defer { pending = Data() }
        return pending
    }

    /// Reads until `pending` holds `marker`; returns the bytes up to and including it.
    private func readNow(through marker: String) throws -> String {
        let needle = Data(marker.utf8)
        while pending.range(of: needle) == nil {
            guard receiveSome() else { throw RawHTTP.Failure("no \(marker.debugDescription) before close/timeout: \(String(decoding: pending, as: UTF8.self).prefix(300))") }
        }
        let range = pending.range(of: needle)!
        let text = String(decoding: pending[..<range.upperBound], as: UTF8.self)
        pending = Data(pending[range.upperBound...])
        return text
    }

    /// Reads one response framed by `Content-Length` (none: no body — a 304 or a HEAD).
    private func readResponseNow(bodyless: Bool = false) throws -> RawResponse {
        let headText = try readNow(through: "\r\n\r\n")
        let head = RawResponse.parseHead(headText)
        let length = bodyless ? 0 : Int(head.header("content-length") ?? "0") ?? 0
        while pending.count < length {
            guard receiveSome() else { throw RawHTTP.Failure("body cut at \(pending.count) of \(length)") }
        }
        let body = pending.prefix(length)
        pending = Data(pending.dropFirst(length))
        return RawResponse(statusLine: head.statusLine, headers: head.headers, body: Data(body))
    }
}

/// A response read off a raw connection.
struct RawResponse {
    let statusLine: String
    let headers: [(name: String, value: String)]
    let body: Data

    var status: Int { Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0 }
    var version: String { String(statusLine.split(separator: " ").first ?? "") }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    static func parseHead(_ text: String) -> (statusLine: String, headers: [(name: String, value: String)], header: (String) -> String?) {
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (lines.first ?? "", headers, { name in headers.first { $0.name.lowercased() == name.lowercased() }?.value })
    }
}

/// A command-line client from apt (curl, ab, wrk, python3) run under `timeout`, so a hang
/// ends as a failure instead of holding the suite.
enum ExternalClient {
    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Runs `arguments` (the first is the program) killed after `seconds`; reads stdout and
    /// stderr to the end on background threads.
    static func run(_ arguments: [String], seconds: Int = 30) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
                process.arguments = ["-k", "2", String(seconds)] + arguments
                // stdout to a file (no second reader thread), stderr through a pipe read to its end.
                let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("flick-client-\(UUID().uuidString)")
                FileManager.default.createFile(atPath: outURL.path, contents: nil)
                defer { try? FileManager.default.removeItem(at: outURL) }
                let err = Pipe()
                do {
                    process.standardOutput = try FileHandle(forWritingTo: outURL)
                    process.standardError = err
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let errData = err.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                let outData = (try? Data(contentsOf: outURL)) ?? Data()
                continuation.resume(
                    returning: Result(
                        status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                        errors: String(decoding: errData, as: UTF8.self)))
            }
        }
    }
}
