import FlickTimeline
import Foundation

/// A feed opened from the command line: a feed JSON (decoded whole, with warnings for
/// skipped posts) or a feed.sqlite (posts read by id).
struct FeedSource {
    let folder: URL
    let warnings: [FeedWarning]
    private let posts: [String: Post]
    private let store: FeedStore?

    init(path: String) throws {
        let url = URL(fileURLWithPath: path)
        folder = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: path) else {
            throw FeedSourceError(path: path, reason: "no such file")
        }
        if Self.isSQLite(path) {
            // Rendering only reads: a read-only file (or folder) is fine, nothing is written.
            var configuration = FeedStore.Configuration.default
            configuration.access = .readOnly
            store = try FeedStore(path: path, configuration: configuration)
            posts = [:]
            warnings = []
        } else {
            let feed: Feed
            do {
                feed = try FeedDecoder().decode(contentsOf: url)
            } catch {
                // The decoder's reason ("no \"posts\" field", "line 2, column 14") does not name the file.
                throw FeedSourceError(path: path, reason: error.description)
            }
            store = nil
            warnings = feed.warnings
            posts = Dictionary(feed.posts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    func post(id: String) throws -> Post? {
        if let store { return try store.post(id: id) }
        return posts[id]
    }

    /// SQLite files start with "SQLite format 3\0".
    private static func isSQLite(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\u{0}".utf8)
    }
}

struct FeedSourceError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot open feed \(path): \(reason)" }
}
