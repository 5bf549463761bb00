import FlickServer
import FlickTimeline
import FlickTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5)))
struct ServerLifecycleTests {
    @Test func startReportsThePortAndStopReleasesIt() async throws {
        let server = try FeedServer(databasePath: TestFeeds.database(TestFeeds.small))
        #expect(server.port == nil)
        let port = try await server.start()
        #expect(server.port == port)
        #expect(server.timelineURL?.absoluteString == "http://127.0.0.1:\(port)/timeline")
        await #expect(throws: FeedServer.Error.self) { try await server.start() }

        // A second server cannot take the same port while the first holds it.
        var taken = FeedServer.Configuration()
        taken.port = port
        let second = try FeedServer(databasePath: TestFeeds.database(TestFeeds.small), configuration: taken)
        do {
            _ = try await second.start()
            Issue.record("two servers listened on port \(port)")
            await second.stop()
        } catch {
            guard case .cannotListen(_, let failedPort, _) = error else { throw error }
            #expect(failedPort == port)
        }

        await server.stop()
        #expect(server.port == nil)
        await server.stop()  // stopping twice is harmless
        // Once stopped, the port is free again: the second server can have it. Tests run in
        // parallel, and the freed port can be handed at once to another test's bind(0) or
        // outgoing connection for a moment: a few tries, never "in use" for good.
        var started: Int? = nil
        var attempts = 0
        while started == nil {
            attempts += 1
            do {
                started = try await second.start()
            } catch {
                guard attempts < 40 else { throw error }
                try await Task.sleep(nanoseconds: 250_000_000)
            }
        }
        #expect(started == port)
        let page = try await FeedPageFetcher(configuration: .patient).fetch(try #require(second.timelineURL))
        #expect(page.posts.count == 50)
        await second.stop()
    }

    @Test func newPostsAreMadeFromTheSeedWithoutTouchingTheStore() async throws {
        let database = TestFeeds.database(TestFeeds.small)
        let first = try FeedServer(databasePath: database)
        let second = try FeedServer(databasePath: database)
        let made = try first.addPosts(5)
        let again = try second.addPosts(5)
        #expect(made.map(\.id) == ["live-4", "live-3", "live-2", "live-1", "live-0"])
        #expect(again.map(\.id) == made.map(\.id))
        #expect(again.map(\.text) == made.map(\.text), "same seed, same content")
        #expect(again.map(\.user) == made.map(\.user))
        // The store is only read: the new posts live in the servers' memory.
        #expect(try first.store.count() == 300)
        #expect(try first.store.post(id: "live-0") == nil)
    }
}
