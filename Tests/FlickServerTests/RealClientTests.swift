import FlickServer
import FlickTimeline
import Foundation
import Testing

/// The server against clients nobody here wrote, from apt (scripts/apt-packages.txt): curl,
/// ApacheBench, wrk and Python's urllib. Each runs under `timeout`: a hang is a failure.
/// Client timeouts are generous (a minute): the whole suite runs at once on two cores, and a
/// server in this process can wait seconds for a thread while other suites generate feeds.
@Suite(.timeLimit(.minutes(3)))
struct RealClientTests {
    @Test(arguments: ["--http1.0", "--http1.1"])
    func curlGetsAPageOverEachVersion(version: String) async throws {
        try await withServer { _, timeline in
            let url = timeline.with(query: "limit=7").absoluteString
            let result = try await ExternalClient.run(["curl", "-sS", version, "-D", "/dev/stderr", url], seconds: 20)
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.errors.hasPrefix(version == "--http1.0" ? "HTTP/1.0 200" : "HTTP/1.1 200"), "\(result.errors)")
            let page = try FeedPage.parse(Data(result.output.utf8), url: URL(string: url)!)
            #expect(page.posts.count == 7)
        }
    }

    @Test func curlCompressedGetsGzipAndTheSamePage() async throws {
        try await withServer { _, timeline in
            let url = timeline.with(query: "limit=50").absoluteString
            let plain = try await ExternalClient.run(["curl", "-sS", url], seconds: 20)
            let compressed = try await ExternalClient.run(
                ["curl", "-sS", "--compressed", "-D", "/dev/stderr", "-w", "%{size_download}", "-o", "/dev/null", url], seconds: 20)
            #expect(compressed.status == 0, "\(compressed.errors)")
            #expect(compressed.errors.lowercased().contains("content-encoding: gzip"))
            let downloaded = try #require(Int(compressed.output))
            #expect(downloaded * 3 < plain.output.utf8.count, "\(downloaded) of \(plain.output.utf8.count) bytes")
            let inflated = try await ExternalClient.run(["curl", "-sS", "--compressed", url], seconds: 20)
            #expect(inflated.output == plain.output)
        }
    }

    @Test(arguments: [false, true])
    func apacheBenchFinishesWithAndWithoutKeepAlive(keepAlive: Bool) async throws {
        try await withServer { _, timeline in
            let url = timeline.with(query: "limit=50").absoluteString
            let result = try await ExternalClient.run(
                ["ab"] + (keepAlive ? ["-k"] : []) + ["-n", "2000", "-c", "16", "-s", "60", url], seconds: 120)
            #expect(result.status == 0, "ab: \(result.errors)")
            #expect(result.output.contains("Complete requests:      2000"), "\(result.output)")
            #expect(result.output.contains("Failed requests:        0"), "\(result.output)")
            #expect(!result.output.contains("Non-2xx responses"), "\(result.output)")
            if keepAlive { #expect(result.output.contains("Keep-Alive requests:    2000"), "\(result.output)") }
        }
    }

    @Test func wrkRunsBrieflyWithoutErrors() async throws {
        try await withServer { _, timeline in
            let url = timeline.with(query: "limit=50").absoluteString
            let result = try await ExternalClient.run(["wrk", "-t1", "-c8", "-d1s", url], seconds: 30)
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.contains("requests in"), "\(result.output)")
            #expect(!result.output.contains("Socket errors"), "\(result.output)")
            #expect(!result.output.contains("Non-2xx"), "\(result.output)")
        }
    }

    @Test func pythonUrllibReadsPagesGzipHeadAnd304() async throws {
        let script = #"""
            import gzip, json, sys, urllib.request, urllib.error
            url = sys.argv[1]
            with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": "gzip"}), timeout=60) as r:
                body = r.read()
                etag = r.headers["ETag"]
                print("encoding", r.headers.get("Content-Encoding"))
                print("posts", len(json.loads(gzip.decompress(body))["posts"]))
            with urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=60) as r:
                print("head", r.status, r.headers["Content-Length"], len(r.read()))
            try:
                urllib.request.urlopen(urllib.request.Request(url, headers={"If-None-Match": etag}), timeout=60)
                print("revalidated", 200)
            except urllib.error.HTTPError as e:
                print("revalidated", e.code)
            """#
        try await withServer { _, timeline in
            let url = timeline.with(query: "limit=12").absoluteString
            let result = try await ExternalClient.run(["/usr/bin/python3", "-c", script, url], seconds: 90)
            #expect(result.status == 0, "\(result.errors)")
            let lines = result.output.split(separator: "\n").map(String.init)
            #expect(lines.count == 4, "\(result.output)")
            guard lines.count == 4 else { return }
            #expect(lines[0] == "encoding gzip")
            #expect(lines[1] == "posts 12")
            #expect(lines[2].hasPrefix("head 200 ") && lines[2].hasSuffix(" 0"), "\(lines[2])")
            #expect(lines[3] == "revalidated 304")
        }
    }
}
