import FlickServer
import FlickTimeline
import Foundation
import Testing

/// `flick import` (the real binary) from files and from the server on loopback.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct ImportCommandTests {
    private func freshDatabase() -> String {
        TestFeeds.temporaryFolder("import").appendingPathComponent("feed.sqlite").path
    }

    private func storedIDs(_ path: String) throws -> [String] {
        let store = try FeedStore(path: path)
        return try store.posts(in: 0..<store.count()).map(\.id)
    }

    @Test func importsA10kPostFeedFile() async throws {
        let database = freshDatabase()
        let json = TestFeeds.large.appendingPathComponent("feed.json").path
        let result = try await FlickProcess.run(["import", json, "--db", database])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported 10000 posts (0 skipped)\n")
        #expect(try storedIDs(database) == TestFeeds.ids(TestFeeds.large))
    }

    @Test func importsTheServed10kFeedByURL() async throws {
        let database = freshDatabase()
        try await withServer(feed: TestFeeds.large, { $0.pageSize = 200 }) { _, timeline in
            let result = try await FlickProcess.run(["import", timeline.absoluteString, "--db", database])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "imported 10000 posts (0 skipped)\n")
        }
        #expect(try storedIDs(database) == TestFeeds.ids(TestFeeds.large))
    }

    @Test func importingTwiceUpdatesInsteadOfDuplicating() async throws {
        let database = freshDatabase()
        try await withServer { _, timeline in
            for _ in 0..<2 {
                let result = try await FlickProcess.run(["import", timeline.with(query: "limit=40").absoluteString, "--db", database])
                #expect(result.stdout == "imported 300 posts (0 skipped)\n", "\(result.stderr)")
            }
        }
        #expect(try storedIDs(database).count == 300)
    }

    @Test func aBadPageMidwayIsAnErrorNamingItAndKeepsEarlierPages() async throws {
        for fault in [FeedServer.PageFault.Kind.truncatedBody, .invalidJSON] {
            let database = freshDatabase()
            try await withServer({ $0.pageSize = 20; $0.drills.pageFaults = [.init(fault, fromPage: 3)] }) { _, timeline in
                let stored = try TestFeeds.ids(TestFeeds.small)
                let result = try await FlickProcess.run(["import", timeline.absoluteString, "--db", database])
                #expect(result.status != 0, "\(fault)")
                let badPage = timeline.with(query: "before=\(stored[59])&limit=20").absoluteString
                #expect(result.stderr.contains("error: \(badPage)"), "\(fault): \(result.stderr)")
                #expect(result.stdout == "imported 60 posts (0 skipped)\n", "\(fault)")
                #expect(try storedIDs(database) == Array(stored.prefix(60)), "\(fault)")
            }
        }
    }

    @Test func anHTTPErrorIsAnErrorNamingThePage() async throws {
        let database = freshDatabase()
        try await withServer { _, timeline in
            let url = timeline.with(query: "before=missing")
            let result = try await FlickProcess.run(["import", url.absoluteString, "--db", database])
            #expect(result.status != 0)
            #expect(result.stderr.contains("\(url.absoluteString): HTTP 400: no post with id \"missing\""), "\(result.stderr)")
            #expect(try storedIDs(database).isEmpty)
        }
    }

    @Test func aLoopingNextStopsWithAWarning() async throws {
        let database = freshDatabase()
        try await withServer({ $0.pageSize = 20; $0.drills.pageFaults = [.init(.loopingNext, fromPage: 2)] }) { _, timeline in
            let result = try await FlickProcess.run(["import", timeline.absoluteString, "--db", database])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "imported 60 posts (0 skipped)\n")
            #expect(result.stderr.contains("a loop"))
        }
        #expect(try storedIDs(database) == Array(try TestFeeds.ids(TestFeeds.small).prefix(60)))
    }

    @Test func repeatedPostsAcrossPagesAreSkippedNotDuplicated() async throws {
        let database = freshDatabase()
        try await withServer({ $0.pageSize = 25; $0.drills.pageFaults = [.init(.repeatedPosts(count: 5), fromPage: 1)] }) {
            _, timeline in
            let result = try await FlickProcess.run(["import", timeline.absoluteString, "--db", database, "--max-warnings", "2"])
            #expect(result.status == 0, "\(result.stderr)")
            // 300 posts in pages of 25 that each advance 20 posts: the first page, then 14
            // more, each repeating 5 posts of the page before (the last one reaches the end).
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix("imported 300 posts (") == true, "\(result.stdout)")
            #expect(result.stderr.contains("repeats a post of an earlier page"))
            #expect(result.stderr.contains("more"))
        }
        #expect(try storedIDs(database) == TestFeeds.ids(TestFeeds.small))
    }

    @Test func thePageCapStopsAnEndlessFeed() async throws {
        let database = freshDatabase()
        try await withServer { _, timeline in
            let result = try await FlickProcess.run(
                ["import", timeline.with(query: "limit=10").absoluteString, "--db", database, "--max-pages", "3"])
            #expect(result.status == 0)
            #expect(result.stdout == "imported 30 posts (0 skipped)\n")
            #expect(result.stderr.contains("--max-pages"))
        }
    }

    @Test func skippedPostReasonsAreCappedAndEscaped() async throws {
        let folder = TestFeeds.temporaryFolder("bad-json")
        let file = folder.appendingPathComponent("feed.json")
        var posts: [String] = []
        for index in 0..<30 {
            posts.append("{\"id\":\"\(index)\",\"created_at\":\"bad\\u001b[31m\(index)\",\"user\":{\"id\":\"u\",\"name\":\"n\"},\"text\":\"\"}")
        }
        posts.append("{\"id\":\"ok\",\"created_at\":\"2026-01-01T00:00:00Z\",\"user\":{\"id\":\"u\",\"name\":\"n\"},\"text\":\"\"}")
        try Data("{\"posts\":[\(posts.joined(separator: ","))]}".utf8).write(to: file)
        let result = try await FlickProcess.run(["import", file.path, "--db", freshDatabase()])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported 1 posts (30 skipped)\n")
        #expect(!result.stderr.contains("\u{1b}"), "a terminal escape reached stderr")
        #expect(result.stderr.contains("\\u{1b}[31m"))
        #expect(result.stderr.contains("… and 10 more"))
    }
}
