import FlickTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import Testing

@testable import FlickHTTP

/// The parts every transfer reads a body through (NIO's parser, the bounded inflater,
/// `BoundedBody`), fed raw responses by `ResponseReplay`: each framing a server can choose is
/// held to the cap, and the errors say which limit broke. No network.
@Suite struct HTTPBodyBoundsTests {
    static var configuration: HTTPTransport.Configuration {
        var configuration = HTTPTransport.Configuration()
        configuration.maxBodyBytes = 64 * 1024
        configuration.maxErrorBodyBytes = 1024
        configuration.maxInflationRatio = 100
        return configuration
    }

    static func replay(_ head: String, _ body: [UInt8], configuration: HTTPTransport.Configuration = HTTPBodyBoundsTests.configuration)
        -> Result<HTTPResponse, HTTPTransportError>
    {
        ResponseReplay.read(Array(head.utf8) + body, configuration: configuration)
    }

    static func error(_ result: Result<HTTPResponse, HTTPTransportError>) -> HTTPTransportError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test func aChunkedBodyPastTheCapStopsAtTheCap() {
        let chunk = Array("1000\r\n".utf8) + [UInt8](repeating: 0x20, count: 4096) + Array("\r\n".utf8)
        let body = (0..<40).flatMap { _ in chunk }  // 160 KiB, no last chunk
        #expect(Self.error(Self.replay("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", body)) == .tooLarge(limit: 64 * 1024))
        // Within the cap, the same framing reads whole.
        let small = (0..<4).flatMap { _ in chunk } + Array("0\r\n\r\n".utf8)
        let whole = try? Self.replay("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", small).get()
        #expect(whole?.body.readableBytes == 4 * 4096)
    }

    @Test func aCloseDelimitedBodyPastTheCapStopsAtTheCap() {
        let head = "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n"
        #expect(Self.error(Self.replay(head, [UInt8](repeating: 0x20, count: 100_000))) == .tooLarge(limit: 64 * 1024))
        #expect((try? Self.replay(head, [UInt8](repeating: 0x20, count: 1_000)).get())?.body.readableBytes == 1_000)
    }

    @Test func anAnnouncedLengthPastTheCapIsRefusedFromTheHead() {
        #expect(Self.error(Self.replay("HTTP/1.1 200 OK\r\nContent-Length: 4294967296\r\n\r\n", [0x20])) == .tooLarge(limit: 64 * 1024))
    }

    @Test func aBodyShorterThanItsLengthIsTruncated() {
        let result = Self.replay("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n", [UInt8](repeating: 0x20, count: 10))
        #expect(Self.error(result) == .truncated(received: 10, expected: 1000))
    }

    @Test func aGzipBombStopsAtTheRatioBeforeItsMemoryExists() {
        let bomb = GzipBomb.header + (0..<64).flatMap { _ in GzipBomb.block }  // 106 KB inflating to 16.9 MB
        let head = "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nConnection: close\r\n\r\n"
        // A body cap far above the ratio's reach (4 KiB reads × 100 = 400 KiB): the ratio stops it.
        var roomy = Self.configuration
        roomy.maxBodyBytes = 8 * 1024 * 1024
        #expect(Self.error(Self.replay(head, bomb, configuration: roomy)) == .inflationTooLarge(ratio: 100))
        // Under a lax ratio, the size cap counts the inflated bytes and stops there.
        var lax = Self.configuration
        lax.maxInflationRatio = 1_000
        #expect(Self.error(Self.replay(head, bomb, configuration: lax)) == .tooLarge(limit: 64 * 1024))
    }

    @Test func anErrorBodyKeepsOnlyItsFirstBytes() throws {
        let head = "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 120\r\nConnection: close\r\n\r\n"
        let response = try Self.replay(head, [UInt8](repeating: 0x41, count: 50_000)).get()
        #expect(response.status == 503)
        #expect(response.body.readableBytes == 1024)
        #expect(response.retryAfter() == 120)
    }

    @Test func retryAfterReadsSecondsAndDates() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.seconds("120", now: now) == 120)
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:51:37 GMT", now: now) == 120)
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:00:00 GMT", now: now) == 0, "a date in the past: now")
        #expect(RetryAfter.seconds("soon", now: now) == nil)
        #expect(RetryAfter.seconds("-5", now: now) == nil)
    }

    @Test func redirectsAreFollowedOnlyWhereTheRulesAllow() throws {
        let start = URL(string: "http://feed.example/a")!
        func redirect(_ location: String?) -> HTTPResponse {
            var headers = HTTPHeaders()
            if let location { headers.add(name: "Location", value: location) }
            return HTTPResponse(url: start, status: 302, headers: headers, body: ByteBuffer())
        }
        let anywhere: HTTPTransport.RedirectRule = { _, _ in nil }
        #expect(try HTTPTransport.follow(redirect("/b"), from: start, hops: 1, visited: [start.absoluteString], rule: anywhere, limit: 5).get()
            == URL(string: "http://feed.example/b")!)
        #expect(Self.failure(HTTPTransport.follow(redirect("/b"), from: start, hops: 6, visited: [], rule: anywhere, limit: 5))
            == .tooManyRedirects(limit: 5))
        #expect(Self.failure(HTTPTransport.follow(redirect("/a"), from: start, hops: 1, visited: [start.absoluteString], rule: anywhere, limit: 5))
            == .redirectRefused(location: "/a", reason: "a redirect cycle"))
        #expect(Self.failure(HTTPTransport.follow(redirect("file:///etc/passwd"), from: start, hops: 1, visited: [], rule: anywhere, limit: 5))
            == .redirectRefused(location: "file:///etc/passwd", reason: "only http(s) URLs are followed"))
        #expect(Self.failure(HTTPTransport.follow(redirect(nil), from: start, hops: 1, visited: [], rule: anywhere, limit: 5))
            == .redirectRefused(location: "(none)", reason: "HTTP 302 without a Location"))
        let sameHost: HTTPTransport.RedirectRule = { from, to in from.host == to.host ? nil : "another host" }
        #expect(Self.failure(HTTPTransport.follow(redirect("http://10.0.0.1/x"), from: start, hops: 1, visited: [], rule: sameHost, limit: 5))
            == .redirectRefused(location: "http://10.0.0.1/x", reason: "another host"))
        // A Location with a terminal escape is shown escaped, whatever the reason it is refused.
        let escape = Self.failure(HTTPTransport.follow(redirect("http://10.0.0.1/\u{1b}[2J"), from: start, hops: 1, visited: [], rule: sameHost, limit: 5))
        guard case .redirectRefused(let shown, _)? = escape else {
            Issue.record("expected a refused redirect, got \(String(describing: escape))")
            return
        }
        #expect(shown == "http://10.0.0.1/\\u{1b}[2J")
    }

    static func failure(_ result: Result<URL, HTTPTransportError>) -> HTTPTransportError? {
        if case .failure(let error) = result { return error }
        return nil
    }
}
