import FlickCore
import FlickServer
import FlickTestSupport
import FlickTimeline
import Foundation
import Testing

/// `GET /search` on `flick serve` and the `flick search` command, against a brute-force scan.
@Suite("Find over HTTP and on the command line", .timeLimit(.minutes(5)))
struct SearchEndpointTests {
    let fetcher = FeedPageFetcher(configuration: .patient)

    /// Ids of the small test feed's posts containing `text` (author, text, retweeted text).
    func expected(_ text: String, feed: URL = TestFeeds.small) throws -> [String] {
        let store = try FeedStore(path: TestFeeds.database(feed), configuration: .viewing)
        let query = SearchQuery(text)
        return try store.posts(in: 0..<store.count()).filter { post in
            query.matches(post.user.name) || query.matches(post.text) || (post.retweeted.map { query.matches($0.text) } ?? false)
        }.map(\.id)
    }

    func search(_ root: URL, _ query: String) -> URL {
        var components = URLComponents(url: root.appendingPathComponent("search"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "q", value: query)]
        return components.url!
    }

    @Test func searchPagesLikeTheTimelineAndFindsWhatAScanFinds() async throws {
        let wanted = try expected("微笑")
        try #require(wanted.count > 20)
        try await withServer { server, timeline in
            let root = try #require(server.baseURL)
            var ids: [String] = []
            var sizes: [Int] = []
            var next: URL? = URL(string: search(root, "微笑").absoluteString + "&limit=7")
            while let url = next {
                let page = try await fetcher.fetch(url)
                ids += page.posts.map(\.id)
                sizes.append(page.posts.count)
                next = page.next
                if let next { #expect(next.absoluteString.hasPrefix("\(root.absoluteString)/search?q=%E5%BE%AE%E7%AC%91&before=")) }
                try #require(sizes.count <= 50, "paging does not end")
            }
            #expect(ids == wanted)
            #expect(sizes.count >= 3 && sizes.dropLast().allSatisfy { $0 == 7 })
        }
    }

    @Test func hostileQueriesAnswerPagesNeverErrors() async throws {
        try await withServer { server, _ in
            let root = try #require(server.baseURL)
            for text in ["\"", "swift*", "NEAR(a b)", "a OR b", "%", "_", "\u{0}", "   ", "", String(repeating: "x", count: 1_000), "\u{FFFD}"] {
                let exchange = try await HTTPExchange.get(search(root, text))
                #expect(exchange.status == 200, "query \(text.prefix(20).debugDescription): \(exchange.text.prefix(200))")
                let page = try await fetcher.fetch(search(root, text))
                #expect(page.posts.map(\.id) == Array(try expected(text).prefix(50)))
            }
            // A lone surrogate's bytes, percent-encoded by hand: still a page.
            let raw = URL(string: root.absoluteString + "/search?q=%ED%A0%80")!
            #expect(try await HTTPExchange.get(raw).status == 200)
            // A 10,000-character query passes the server's request-line bound (8 KB of HTTP head):
            // 414 from the HTTP layer, before any search (the query would be cut to 256 anyway).
            let huge = try await HTTPExchange.get(search(root, String(repeating: "x", count: 10_000)))
            #expect(huge.status == 414)
            let badLimit = try await HTTPExchange.get(URL(string: search(root, "a").absoluteString + "&limit=0")!)
            #expect(badLimit.status == 400)
        }
    }

    @Test func searchCommandPrintsIdsThenTheCount() async throws {
        let folder = FlickBinary.temporaryFolder("search-command")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await FlickBinary.generate(posts: 400, into: folder)
        let database = folder.appendingPathComponent("feed.sqlite").path
        let store = try FeedStore(path: database, configuration: .viewing)
        let posts = try store.posts(in: 0..<store.count())
        for text in ["coffee", "微笑", "e", "\"swift\" OR *", "zzqx"] {
            let query = SearchQuery(text)
            let wanted = posts.filter { query.matches($0.user.name) || query.matches($0.text) || ($0.retweeted.map { query.matches($0.text) } ?? false) }
            let result = try await FlickBinary.run(["search", "--db", database, text])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines == wanted.map(\.id) + ["\(wanted.count) \(wanted.count == 1 ? "match" : "matches")", ""], "query \(text)")
        }
        let limited = try await FlickBinary.run(["search", "--db", database, "--limit", "2", "e"])
        #expect(limited.stdout.split(separator: "\n").count == 3)
        let long = try await FlickBinary.run(["search", "--db", database, String(repeating: "y", count: 10_000)])
        #expect(long.status == 0 && long.stdout == "0 matches\n")
        #expect(long.stderr.contains("longer than 256 characters"))
    }
}
