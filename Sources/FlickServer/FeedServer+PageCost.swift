import FlickTimeline
import Foundation
import CompressNIO
import NIOCore

extension FeedServer {
    /// Where the time of one `/timeline` page goes when it is not cached, stage by stage
    /// (medians, milliseconds), beside what a cached page costs. For `flick bench --serve`.
    public struct PageCost: Sendable {
        /// Snapshot of the timeline and the store query for the page's posts.
        public var query: Double
        /// Making image URLs absolute (`ImageURLRewriter`, Foundation `URL`).
        public var urlRewriting: Double
        /// The page's JSON (`FeedEncoder`).
        public var encoding: Double
        /// gzip of the JSON (compress-nio, zlib's default level).
        public var gzip: Double
        /// The `ETag` (FNV-1a of the JSON).
        public var tag: Double
        /// A cached page: the timeline's version and the table lookup.
        public var cachedLookup: Double
        /// JSON and gzip sizes of the page, in bytes.
        public var jsonBytes: Int
        public var gzipBytes: Int
    }

    /// Times each stage of making the newest `limit`-post page `runs` times. Runs on the
    /// calling thread; reads the store.
    public func measurePageCost(limit: Int = 50, runs: Int = 200) throws -> PageCost {
        let base = "http://127.0.0.1:8080"
        let query = TimelineQuery(anchor: .newest, limit: limit)
        let rewriter = ImageURLRewriter(root: URL(string: base + "/")!)
        var stages: [String: [Double]] = [:]
        func timed<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
            let start = ContinuousClock.now
            let value = try body()
            let elapsed = ContinuousClock.now - start
            stages[name, default: []].append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
            return value
        }
        let cache = PageCache(gzipMinimumBytes: configuration.gzipMinimumBytes)
        var jsonBytes = 0
        var gzipBytes = 0
        for _ in 0..<max(1, runs) {
            let page = try timed("query") { try TimelinePager(base: base, faults: []).page(query, in: try timeline.snapshot()) }
            let posts = timed("rewrite") { page.posts.map(rewriter.rewrite) }
            let json = timed("encode") {
                [UInt8](FeedEncoder().encodePage(posts: posts, next: page.next, newer: page.newer, deleted: page.deleted))
            }
            var buffer = ByteBuffer(bytes: json)
            let algorithm = CompressionAlgorithm.gzip()
            let gzipped: ByteBuffer? = timed("gzip") { try? buffer.compress(with: algorithm) }
            _ = timed("tag") { PageCache.entry(json, gzipMinimumBytes: .max).etag }
            let key = PageCache.Key(query: query, version: try timeline.version())
            if cache.entry(for: key) == nil { cache.store(json, for: key) }
            _ = try timed("cached") { cache.entry(for: PageCache.Key(query: query, version: try timeline.version())) }
            jsonBytes = json.count
            gzipBytes = gzipped?.readableBytes ?? 0
        }
        func median(_ name: String) -> Double {
            let sorted = (stages[name] ?? [0]).sorted()
            return sorted[sorted.count / 2]
        }
        return PageCost(
            query: median("query"), urlRewriting: median("rewrite"), encoding: median("encode"), gzip: median("gzip"),
            tag: median("tag"), cachedLookup: median("cached"), jsonBytes: jsonBytes, gzipBytes: gzipBytes)
    }
}
