import FlickServer
import FlickTimeline
import Foundation
import Testing

/// `/timeline/stream`: new posts pushed to waiting clients as Server-Sent Events, and the
/// reconnect with `Last-Event-ID`. Read over raw sockets (HTTP/1.0, so events arrive
/// unchunked) and with curl.
@Suite(.timeLimit(.minutes(2)))
struct EventStreamTests {
    /// One event as read off the stream.
    struct Event {
        var id: String?
        var name: String?
        var data = ""
    }

    /// Reads events until one named `name` arrives (comments and other events skipped).
    static func next(_ name: String, on connection: RawConnection) async throws -> Event {
        while true {
            let block = try await connection.read(through: "\n\n")
            var event = Event()
            var data: [String] = []
            for line in block.split(separator: "\n") {
                if line.hasPrefix("id: ") { event.id = String(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
            }
            event.data = data.joined(separator: "\n")
            if event.name == name { return event }
        }
    }

    static func open(port: Int, lastEventID: String? = nil) async throws -> RawConnection {
        let connection = try RawConnection(port: port, timeout: 60)
        let header = lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? ""
        try connection.send("GET /timeline/stream HTTP/1.0\r\n\(header)\r\n")
        let head = try await connection.read(through: "\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.0 200"))
        #expect(head.contains("text/event-stream"))
        #expect(try await connection.read(through: "\n\n").contains("retry: 2000"))
        return connection
    }

    @Test func newPostsArePushedToEveryWaitingClient() async throws {
        try await withServer { server, _ in
            let port = try #require(server.port)
            var clients: [RawConnection] = []
            for _ in 0..<3 { clients.append(try await Self.open(port: port)) }
            let added = try server.addPosts(2)
            for client in clients {
                let event = try await Self.next("posts", on: client)
                #expect(event.id == added[0].id)
                let page = try FeedPage.parse(Data(event.data.utf8), url: URL(string: "http://h/timeline")!)
                #expect(page.posts.map(\.id) == added.map(\.id), "newest first, as pages are")
                #expect(page.posts.first?.user.avatar?.hasPrefix("http://127.0.0.1:\(port)/images/") == true)
            }
            let later = try server.addPosts(1)
            #expect(try await Self.next("posts", on: clients[0]).id == later[0].id)
        }
    }

    @Test func aReconnectWithLastEventIDGetsWhatItMissed() async throws {
        try await withServer { server, _ in
            let port = try #require(server.port)
            let seen = try server.addPosts(1)  // live-0: the last event the client saw
            let missed = try server.addPosts(3)  // live-3 … live-1, while it was away
            let client = try await Self.open(port: port, lastEventID: seen[0].id)
            let event = try await Self.next("posts", on: client)
            #expect(event.id == missed[0].id)
            let page = try FeedPage.parse(Data(event.data.utf8), url: URL(string: "http://h/timeline")!)
            #expect(page.posts.map(\.id) == missed.map(\.id))
            // And it goes on live from there.
            let fresh = try server.addPosts(1)
            #expect(try await Self.next("posts", on: client).id == fresh[0].id)
        }
    }

    @Test func anUnknownLastEventIDIsAReset() async throws {
        try await withServer { server, _ in
            let client = try await Self.open(port: try #require(server.port), lastEventID: "no-such-post")
            let reset = try await Self.next("reset", on: client)
            #expect(reset.data.contains("no-such-post"))
        }
    }

    @Test func curlReadsTheStreamOverHTTP11() async throws {
        try await withServer({ $0.newPostsPerMinute = 600 }) { server, timeline in
            let stream = timeline.appendingPathComponent("stream").absoluteString
            // The first five lines (the retry, then the first event's id, name and data) end the
            // pipe; ten posts a second arrive meanwhile.
            let result = try await ExternalClient.run(["sh", "-c", "curl -sSN --max-time 60 '\(stream)' | head -n 5"], seconds: 90)
            #expect(result.status == 0, "\(result.errors)")
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "retry: 2000", "\(result.output.prefix(300))")
            #expect(lines.dropFirst(2).first?.hasPrefix("id: live-") == true, "\(result.output.prefix(300))")
            #expect(lines.dropFirst(3).first == "event: posts", "\(result.output.prefix(300))")
            #expect(lines.dropFirst(4).first?.hasPrefix("data: {\"posts\":[") == true, "\(result.output.prefix(300))")
        }
    }

    @Test func stoppingTheServerEndsStreamsCleanly() async throws {
        let server = try FeedServer(databasePath: TestFeeds.database(TestFeeds.small))
        let port = try await server.start()
        let connection = try RawConnection(port: port, timeout: 60)
        try connection.send("GET /timeline/stream HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try await connection.read(through: "retry: 2000").contains("chunked"))
        await server.stop()
        // A graceful end: the chunked body's last chunk, then the close.
        let rest = String(decoding: await connection.readToClose(), as: UTF8.self)
        #expect(rest.hasSuffix("0\r\n\r\n"), "\(rest.debugDescription)")
        #expect(connection.sawClose)
    }
}
