import FlickServer
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5)))
struct ImageServingTests {
    @Test func imagesCarryAContentETagAndRevalidateTo304() async throws {
        try await withServer { _, timeline in
            let url = timeline.serverRoot.appendingPathComponent("images/a00.jpg")
            let first = try await HTTPExchange.get(url)
            #expect(first.status == 200)
            let expected = try Data(contentsOf: TestFeeds.small.appendingPathComponent("images/a00.jpg"))
            #expect(first.body == expected)
            #expect(first.header("Content-Type") == "image/jpeg")
            #expect(first.header("Cache-Control") == "public, max-age=86400")
            let etag = try #require(first.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count == 18)

            let again = try await HTTPExchange.get(url)
            #expect(again.header("ETag") == etag)
            let other = try await HTTPExchange.get(timeline.serverRoot.appendingPathComponent("images/a01.jpg"))
            #expect(other.header("ETag") != etag, "different content, different tag")

            for condition in [etag, "W/\(etag)", "\"0000000000000000\", \(etag)", "*"] {
                let revalidated = try await HTTPExchange.get(url, headers: ["If-None-Match": condition])
                #expect(revalidated.status == 304, "\(condition)")
                #expect(revalidated.body.isEmpty)
                #expect(revalidated.header("ETag") == etag)
            }
            let stale = try await HTTPExchange.get(url, headers: ["If-None-Match": "\"0000000000000000\""])
            #expect(stale.status == 200)
            #expect(stale.body == expected)
        }
    }

    @Test func noRequestPathEscapesTheImagesFolder() async throws {
        try await withServer { server, _ in
            let port = try #require(server.port)
            // Sanity: the raw client does fetch a real image.
            let real = try await RawConnection.offPool { try RawHTTP.get(port: port, target: "/images/a00.jpg") }
            #expect(real.status == 200)
            #expect(!real.body.isEmpty)
            let attempts = [
                "/images/../secret.txt", "/images/../feed.sqlite", "/images/%2e%2e/secret.txt",
                "/images/..%2fsecret.txt", "/images/..%2Fsecret.txt", "/images/%2E%2E%2Fsecret.txt",
                "/images/a00.jpg/../../secret.txt", "/images//etc/passwd", "/images/%2fetc%2fpasswd",
                "/images/link-out.jpg", "/images/link-etc/passwd", "/images/./a00.jpg", "/images/a00.jpg%00",
                "/images/..\\secret.txt", "/images/%252e%252e/secret.txt", "/images/.", "/images/..",
                "/images/" + String(repeating: "a/", count: 600) + "x.jpg",
            ]
            for target in attempts {
                let response = try await RawConnection.offPool { try RawHTTP.get(port: port, target: target) }
                #expect(response.status == 404, "\(target): \(response.head)")
                let body = String(decoding: response.body, as: UTF8.self)
                #expect(!body.contains(TestFeeds.secret), "\(target) leaked the file")
                #expect(!body.contains("root:"), "\(target) leaked /etc/passwd")
                #expect(body.contains("\"error\""), "\(target): \(body)")
            }
        }
    }

    @Test func plainPathRules() {
        #expect(FeedServerTesting.isPlainImagePath("a00.jpg"))
        #expect(FeedServerTesting.isPlainImagePath("sub/dir/p_01-x.webp"))
        for path in ["", "..", ".", "../x", "a/../b", "a//b", "/etc", "a%2fb", "a\\b", "a b", "a\u{0}b", "a/"] {
            #expect(!FeedServerTesting.isPlainImagePath(path), "\(path)")
        }
    }
}
