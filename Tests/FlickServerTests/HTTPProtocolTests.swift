import FlickServer
import FlickTimeline
import Foundation
import Testing

/// HTTP as every client speaks it, read off raw sockets (no client library smoothing over
/// what the server does): versions and keep-alive, pipelining, HEAD, ETag, gzip, errors.
/// Reads wait up to a minute (a hang guard: the whole suite shares two cores).
@Suite(.timeLimit(.minutes(2)))
struct HTTPProtocolTests {
    @Test func http10WithoutKeepAliveIsAnsweredIn10AndClosed() async throws {
        // Idle connections live longer than the read below waits: only the answer's own close
        // can end it.
        try await withServer({ $0.connections.idleTimeout = .seconds(600) }) { server, _ in
            let connection = try RawConnection(port: try #require(server.port), timeout: 60)
            try connection.send("GET /timeline?limit=2 HTTP/1.0\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == 200)
            #expect(response.version == "HTTP/1.0")
            #expect(response.header("Connection")?.lowercased() == "close")
            #expect(try FeedPage.parse(response.body, url: URL(string: "http://h/timeline")!).posts.count == 2)
            // The server closes (the read waits at most a minute).
            #expect(await connection.readToClose().isEmpty)
            #expect(connection.sawClose, "the connection stayed open after an HTTP/1.0 response")
        }
    }

    @Test func http10KeepAliveStaysOpenAndSaysSo() async throws {
        try await withServer { server, _ in
            let connection = try RawConnection(port: try #require(server.port), timeout: 60)
            for limit in [1, 3] {
                try connection.send("GET /timeline?limit=\(limit) HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")
                let response = try await connection.readResponse()
                #expect(response.status == 200)
                #expect(response.version == "HTTP/1.0")
                #expect(response.header("Connection")?.lowercased() == "keep-alive")
                #expect(try FeedPage.parse(response.body, url: URL(string: "http://h/timeline")!).posts.count == limit)
            }
        }
    }

    @Test func http11PipelinedRequestsAreAnsweredInOrderAndCloseEnds() async throws {
        try await withServer { server, _ in
            let connection = try RawConnection(port: try #require(server.port), timeout: 60)
            let host = "Host: 127.0.0.1\r\n"
            try connection.send(
                "GET /timeline?limit=1 HTTP/1.1\r\n\(host)\r\nGET /images/a00.jpg HTTP/1.1\r\n\(host)\r\n"
                    + "GET /nothing HTTP/1.1\r\n\(host)\r\nGET /timeline?limit=3 HTTP/1.1\r\n\(host)Connection: Close\r\n\r\n")
            var responses: [RawResponse] = []
            for _ in 0..<4 { responses.append(try await connection.readResponse()) }
            #expect(responses.map(\.status) == [200, 200, 404, 200])
            #expect(responses.allSatisfy { $0.version == "HTTP/1.1" })
            #expect(try FeedPage.parse(responses[0].body, url: URL(string: "http://h/timeline")!).posts.count == 1)
            #expect(responses[1].header("Content-Type") == "image/jpeg")
            #expect(try FeedPage.parse(responses[3].body, url: URL(string: "http://h/timeline")!).posts.count == 3)
            #expect(responses[3].header("Connection")?.lowercased() == "close")
            #expect(await connection.readToClose().isEmpty)
            #expect(connection.sawClose)
        }
    }

    @Test func headGivesTheHeadersOfGetWithoutABody() async throws {
        try await withServer { server, _ in
            let connection = try RawConnection(port: try #require(server.port), timeout: 60)
            for target in ["/timeline?limit=5", "/images/a00.jpg"] {
                try connection.send("HEAD \(target) HTTP/1.1\r\nHost: h\r\n\r\n")
                let head = try await connection.readResponse(bodyless: true)
                // The GET right after on the same connection reads cleanly: the HEAD sent no body.
                try connection.send("GET \(target) HTTP/1.1\r\nHost: h\r\n\r\n")
                let get = try await connection.readResponse()
                #expect(head.status == 200 && get.status == 200, "\(target)")
                #expect(head.header("Content-Length") == String(get.body.count), "\(target)")
                #expect(head.header("ETag") == get.header("ETag"), "\(target)")
                #expect(head.header("Content-Type") == get.header("Content-Type"), "\(target)")
            }
        }
    }

    @Test func pagesCarryAnETagAndCacheControlAndRevalidateTo304() async throws {
        try await withServer { server, timeline in
            let url = timeline.with(query: "limit=10")
            let first = try await HTTPExchange.get(url)
            #expect(first.status == 200)
            #expect(first.header("Cache-Control") == "public, max-age=2")
            let etag = try #require(first.header("ETag"))
            // URLSession on Linux asks for gzip itself: the gzip coding's tag, `"<16 hex>-gz"`.
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.replacingOccurrences(of: "-gz", with: "").count == 18)
            #expect(try await HTTPExchange.get(url).header("ETag") == etag, "same page, same tag")
            #expect(try await HTTPExchange.get(timeline.with(query: "limit=11")).header("ETag") != etag)
            let revalidated = try await HTTPExchange.get(url, headers: ["If-None-Match": etag])
            #expect(revalidated.status == 304)
            #expect(revalidated.body.isEmpty)
            #expect(revalidated.header("ETag") == etag)
            // A new post changes the newest page: the old tag no longer matches.
            try server.addPosts(1)
            let changed = try await HTTPExchange.get(url, headers: ["If-None-Match": etag])
            #expect(changed.status == 200)
            #expect(changed.header("ETag") != etag)
            #expect(try FeedPage.parse(changed.body, url: url).posts.first?.id == "live-0")
        }
    }

    @Test func pagesAreGzippedWhenAcceptedAndImagesNever() async throws {
        try await withServer { server, _ in
            let connection = try RawConnection(port: try #require(server.port), timeout: 60)
            func get(_ target: String, _ acceptEncoding: String?) async throws -> RawResponse {
                let accept = acceptEncoding.map { "Accept-Encoding: \($0)\r\n" } ?? ""
                try connection.send("GET \(target) HTTP/1.1\r\nHost: h\r\n\(accept)\r\n")
                return try await connection.readResponse()
            }
            let plain = try await get("/timeline?limit=50", nil)
            let gzipped = try await get("/timeline?limit=50", "deflate, gzip;q=0.8, br")
            #expect(plain.header("Content-Encoding") == nil)
            #expect(plain.header("Vary") == "Accept-Encoding")
            #expect(gzipped.header("Content-Encoding") == "gzip")
            #expect(gzipped.body.prefix(2) == Data([0x1F, 0x8B]), "gzip magic")
            #expect(gzipped.body.count * 3 < plain.body.count, "\(gzipped.body.count) of \(plain.body.count)")
            // Each coding its own tag (a shared cache keeps them apart); either revalidates.
            let tag = try #require(plain.header("ETag"))
            #expect(gzipped.header("ETag") == String(tag.dropLast()) + "-gz\"")
            for condition in [tag, try #require(gzipped.header("ETag"))] {
                try connection.send("GET /timeline?limit=50 HTTP/1.1\r\nHost: h\r\nIf-None-Match: \(condition)\r\n\r\n")
                #expect(try await connection.readResponse(bodyless: true).status == 304)
            }
            #expect(try await get("/timeline?limit=50", "gzip;q=0").header("Content-Encoding") == nil)
            let image = try await get("/images/a00.jpg", "gzip")
            #expect(image.header("Content-Encoding") == nil)
            #expect(image.body == (try Data(contentsOf: TestFeeds.small.appendingPathComponent("images/a00.jpg"))))
        }
    }

    @Test func acceptEncodingRules() {
        for header in ["gzip", "GZIP", "x-gzip", "deflate, gzip", "br;q=1.0, gzip;q=0.5", "*", " gzip ; q=1"] {
            #expect(FeedServerTesting.acceptsGzip(header), "\(header)")
        }
        for header in [nil, "", "identity", "deflate, br", "gzip;q=0", "*;q=0", "gzip;q=0.000", "gzipx"] {
            #expect(!FeedServerTesting.acceptsGzip(header), "\(String(describing: header))")
        }
    }

    @Test func badRequestsGetClearStatuses() async throws {
        try await withServer { server, _ in
            let port = try #require(server.port)
            let cases: [(request: String, status: Int)] = [
                ("NOT HTTP AT ALL\r\n\r\n", 400),
                ("GET /timeline HTTP/1.1\r\nHost: h\r\nBad Header Name: x\r\n\r\n", 400),
                ("GET /" + String(repeating: "a", count: 10_000) + " HTTP/1.1\r\nHost: h\r\n\r\n", 414),
                ("GET /timeline HTTP/1.1\r\nHost: h\r\n" + (0..<60).map { "X-Filler-\($0): " + String(repeating: "v", count: 1_000) + "\r\n" }.joined() + "\r\n", 431),
                ("GET /timeline HTTP/1.1\r\nHost: h\r\n" + (0..<150).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431),
                ("POST /timeline HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\n{}", 405),
                ("DELETE /images/a00.jpg HTTP/1.1\r\nHost: h\r\n\r\n", 405),
            ]
            for (request, status) in cases {
                let connection = try RawConnection(port: port, timeout: 60)
                try connection.send(request)
                let response = try await connection.readResponse()
                #expect(response.status == status, "\(request.prefix(40))…: \(response.statusLine)")
                #expect(String(decoding: response.body, as: UTF8.self).contains("\"error\""), "\(request.prefix(40))")
                if status == 405 { #expect(response.header("Allow") == "GET, HEAD") }
                if status != 405 {
                    // The decoder cannot go on after a refused head: the connection ends.
                    _ = await connection.readToClose()
                    #expect(connection.sawClose, "\(request.prefix(40))")
                }
            }
            // The server still serves afterwards.
            #expect(try await RawConnection.offPool { try RawHTTP.get(port: port, target: "/timeline?limit=1") }.status == 200)
        }
    }
}
