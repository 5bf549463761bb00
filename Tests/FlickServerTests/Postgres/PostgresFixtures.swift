import FlickFeedPostgres
import FlickServer
import FlickTestSupport
import FlickTimeline
import Foundation
import Testing

/// A real PostgreSQL server for one test (a copy of a template cluster on a port of its
/// own), stopped and removed after `body`, whether it passed or not.
func withPostgres(_ body: (PostgresCluster) async throws -> Void) async throws {
    let cluster = try await offCooperativePool { try PostgresCluster.start() }
    do {
        try await body(cluster)
    } catch {
        await stopped(cluster)
        throw error
    }
    await stopped(cluster)
}

private func stopped(_ cluster: PostgresCluster) async {
    _ = try? await offCooperativePool { cluster.destroy() }
}

/// Opens a store (blocking: connecting and making the tables) off the cooperative pool.
func openPostgresStore(_ url: String) async throws -> PostgresFeedStore {
    try await offCooperativePool { try PostgresFeedStore(url: url) }
}

/// Starts a feed server over `store` (images from the small test feed) on a free port. The
/// live stream's heartbeat is ten minutes: a stream then wakes only when told of a change,
/// so a post pushed within a test's time proves the change notice (NOTIFY) arrived.
func startServer(over store: any FeedReading, pageSize: Int = 50) async throws -> FeedServer {
    var configuration = FeedServer.Configuration()
    configuration.pageSize = pageSize
    configuration.liveStream.heartbeat = .seconds(600)
    let server = FeedServer(store: store, feedFolder: TestFeeds.small, configuration: configuration)
    try await server.start()
    return server
}

/// The generator's post `index` under another id (the generator numbers ids by index,
/// whatever its seed, so a post meant to be new needs an id of its own).
func generatedPost(_ index: Int, id: String) -> Post {
    let post = PostContentGenerator(seed: 21, images: ImagePoolGenerator.plannedPool).post(index)
    return Post(
        id: id, createdAt: post.createdAt, source: post.source, user: post.user, text: post.text, pics: post.pics,
        reposts: post.reposts, comments: post.comments, likes: post.likes, retweeted: post.retweeted)
}

/// A page's JSON with the server's own address taken out, so pages of two servers (two
/// ports) compare byte for byte.
func portless(_ body: Data, server: FeedServer) throws -> String {
    let base = try #require(server.baseURL).absoluteString
    return String(decoding: body, as: UTF8.self).replacingOccurrences(of: base, with: "http://server")
}

/// The SQLite store made by importing the large test feed's feed.json (10,000 posts), once.
enum ImportedSQLite {
    static let feedJSON = TestFeeds.large.appendingPathComponent("feed.json")
    static let store: FeedStore = {
        let path = TestFeeds.temporaryFolder("sqlite-import").appendingPathComponent("feed.sqlite").path
        do {
            // Imported through a store of its own, released at once: the one returned lives to
            // the end of the process, and a live connection's cached insert statement would
            // hold the last post it bound past exit (a blob SQLite keeps by an inner pointer,
            // which LeakSanitizer cannot follow: a "leak" reported in `make sanitize`).
            _ = try FeedStore(path: path).importFeed(from: feedJSON)
            return try FeedStore(path: path)
        } catch {
            fatalError("cannot import the test feed into SQLite: \(error)")
        }
    }()
}
