import FlickFeedPostgres
import FlickServer
import FlickTestSupport
import FlickTimeline
import Foundation
import Testing

/// Several servers over one PostgreSQL database: what one writes (a new post, an edit, a
/// deletion) or `flick import` writes, every other serves and pushes on its live stream
/// (LISTEN/NOTIFY), and they serve the same pages.
@Suite(.timeLimit(.minutes(5)))
struct PostgresSharingTests {
    /// Opens a database with `posts` generated posts, and `count` servers over it, each with
    /// a store (a connection and a listener) of its own, as separate processes would have.
    static func servers(
        _ count: Int, posts: Int, in cluster: PostgresCluster
    ) async throws -> (url: String, servers: [FeedServer], stores: [PostgresFeedStore]) {
        let url = try await offCooperativePool { try cluster.createDatabase() }
        var stores: [PostgresFeedStore] = []
        var servers: [FeedServer] = []
        for _ in 0..<count {
            let store = try await openPostgresStore(url)
            stores.append(store)
            servers.append(try await startServer(over: store, pageSize: 20))
        }
        let generator = PostContentGenerator(seed: 9, images: ImagePoolGenerator.plannedPool)
        _ = try stores[0].upsert((0..<posts).map(generator.post))
        return (url, servers, stores)
    }

    static func stop(_ servers: [FeedServer], _ stores: [PostgresFeedStore]) async {
        for server in servers { await server.stop() }
        for store in stores { store.close() }
    }

    static func page(_ server: FeedServer, _ query: String = "limit=20") async throws -> (FeedPage, Data) {
        let url = try #require(server.timelineURL).with(query: query)
        let exchange = try await HTTPExchange.get(url)
        #expect(exchange.status == 200, "\(exchange.text)")
        return (try FeedPage.parse(exchange.body, url: url), exchange.body)
    }

    /// Waits (bounded) until every listener is connected, so a NOTIFY is not sent before
    /// anyone listens.
    static func listening(_ stores: [PostgresFeedStore]) async throws {
        for _ in 0..<200 where !stores.allSatisfy(\.isListening) { try await Task.sleep(for: .milliseconds(50)) }
        let all = stores.allSatisfy(\.isListening)
        try #require(all, "the listeners did not connect")
    }

    @Test func aPostAddedThroughOneServerIsPushedOnTheOthersStream() async throws {
        try await withPostgres { cluster in
            let (url, servers, stores) = try await Self.servers(2, posts: 40, in: cluster)
            try await Self.listening(stores)
            let stream = try await EventStreamTests.open(port: try #require(servers[1].port))
            let added = try servers[0].addPosts(2)
            let event = try await EventStreamTests.next("posts", on: stream)
            #expect(event.id == added[0].id)
            let pushed = try FeedPage.parse(Data(event.data.utf8), url: URL(string: "http://h/timeline")!)
            #expect(pushed.posts.map(\.id) == added.map(\.id), "the other server's stream, newest first")

            // A post imported by another process (`flick import`) is pushed too.
            let feed = TestFeeds.temporaryFolder("pg-import").appendingPathComponent("feed.json")
            let extra = generatedPost(0, id: "imported-later")
            try FeedEncoder().encodePage(posts: [extra], next: nil, newer: nil).write(to: feed)
            let imported = try await FlickBinary.run(["import", feed.path, "--db", url])
            #expect(imported.status == 0, "\(imported.stderr)")
            // Imported posts are appended below the oldest, and both servers page to them.
            #expect(try stores[1].count() == 43)
            let cursor = try stores[1].posts(in: 41..<42)[0].id
            let (lastA, _) = try await Self.page(servers[0], "before=\(cursor)&limit=5")
            let (lastB, _) = try await Self.page(servers[1], "before=\(cursor)&limit=5")
            #expect(lastA.posts.map(\.id) == [extra.id])
            #expect(lastB.posts.map(\.id) == [extra.id])

            // Both serve the same pages, their own address aside.
            let (_, first) = try await Self.page(servers[0])
            let (_, second) = try await Self.page(servers[1])
            #expect(try portless(first, server: servers[0]) == portless(second, server: servers[1]))
            await Self.stop(servers, stores)
        }
    }

    @Test func editsAndDeletionsThroughOneServerAreServedByEveryServer() async throws {
        try await withPostgres { cluster in
            let (_, servers, stores) = try await Self.servers(2, posts: 40, in: cluster)
            try await Self.listening(stores)
            let (before, _) = try await Self.page(servers[1])
            let target = before.posts[3]
            let doomed = before.posts[5]
            let edited = try #require(try servers[0].editPosts([target.id]).first)
            try servers[0].deletePosts([doomed.id])

            // The other server's cached first page is dropped on the notification.
            var after = try await Self.page(servers[1]).0
            for _ in 0..<250 where after.posts.contains(where: { $0.id == doomed.id }) {
                try await Task.sleep(for: .milliseconds(20))
                after = try await Self.page(servers[1]).0
            }
            #expect(!after.posts.contains { $0.id == doomed.id }, "the deleted post is left out")
            #expect(after.deleted.contains(doomed.id), "and clients are told")
            #expect(after.posts.first { $0.id == target.id }?.text == edited.text, "the edit is served")
            #expect(after.posts.first { $0.id == target.id }?.text != target.text)
            let cursor = try await HTTPExchange.get(try #require(servers[1].timelineURL).with(query: "before=\(doomed.id)"))
            #expect(cursor.status == 400, "a deleted post is no cursor")
            #expect(try stores[1].deletedPostIDs() == [doomed.id])
            await Self.stop(servers, stores)
        }
    }
}
