import FlickCore
import Foundation

/// Writes a generated feed: posts into a fresh `feed.sqlite` (and `feed.json` on request), in
/// batches so memory stays flat whatever the post count. Posts are made on all cores; the
/// database is written in order on the calling thread.
public struct FeedGeneration: Sendable {
    /// Where the feed went.
    public struct Report: Sendable {
        public let databasePath: String
        public let databaseBytes: Int
        public let jsonPath: String?
    }

    public let posts: Int
    public let seed: UInt64
    public let folder: URL
    public let pool: ImagePool
    public let writeJSON: Bool
    /// Posts made and written per batch; default 10,000 (~10 MB of posts in memory at once).
    public var batchSize = 10_000

    public init(posts: Int, seed: UInt64, folder: URL, pool: ImagePool, writeJSON: Bool) {
        self.posts = posts
        self.seed = seed
        self.folder = folder
        self.pool = pool
        self.writeJSON = writeJSON
    }

    /// Generates and writes everything; `progress` is called with the posts written so far.
    public func run(progress: (Int) -> Void = { _ in }) throws -> Report {
        let databaseURL = folder.appendingPathComponent("feed.sqlite")
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: databaseURL.path + suffix)
        }
        let store = try FeedStore(path: databaseURL.path, configuration: .bulkLoad)
        // The find index is left pending (`buildSearchIndex` fills it on first use, e.g. by
        // `flick search`; searches scan until then): kept current row by row it multiplies a
        // million-post generation's time many times over (docs/ARCHITECTURE.md, "Find": measured).
        try store.deferSearchIndex()
        let jsonURL = folder.appendingPathComponent("feed.json")
        let writer = writeJSON ? try FeedWriter(url: jsonURL) : nil
        let generator = PostContentGenerator(seed: seed, images: pool)
        var written = 0
        while written < posts {
            let range = written..<min(posts, written + batchSize)
            let batch = Self.makeBatch(range, generator: generator)
            _ = try store.insert(batch)
            if let writer { for post in batch { try writer.append(post) } }
            written = range.upperBound
            progress(written)
        }
        try writer?.finish()
        let bytes = (try? FileManager.default.attributesOfItem(atPath: databaseURL.path)[.size] as? Int) ?? 0
        return Report(databasePath: databaseURL.path, databaseBytes: bytes, jsonPath: writeJSON ? jsonURL.path : nil)
    }

    /// Posts of `range`, generated in parallel (each post depends only on seed and index).
    static func makeBatch(_ range: Range<Int>, generator: PostContentGenerator) -> [Post] {
        let slices = max(1, QueuePool<Void>.activeCoreCount)
        let results = LockedBox([[Post]](repeating: [], count: slices))
        let chunk = (range.count + slices - 1) / slices
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            let start = range.lowerBound + slice * chunk
            let end = min(range.upperBound, start + chunk)
            guard start < end else { return }
            let posts = (start..<end).map(generator.post)
            results.withLock { $0[slice] = posts }
        }
        return results.value.flatMap { $0 }
    }
}
