import FlickServer
import FlickTimeline
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Feeds generated once per test process, read-only afterwards (every server opens its own
/// connection; new posts live in each server's memory).
enum TestFeeds {
    /// 300 posts, seed 7, with a tiny file for every image name the posts use, a secret
    /// file beside `images/` and a symlink inside `images/` pointing at it.
    static let small: URL = make(posts: 300, name: "small", json: false)
    /// 10,000 posts, seed 11, with feed.json.
    static let large: URL = make(posts: 10_000, name: "large", json: true)

    /// The text of `secret.txt`, which no image request may ever return.
    static let secret = "SECRET-NOT-AN-IMAGE-4711"

    static func database(_ folder: URL) -> String { folder.appendingPathComponent("feed.sqlite").path }

    private static func make(posts: Int, name: String, json: Bool) -> URL {
        let folder = temporaryFolder("feed-\(name)")
        let pool = ImagePoolGenerator.plannedPool
        do {
            _ = try FeedGeneration(posts: posts, seed: name == "small" ? 7 : 11, folder: folder, pool: pool, writeJSON: json).run()
            let images = folder.appendingPathComponent("images", isDirectory: true)
            try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
            for (index, entry) in (pool.avatars + pool.pictures).enumerated() {
                let bytes = Data("image \(index) \(entry.url)".utf8)
                try bytes.write(to: folder.appendingPathComponent(entry.url))
            }
            try Data(secret.utf8).write(to: folder.appendingPathComponent("secret.txt"))
            try FileManager.default.createSymbolicLink(
                atPath: images.appendingPathComponent("link-out.jpg").path, withDestinationPath: "../secret.txt")
            try FileManager.default.createSymbolicLink(
                atPath: images.appendingPathComponent("link-etc").path, withDestinationPath: "/etc")
        } catch {
            fatalError("cannot make the test feed: \(error)")
        }
        return folder
    }

    static func temporaryFolder(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-serve-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The ids of the feed at `folder` (`small` or `large`), newest first, read once.
    static func ids(_ folder: URL) throws -> [String] {
        folder == small ? smallIDs : largeIDs
    }

    private static let smallIDs = readIDs(small)
    private static let largeIDs = readIDs(large)

    private static func readIDs(_ folder: URL) -> [String] {
        do {
            // Opened the way servers open it (serialized, waiting out other openers), since
            // tests start servers over the same file at the same moment.
            let store = try FeedServer(databasePath: database(folder)).store
            return try store.posts(in: 0..<store.count()).map(\.id)
        } catch {
            fatalError("cannot read the test feed: \(error)")
        }
    }
}

/// Starts a server over `feed` on a free loopback port, runs `body`, and stops it.
func withServer(
    feed: URL = TestFeeds.small, _ configure: (inout FeedServer.Configuration) -> Void = { _ in },
    _ body: (FeedServer, URL) async throws -> Void
) async throws {
    var configuration = FeedServer.Configuration()
    configure(&configuration)
    let server = try FeedServer(databasePath: TestFeeds.database(feed), configuration: configuration)
    let port = try await server.start()
    #expect(port > 0)
    do {
        try await body(server, try #require(server.timelineURL))
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// A plain HTTP exchange through URLSession (status, headers, body), no caching.
struct HTTPExchange {
    let status: Int
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 60
        return URLSession(configuration: configuration)
    }()

    static func get(_ url: URL, headers: [String: String] = [:], session: URLSession = session) async throws -> HTTPExchange {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { fields[key] = value }
        }
        return HTTPExchange(status: http.statusCode, headers: fields, body: data)
    }
}

extension URL {
    /// `self` with `query` as its query string (`"limit=5"`).
    func with(query: String) -> URL {
        URL(string: absoluteString + "?" + query)!
    }

    /// The server root of a timeline URL.
    var serverRoot: URL { deletingLastPathComponent() }
}
