import FlickServer
import FlickTimeline
import FlickTestSupport
import Foundation
import Testing

/// The JSON a server page carries, read back through the shared reader.
@Suite(.timeLimit(.minutes(5)))
struct PageFormatTests {
    @Test func encodedPagesReadBackWithBothLinks() throws {
        let post = Post(id: "p1", createdAt: Date(timeIntervalSince1970: 1_795_000_000), user: User(id: "u", name: "n"), text: "hi")
        let data = FeedEncoder().encodePage(
            posts: [post], next: "http://h:1/timeline?before=p1&limit=1", newer: "http://h:1/timeline?since=p1&limit=1")
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasSuffix("],\"next\":\"http://h:1/timeline?before=p1&limit=1\",\"newer\":\"http://h:1/timeline?since=p1&limit=1\"}\n"))
        let page = try FeedPage.parse(data, url: URL(string: "http://h:1/timeline?limit=1")!)
        #expect(page.posts == [post])
        #expect(page.next?.absoluteString == "http://h:1/timeline?before=p1&limit=1")
        #expect(page.newer?.absoluteString == "http://h:1/timeline?since=p1&limit=1")
        // A plain feed (no newer) is unchanged by the new member.
        #expect(FeedEncoder().encode(Feed(posts: [post])) == FeedEncoder().encodePage(posts: [post], next: nil, newer: nil))
    }

    @Test func onlyRelativeImageURLsAreRewritten() async throws {
        let folder = TestFeeds.temporaryFolder("absolute-urls")
        let json = folder.appendingPathComponent("feed.json")
        try Data(#"""
            {"posts":[{"id":"a","created_at":"2026-01-01T00:00:00Z","user":{"id":"u","name":"n","avatar":"https://cdn.example/a.jpg"},
            "text":"","pics":[{"url":"images/p00.jpg"},{"url":"http://other.example/p.png"}]}]}
            """#.utf8).write(to: json)
        let store = try FeedStore(path: folder.appendingPathComponent("feed.sqlite").path)
        _ = try store.importFeed(from: json)
        let server = FeedServer(store: store, feedFolder: folder)
        let port = try await server.start()
        let page = try await FeedPageFetcher(configuration: .patient).fetch(try #require(server.timelineURL))
        await server.stop()
        let post = try #require(page.posts.first)
        #expect(post.user.avatar == "https://cdn.example/a.jpg")
        #expect(post.pics.map(\.url) == ["http://127.0.0.1:\(port)/images/p00.jpg", "http://other.example/p.png"])
    }
}
