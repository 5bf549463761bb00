import FlickFeedPostgres
import FlickServer
import FlickTestSupport
import FlickTimeline
import Foundation
import Testing

/// The database going away while serving (503, then recovery once it is back), and the
/// start-up errors of `flick serve` and `flick import` for bad credentials, an unreachable
/// server and a bad URL: one clear line naming what is wrong, no stack trace.
@Suite(.timeLimit(.minutes(5)))
struct PostgresFaultTests {
    @Test func databaseGoingAwayAnswers503AndTheServerRecoversWhenItIsBack() async throws {
        try await withPostgres { cluster in
            let store = try await openPostgresStore(cluster.url)
            defer { store.close() }
            let generator = PostContentGenerator(seed: 3, images: ImagePoolGenerator.plannedPool)
            let posts = (0..<60).map(generator.post)
            _ = try store.upsert(posts)
            let server = try await startServer(over: store, pageSize: 10)
            let timeline = try #require(server.timelineURL)
            #expect(try await HTTPExchange.get(timeline).status == 200)

            try await offCooperativePool { try cluster.pause() }
            // A page not cached yet needs the database.
            let away = try await HTTPExchange.get(timeline.with(query: "before=\(posts[20].id)&limit=5"))
            #expect(away.status == 503, "\(away.text)")
            #expect(away.header("Retry-After") == "1")
            #expect(away.text.contains("unavailable"), "\(away.text)")
            #expect(away.text.contains("127.0.0.1:\(cluster.port)"), "names the database: \(away.text)")
            #expect(!away.text.contains(PostgresCluster.password), "never the password")
            // Hostile requests keep their answers while it is away.
            #expect(try await HTTPExchange.get(timeline.with(query: "limit=0")).status == 400)
            #expect(try await HTTPExchange.get(timeline.serverRoot.appendingPathComponent("nothing")).status == 404)

            try await offCooperativePool { try cluster.resume() }
            var back = try await HTTPExchange.get(timeline.with(query: "before=\(posts[20].id)&limit=5"))
            for _ in 0..<100 where back.status != 200 {
                try await Task.sleep(for: .milliseconds(100))
                back = try await HTTPExchange.get(timeline.with(query: "before=\(posts[20].id)&limit=5"))
            }
            #expect(back.status == 200, "recovered: \(back.text)")
            #expect(try FeedPage.parse(back.body, url: timeline).posts.map(\.id) == posts[21..<26].map(\.id))

            // The listener reconnected too: a post written now reaches the live stream.
            for _ in 0..<200 where !store.isListening { try await Task.sleep(for: .milliseconds(50)) }
            let stream = try await EventStreamTests.open(port: try #require(server.port))
            let other = try await openPostgresStore(cluster.url)
            defer { other.close() }
            let fresh = generatedPost(0, id: "written-after-recovery")
            try other.prepend([fresh])
            #expect(try await EventStreamTests.next("posts", on: stream).id == fresh.id)
            await server.stop()
        }
    }

    @Test func badCredentialsFailAtStartWithAClearMessage() async throws {
        try await withPostgres { cluster in
            let wrong = cluster.url(password: "not-the-password")
            let serve = try await FlickBinary.run(["serve", "--db", wrong, "--port", "0"])
            #expect(serve.status == 1)
            #expect(serve.stdout.isEmpty, "never says it is serving")
            #expect(serve.stderr.contains("flick serve: error: the PostgreSQL server of postgres://flick@127.0.0.1:\(cluster.port)/postgres refused user \"flick\""), "\(serve.stderr)")
            #expect(serve.stderr.contains("password authentication failed"), "\(serve.stderr)")
            #expect(!serve.stderr.contains("not-the-password"), "never the password")
            #expect(serve.stderr.split(separator: "\n").count == 1, "one line, no stack trace: \(serve.stderr)")

            let feed = ImportedSQLite.feedJSON.path
            let importing = try await FlickBinary.run(["import", feed, "--db", wrong])
            #expect(importing.status == 1)
            #expect(importing.stderr.contains("flick import: error:") && importing.stderr.contains("refused user \"flick\""), "\(importing.stderr)")

            let noDatabase = try await FlickBinary.run(["serve", "--db", cluster.url.replacingOccurrences(of: "/postgres", with: "/missing"), "--port", "0"])
            #expect(noDatabase.status == 1)
            #expect(noDatabase.stderr.contains("has no database \"missing\""), "\(noDatabase.stderr)")
        }
    }

    @Test func anUnreachableServerOrABadURLFailsAtStartWithAClearMessage() async throws {
        // A port nothing listens on: a cluster started and removed again.
        let cluster = try await offCooperativePool { try PostgresCluster.start() }
        _ = try? await offCooperativePool { cluster.destroy() }
        let closed = try await FlickBinary.run(["serve", "--db", cluster.url, "--port", "0"])
        #expect(closed.status == 1)
        #expect(closed.stderr.contains("cannot connect to the PostgreSQL server of postgres://flick@127.0.0.1:\(cluster.port)/postgres"), "\(closed.stderr)")
        #expect(closed.stderr.contains("connection refused"), "\(closed.stderr)")
        #expect(closed.stderr.split(separator: "\n").count == 1, "\(closed.stderr)")

        let noUser = try await FlickBinary.run(["serve", "--db", "postgres://127.0.0.1:5432/feed", "--port", "0"])
        #expect(noUser.status != 0)
        #expect(noUser.stderr.contains("bad PostgreSQL URL postgres://127.0.0.1:5432/feed: it names no user"), "\(noUser.stderr)")
        let badPort = try await FlickBinary.run(["import", "x.json", "--db", "postgres://a:secret@127.0.0.1:99999/feed"])
        #expect(badPort.status != 0)
        #expect(badPort.stderr.contains("port 99999 is outside 1…65535") && !badPort.stderr.contains("secret"), "\(badPort.stderr)")
    }
}
