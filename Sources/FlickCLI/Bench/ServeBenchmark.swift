import FlickServer
import Foundation

/// `flick bench --serve`: wrk (from apt) against `flick serve`'s `/timeline?limit=50` and
/// against nginx (from apt) serving the very same bytes as a static file, on loopback, in
/// one run — plain and gzip (nginx's `gzip_static` serving the server's own gzip bytes). The
/// ratio to the static rate is the figure that travels between machines. Blocking, on the
/// calling thread (not the main actor: it waits on the server's start and stop).
struct ServeBenchmark {
    /// One wrk run.
    struct Run {
        let target: String
        let encoding: String
        let requestsPerSecond: Double
        let p50Milliseconds: Double
        let p99Milliseconds: Double
        let bytes: Int
        let errors: String?
    }

    /// Why the benchmark could not run.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let database: String
    let seconds: Int
    let connections: Int
    let threads: Int
    let limit: Int
    /// The uncached page's stages, measured before the load runs.
    private(set) var cost: FeedServer.PageCost?
    /// The 1-minute load average before the runs (`/proc/loadavg`): other work on the
    /// machine moves the tails of both servers, so it is written beside them.
    private(set) var loadAverage: Double?

    mutating func run(progress: (String) -> Void) throws -> [Run] {
        for tool in ["wrk", "nginx", "curl"] where Self.which(tool) == nil {
            throw Failure(description: "\(tool) is not installed (make setup installs it: scripts/apt-packages.txt)")
        }
        loadAverage = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.flatMap { Double($0) }
        let server = try FeedServer(databasePath: database)
        progress("the cost of an uncached page, by stage")
        cost = try server.measurePageCost(limit: limit)
        let port = try runBlocking { try await server.start() }
        defer { _ = try? runBlocking { await server.stop() } }
        let page = "http://127.0.0.1:\(port)/timeline?limit=\(limit)"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-serve-\(UUID().uuidString)")
        let root = folder.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The static reference serves the bytes the server sends: plain and gzip.
        try Self.command(["curl", "-sS", "--fail", "-o", root.appendingPathComponent("timeline").path, page])
        try Self.command(["curl", "-sS", "--fail", "-H", "Accept-Encoding: gzip", "-o", root.appendingPathComponent("timeline.gz").path, page])
        let sizes = try ["timeline", "timeline.gz"].map { name in
            try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(name).path)[.size] as? Int ?? 0
        }
        let nginx = try NginxReference(folder: folder, root: root)
        defer { nginx.stop() }
        var runs: [Run] = []
        for (encoding, bytes) in zip(["identity", "gzip"], sizes) {
            for (target, url) in [("flick", page), ("nginx", "http://127.0.0.1:\(nginx.port)/timeline")] {
                progress("wrk \(seconds) s, \(connections) connections: \(target), \(encoding)")
                runs.append(try wrk(url: url, target: target, encoding: encoding, bytes: bytes))
            }
        }
        return runs
    }

    private func wrk(url: String, target: String, encoding: String, bytes: Int) throws -> Run {
        var arguments = ["wrk", "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency"]
        if encoding == "gzip" { arguments += ["-H", "Accept-Encoding: gzip"] }
        let output = try Self.command(arguments + [url], limit: seconds + 30)
        func number(after label: String) -> Double? {
            guard let line = output.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) })
            else { return nil }
            return line.split(separator: " ").dropFirst().first.flatMap { Self.milliseconds(String($0)) ?? Double($0) }
        }
        guard let rate = number(after: "Requests/sec:"), let p50 = number(after: "50%"), let p99 = number(after: "99%") else {
            throw Failure(description: "cannot read wrk's output:\n\(output)")
        }
        let errors = output.split(separator: "\n").filter { $0.contains("Socket errors") || $0.contains("Non-2xx") }
        return Run(
            target: target, encoding: encoding, requestsPerSecond: rate, p50Milliseconds: p50, p99Milliseconds: p99,
            bytes: bytes, errors: errors.isEmpty ? nil : errors.joined(separator: "; "))
    }

    /// wrk's latency (`412.00us`, `1.25ms`, `2.00s`) in milliseconds.
    static func milliseconds(_ text: String) -> Double? {
        for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * scale }
        }
        return nil
    }

    static func table(_ runs: [Run]) -> String {
        var lines = ["target  encoding  body bytes  requests/s  p50 ms  p99 ms  vs nginx"]
        for run in runs {
            let reference = runs.first { $0.target == "nginx" && $0.encoding == run.encoding }
            let ratio = reference.map { String(format: "%.1f%%", 100 * run.requestsPerSecond / $0.requestsPerSecond) } ?? "—"
            lines.append(
                run.target.padding(toLength: 8, withPad: " ", startingAt: 0) + run.encoding.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + String(format: "%10d  %10.0f  %6.2f  %6.2f  %@", run.bytes, run.requestsPerSecond, run.p50Milliseconds, run.p99Milliseconds, ratio)
                    + (run.errors.map { "  (\($0))" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }

    /// The stages of an uncached page, one line.
    static func costLine(_ cost: FeedServer.PageCost) -> String {
        String(
            format: "an uncached %d-byte page (%d gzipped): query %.3f ms, URL rewriting %.3f ms, JSON encoding %.3f ms, gzip %.3f ms, ETag %.3f ms; a cached one: lookup %.4f ms",
            cost.jsonBytes, cost.gzipBytes, cost.query, cost.urlRewriting, cost.encoding, cost.gzip, cost.tag, cost.cachedLookup)
    }

    static func jsonObject(_ runs: [Run], cost: FeedServer.PageCost?, loadAverage: Double?, seconds: Int, connections: Int, limit: Int) -> [String: Any] {
        var object: [String: Any] = ["seconds": seconds, "connections": connections, "postsPerPage": limit]
        if let loadAverage { object["loadAverage1m"] = loadAverage }
        if let cost {
            object["uncachedPageMs"] = [
                "query": cost.query, "urlRewriting": cost.urlRewriting, "encoding": cost.encoding, "gzip": cost.gzip,
                "etag": cost.tag, "cachedLookup": cost.cachedLookup,
            ]
        }
        for run in runs {
            var entry: [String: Any] = [
                "requestsPerSecond": run.requestsPerSecond, "p50Ms": run.p50Milliseconds, "p99Ms": run.p99Milliseconds,
                "bodyBytes": run.bytes,
            ]
            if let reference = runs.first(where: { $0.target == "nginx" && $0.encoding == run.encoding }) {
                entry["ratioToStatic"] = run.requestsPerSecond / reference.requestsPerSecond
            }
            if let errors = run.errors { entry["errors"] = errors }
            object["\(run.target)-\(run.encoding)"] = entry
        }
        return object
    }

    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin"] {
            let path = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs `arguments` to the end (killed after `limit` seconds); returns stdout, throws on failure.
    @discardableResult
    static func command(_ arguments: [String], limit: Int = 30) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["-k", "2", String(limit), which(arguments[0]) ?? arguments[0]] + arguments.dropFirst()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(text.prefix(500))")
        }
        return text
    }
}

/// nginx serving a folder on a free loopback port, in the foreground, with its own
/// configuration, logs and temporary folders under `folder`. Stopped by `stop()`.
final class NginxReference {
    let port: Int
    private let process = Process()

    init(folder: URL, root: URL) throws {
        port = try Self.freePort()
        let configuration = """
            worker_processes auto;
            daemon off;
            pid \(folder.path)/nginx.pid;
            error_log \(folder.path)/error.log error;
            events { worker_connections 1024; }
            http {
                access_log off;
                client_body_temp_path \(folder.path)/client;
                proxy_temp_path \(folder.path)/proxy;
                fastcgi_temp_path \(folder.path)/fastcgi;
                uwsgi_temp_path \(folder.path)/uwsgi;
                scgi_temp_path \(folder.path)/scgi;
                sendfile on;
                tcp_nopush on;
                keepalive_requests 1000000;
                server {
                    listen 127.0.0.1:\(port);
                    root \(root.path);
                    location = /timeline { default_type application/json; gzip_static on; }
                }
            }
            """
        let file = folder.appendingPathComponent("nginx.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: ServeBenchmark.which("nginx") ?? "/usr/sbin/nginx")
        process.arguments = ["-c", file.path, "-p", folder.path]
        process.standardError = FileHandle.standardError
        try process.run()
        // Listening once a request is answered (bounded: 5 s).
        for _ in 0..<100 {
            if (try? ServeBenchmark.command(["curl", "-s", "--fail", "-o", "/dev/null", "http://127.0.0.1:\(port)/timeline"], limit: 5)) != nil {
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        stop()
        throw ServeBenchmark.Failure(description: "nginx did not start (see \(folder.path)/error.log)")
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// A port free now on loopback (bound, read, released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw ServeBenchmark.Failure(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
