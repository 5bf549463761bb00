import FlickServer
import FlickTimeline
import FlickTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5)))
struct TimelinePagingTests {
    let fetcher = FeedPageFetcher(configuration: .patient)

    @Test func pagingToTheEndGivesEveryPostOnceInOrder() async throws {
        let stored = try TestFeeds.ids(TestFeeds.small)
        try await withServer { _, timeline in
            var ids: [String] = []
            var pageSizes: [Int] = []
            var next: URL? = timeline.with(query: "limit=37")
            while let url = next {
                let page = try await fetcher.fetch(url)
                #expect(page.warnings.isEmpty)
                ids += page.posts.map(\.id)
                pageSizes.append(page.posts.count)
                next = page.next
                try #require(pageSizes.count <= 20, "paging does not end")
            }
            #expect(ids.count == 300)
            #expect(Set(ids).count == 300)
            #expect(ids == stored)
            #expect(pageSizes == Array(repeating: 37, count: 8) + [4])
        }
    }

    @Test func pagesLinkOlderAndNewerWithAbsoluteURLs() async throws {
        let stored = try TestFeeds.ids(TestFeeds.small)
        try await withServer({ $0.pageSize = 20 }) { server, timeline in
            let base = try #require(server.baseURL).absoluteString
            let first = try await fetcher.fetch(timeline)
            #expect(first.posts.map(\.id) == Array(stored.prefix(20)))
            #expect(first.next?.absoluteString == "\(base)/timeline?before=\(stored[19])&limit=20")
            #expect(first.newer?.absoluteString == "\(base)/timeline?since=\(stored[0])&limit=20")

            let before = try await fetcher.fetch(timeline.with(query: "before=\(stored[99])&limit=5"))
            #expect(before.posts.map(\.id) == Array(stored[100..<105]))
            #expect(before.next?.absoluteString == "\(base)/timeline?before=\(stored[104])&limit=5")
            #expect(before.newer?.absoluteString == "\(base)/timeline?since=\(stored[100])&limit=5")

            let last = try await fetcher.fetch(timeline.with(query: "before=\(stored[289])&limit=10"))
            #expect(last.posts.map(\.id) == Array(stored[290..<300]))
            #expect(last.next == nil)
            let pastTheEnd = try await fetcher.fetch(timeline.with(query: "before=\(stored[299])&limit=10"))
            #expect(pastTheEnd.posts.isEmpty)
            #expect(pastTheEnd.next == nil)
        }
    }

    @Test func imageURLsInPagesPointAtTheServer() async throws {
        try await withServer { server, timeline in
            let root = try #require(server.baseURL).absoluteString + "/images/"
            let page = try await fetcher.fetch(timeline.with(query: "limit=50"))
            let urls = page.posts.flatMap { post in
                [post.user.avatar].compactMap { $0 } + post.pics.map(\.url)
                    + (post.retweeted.map { [$0.user.avatar].compactMap { $0 } + $0.pics.map(\.url) } ?? [])
            }
            #expect(urls.count > 50)
            #expect(urls.allSatisfy { $0.hasPrefix(root) })
            let exchange = try await HTTPExchange.get(URL(string: try #require(urls.first))!)
            #expect(exchange.status == 200)
        }
    }

    @Test func sinceAfterAddPostsReturnsExactlyTheNewPostsNewestFirst() async throws {
        try await withServer { server, timeline in
            let first = try await fetcher.fetch(timeline.with(query: "limit=10"))
            let newer = try #require(first.newer)
            let caughtUp = try await fetcher.fetch(newer)
            #expect(caughtUp.posts.isEmpty)
            #expect(caughtUp.newer == newer)

            let added = try server.addPosts(3)
            #expect(added.map(\.id) == ["live-2", "live-1", "live-0"])
            let fresh = try await fetcher.fetch(newer)
            #expect(fresh.posts.map(\.id) == added.map(\.id))
            #expect(fresh.next?.absoluteString.contains("before=live-0&limit=10") == true)
            // The new posts are on top of the timeline as well.
            let top = try await fetcher.fetch(timeline.with(query: "limit=4"))
            #expect(top.posts.map(\.id) == added.map(\.id) + [first.posts[0].id])
        }
    }

    @Test func sinceGivesTheOldestNewerPostsSoNothingIsSkipped() async throws {
        try await withServer { server, timeline in
            let first = try await fetcher.fetch(timeline.with(query: "limit=10"))
            let added = try server.addPosts(25)  // newest first: live-24 … live-0
            var seen: [String] = []
            var newer = try #require(first.newer)
            var pages: [[String]] = []
            while true {
                let page = try await fetcher.fetch(newer)
                pages.append(page.posts.map(\.id))
                seen += page.posts.map(\.id)
                newer = try #require(page.newer)
                if page.posts.count < 10 { break }
                try #require(pages.count <= 10, "since never catches up")
            }
            // Each page holds the oldest posts newer than the last one seen, newest first.
            let expected: [[String]] = [0..<10, 10..<20, 20..<25].map { range in range.reversed().map { "live-\($0)" } }
            #expect(pages == expected)
            #expect(Set(seen) == Set(added.map(\.id)))
            #expect(seen.count == 25)
        }
    }

    @Test func newPostsArriveOnTopWhileServing() async throws {
        try await withServer({ $0.newPostsPerMinute = 6_000 }) { _, timeline in
            // A hang guard, not a timing assertion: at 100 posts a second one arrives soon.
            for _ in 0..<600 {
                let page = try await fetcher.fetch(timeline.with(query: "limit=1"))
                if page.posts.first?.id.hasPrefix("live-") == true { return }
                try await Task.sleep(for: .milliseconds(50))
            }
            Issue.record("no new post appeared within 30 s")
        }
    }

    @Test(arguments: [
        ("limit=0", "\"limit\" must be an integer in 1…200"),
        ("limit=201", "\"limit\" must be an integer in 1…200"),
        ("limit=abc", "got \"abc\""),
        ("limit=-3", "\"limit\""),
        ("limit=1.5", "\"limit\""),
        ("limit=", "\"limit\""),
        ("limit=99999999999999999999", "\"limit\""),
        ("before=nope", "no post with id \"nope\" (\"before\")"),
        ("since=nope&limit=3", "no post with id \"nope\" (\"since\")"),
        ("before=", "\"before\" is empty"),
        ("before=4870000000&since=4870000000", "not both"),
        ("limit=5&limit=6", "more than once"),
    ])
    func badParametersAre400NamingTheProblem(query: String, message: String) async throws {
        try await withServer { _, timeline in
            let exchange = try await HTTPExchange.get(timeline.with(query: query))
            #expect(exchange.status == 400)
            let object = try JSONSerialization.jsonObject(with: exchange.body) as? [String: Any]
            let error = try #require(object?["error"] as? String)
            #expect(error.contains(message), "\(query): \(error)")
        }
    }

    @Test func otherPathsAre404() async throws {
        try await withServer { _, timeline in
            for path in ["/", "/timelines", "/timeline/x", "/images/", "/images", "/feed.sqlite", "/images/nope.jpg"] {
                let exchange = try await HTTPExchange.get(URL(string: path, relativeTo: timeline)!.absoluteURL)
                #expect(exchange.status == 404, "\(path)")
            }
        }
    }
}
