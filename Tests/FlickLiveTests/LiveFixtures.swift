import FlickServer
import FlickTimeline
import Foundation

/// A generated feed served by a real `FeedServer` on a free loopback port, and a fresh cache
/// store for a client; removed when released.
final class LiveFixture: @unchecked Sendable {
    let folder: URL
    let server: FeedServer
    let timeline: URL
    let posts: Int

    /// Generates `posts` posts (no image files: the served posts still reference them) and
    /// starts a server over them with pages of `pageSize`.
    /// - Parameter images: also draw the image files the posts reference (slower).
    init(
        posts: Int = 120, pageSize: Int = 20, images: Bool = false,
        configure: @Sendable (inout FeedServer.Configuration) -> Void = { _ in }
    ) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pool = images ? try ImagePoolGenerator(seed: 7).write(into: folder) : ImagePoolGenerator.plannedPool
        _ = try FeedGeneration(posts: posts, seed: 7, folder: folder, pool: pool, writeJSON: false).run()
        var configuration = FeedServer.Configuration()
        configuration.pageSize = pageSize
        configure(&configuration)
        server = try FeedServer(databasePath: folder.appendingPathComponent("feed.sqlite").path, configuration: configuration)
        _ = try await server.start()
        timeline = server.timelineURL!
        self.posts = posts
    }

    /// A new, empty cache store (or the one named `name`, reopened).
    func cache(_ name: String = "cache.sqlite") throws -> FeedStore {
        try FeedStore(path: folder.appendingPathComponent(name).path)
    }

    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
