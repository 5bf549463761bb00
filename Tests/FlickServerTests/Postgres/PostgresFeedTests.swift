import FlickFeedPostgres
import FlickServer
import FlickTestSupport
import FlickTimeline
import Foundation
import Testing

/// The feed in PostgreSQL (a real server, `PostgresCluster`): `flick import` into it, pages
/// byte-identical to the SQLite store's for the same feed, paging by position, edits and
/// deletions, new posts pushed by every server over one database (NOTIFY).
@Suite(.timeLimit(.minutes(5)))
struct PostgresFeedTests {
    /// `flick import feed.json --db postgres://…`, then a server over PostgreSQL and one over
    /// SQLite (the same file imported): the newest page, every page followed by `next`, and
    /// pages by `before` and `since` are the same bytes (their own address aside).
    @Test func importedFeedServesTheSamePagesAsTheSQLiteStore() async throws {
        try await withPostgres { cluster in
            let url = try await offCooperativePool { try cluster.createDatabase() }
            let imported = try await FlickBinary.run(["import", ImportedSQLite.feedJSON.path, "--db", url])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout == "imported 10000 posts (0 skipped)\n")

            let sqlite = try await offCooperativePool { ImportedSQLite.store }
            let postgres = try await openPostgresStore(url)
            defer { postgres.close() }
            #expect(try postgres.count() == 10_000)
            let expectedIDs = try sqlite.posts(in: 0..<10_000).map(\.id)
            let a = try await startServer(over: sqlite)
            let b = try await startServer(over: postgres)

            var queries = ["limit=50", "limit=200", "limit=1", "before=\(expectedIDs[4_321])&limit=17",
                           "since=\(expectedIDs[4_321])&limit=17", "since=\(expectedIDs[5])&limit=50",
                           "before=\(expectedIDs[9_998])&limit=10", "before=\(expectedIDs[9_999])&limit=10", "before=nope&limit=5"]
            var walked: [String] = []
            var next: URL? = try #require(a.timelineURL).with(query: "limit=200")
            while let page = next {
                let bytes = try await HTTPExchange.get(page).body
                let parsed = try FeedPage.parse(bytes, url: page)
                walked += parsed.posts.map(\.id)
                next = parsed.next
                queries.append(page.query ?? "")
                try #require(walked.count <= 10_000, "paging does not end")
            }
            #expect(walked == expectedIDs, "every post once, in feed order")
            for query in queries {
                let left = try await HTTPExchange.get(try #require(a.timelineURL).with(query: query))
                let right = try await HTTPExchange.get(try #require(b.timelineURL).with(query: query))
                #expect(left.status == right.status, "\(query)")
                #expect(try portless(left.body, server: a) == portless(right.body, server: b), "\(query)")
            }
            await a.stop()
            await b.stop()
        }
    }

    /// Rows are counted from the newest post: a post put on top moves every row down by one,
    /// and `before`/`since` cursors keep naming the same posts.
    @Test func pagingIsByPositionAcrossPrependsAndImports() async throws {
        try await withPostgres { cluster in
            let url = try await offCooperativePool { try cluster.createDatabase() }
            let store = try await openPostgresStore(url)
            defer { store.close() }
            let generated = (0..<30).map { PostContentGenerator(seed: 5, images: ImagePoolGenerator.plannedPool).post($0) }
            let written = try store.upsert(generated)
            #expect(written.appended == 30 && written.updated == 0)
            #expect(try store.posts(in: 0..<30).map(\.id) == generated.map(\.id))
            #expect(try store.posts(in: 10..<13) == Array(generated[10..<13]), "stored records decode to equal posts")
            #expect(try store.rowIndex(ofPostID: generated[7].id) == 7)

            let server = try await startServer(over: store, pageSize: 5)
            let added = try server.addPosts(2)
            #expect(try store.count() == 32)
            #expect(try store.rowIndex(ofPostID: generated[7].id) == 9, "rows move down under new posts")
            let timeline = try #require(server.timelineURL)
            let first = try await HTTPExchange.get(timeline)
            #expect(try FeedPage.parse(first.body, url: timeline).posts.map(\.id) == added.map(\.id) + generated.prefix(3).map(\.id))
            let before = try FeedPage.parse(try await HTTPExchange.get(timeline.with(query: "before=\(generated[7].id)&limit=4")).body, url: timeline)
            #expect(before.posts.map(\.id) == generated[8..<12].map(\.id))
            let since = try FeedPage.parse(try await HTTPExchange.get(timeline.with(query: "since=\(generated[1].id)&limit=4")).body, url: timeline)
            #expect(since.posts.map(\.id) == added.map(\.id) + [generated[0].id])

            // An import of the same posts updates in place: no new rows, same order.
            let again = try store.upsert(Array(generated.prefix(10)))
            #expect(again.appended == 0 && again.updated == 10)
            #expect(try store.count() == 32)
            await server.stop()
        }
    }
}
