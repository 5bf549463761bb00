import FlickServer
import FlickTimeline
import Foundation
import Testing

/// The server under slow, idle and too many clients: idle and read timeouts, the connection
/// cap's 503, half-open connections. Timeouts are set short here; the assertions are on
/// what the server sends (a close, a 408, a 503), never on elapsed time.
@Suite(.timeLimit(.minutes(2)))
struct ConnectionLimitTests {
    @Test func idleConnectionsAreClosed() async throws {
        try await withServer({ $0.connections.idleTimeout = .milliseconds(300) }) { server, _ in
            let port = try #require(server.port)
            // Never a byte sent.
            let silent = try RawConnection(port: port, timeout: 60)
            #expect(await silent.readToClose().isEmpty)
            #expect(silent.sawClose, "an idle connection stayed open")
            // Idle after a keep-alive response.
            let used = try RawConnection(port: port, timeout: 60)
            try used.send("GET /timeline?limit=1 HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(try await used.readResponse().status == 200)
            #expect(await used.readToClose().isEmpty)
            #expect(used.sawClose, "a keep-alive connection idled forever")
        }
    }

    @Test func aHeadDrippingPastTheReadTimeoutIs408() async throws {
        try await withServer({
            $0.connections.readTimeout = .milliseconds(400)
            $0.connections.idleTimeout = .seconds(60)
        }) { server, _ in
            let connection = try RawConnection(port: try #require(server.port), timeout: 60)
            // One byte every 100 ms: always active, never done.
            // (Stops once the server has answered: writing on after its close would reset the
            // connection and drop the answer.)
            for byte in "GET /timeline HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + String(repeating: "s", count: 200) {
                if connection.hasIncoming() { break }
                try connection.send(String(byte))
                try await Task.sleep(for: .milliseconds(100))
            }
            let response = try await connection.readResponse()
            #expect(response.status == 408)
            #expect(String(decoding: response.body, as: UTF8.self).contains("\"error\""))
            _ = await connection.readToClose()
            #expect(connection.sawClose)
        }
    }

    @Test func connectionsOverTheCapAreAnswered503AndServedAgainOnceBelow() async throws {
        try await withServer({ $0.connections.maxConnections = 2 }) { server, _ in
            let port = try #require(server.port)
            var held: [RawConnection] = []
            for _ in 0..<2 {
                let connection = try RawConnection(port: port, timeout: 60)
                try connection.send("GET /timeline?limit=1 HTTP/1.1\r\nHost: h\r\n\r\n")
                #expect(try await connection.readResponse().status == 200)
                held.append(connection)
            }
            let refused = try RawConnection(port: port, timeout: 60)
            try refused.send("GET /timeline?limit=1 HTTP/1.1\r\nHost: h\r\n\r\n")
            let response = try await refused.readResponse()
            #expect(response.status == 503)
            #expect(response.header("Retry-After") == "1")
            #expect(String(decoding: response.body, as: UTF8.self).contains("too many connections"))
            _ = await refused.readToClose()
            #expect(refused.sawClose)
            // The held connections are still served.
            try held[0].send("GET /timeline?limit=2 HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(try await held[0].readResponse().status == 200)
            // One goes: a new connection is served again (closing is noticed asynchronously).
            try held[1].send("GET /timeline?limit=1 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
            #expect(try await held[1].readResponse().status == 200)
            _ = await held[1].readToClose()
            var status = 0
            for _ in 0..<100 where status != 200 {
                status = try await RawConnection.offPool { try RawHTTP.get(port: port, target: "/timeline?limit=1") }.status
                if status != 200 { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(status == 200)
        }
    }

    @Test func aSilentConnectionOverTheCapIsCutAfterTheReadTimeout() async throws {
        // Not counted against the cap, so it must not idle for the idle timeout (ten minutes
        // here; the read below waits one).
        try await withServer({
            $0.connections.maxConnections = 1
            $0.connections.readTimeout = .milliseconds(300)
            $0.connections.idleTimeout = .seconds(600)
        }) { server, _ in
            let port = try #require(server.port)
            let held = try RawConnection(port: port)
            try held.send("GET /timeline?limit=1 HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(try await held.readResponse().status == 200)
            let silent = try RawConnection(port: port)
            #expect(try await silent.readResponse().status == 503)
            _ = await silent.readToClose()
            #expect(silent.sawClose)
        }
    }

    @Test func halfOpenConnectionsDoNotStopServingAndAreCut() async throws {
        try await withServer({ $0.connections.readTimeout = .milliseconds(500) }) { server, timeline in
            let port = try #require(server.port)
            // Fifty clients that send half a head and stop.
            let stalled = try (0..<50).map { index in
                let connection = try RawConnection(port: port, timeout: 60)
                try connection.send("GET /timeline?limit=\(index + 1) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ")
                return connection
            }
            // Everyone else is served meanwhile.
            let page = try await FeedPageFetcher(configuration: .patient).fetch(timeline.with(query: "limit=5"))
            #expect(page.posts.count == 5)
            // And each stalled one gets a 408 and a close.
            for connection in stalled {
                #expect(try await connection.readResponse().status == 408)
            }
        }
    }
}
