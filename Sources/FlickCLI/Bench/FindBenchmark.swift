import FlickCore
import FlickTimeline
import Foundation

/// `flick bench --find`: find over a generated feed (issue #28's targets: first match ≤ 50 ms,
/// full count ≤ 200 ms, index build ≤ +30% of import time, store ≤ +60%).
///
/// Builds two stores of the same posts in `folder`: one imported with the index deferred,
/// then indexed in one pass (`buildSearchIndex`, what a migration does), and one kept current
/// row by row while importing (what live pages do). Times the imports (the posts are generated
/// outside the timed part, 10,000 at a time), the build, the sizes, then each query's first
/// page (50 matches) and full count. Runs on the calling thread.
struct FindBenchmark {
    struct QueryResult {
        let label: String
        let text: String
        let matches: Int
        /// First page, the very first run (cold caches) and the median of the runs after.
        let firstColdMs: Double
        let firstMs: Double
        let countMs: Double
    }

    struct Result {
        let posts: Int
        let importSeconds: Double
        let buildSeconds: Double
        let indexedImportSeconds: Double
        let bytesWithout: Int
        let bytesWith: Int
        let queries: [QueryResult]
    }

    /// The queries: a common Latin word, a CJK bigram, a rare string (one author of 5,000),
    /// an absent string, and the worst case, one common letter.
    static let queries: [(label: String, text: String)] = [
        ("common Latin word", "coffee"), ("CJK bigram", "微笑"), ("rare string", "程序员老王4989"),
        ("absent string", "zzqx"), ("one letter", "e"),
    ]

    let posts: Int
    let folder: URL
    /// Timed runs per query after the cold one.
    let runs = 5

    func run(progress: (String) -> Void) throws -> Result {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let deferredPath = folder.appendingPathComponent("find-deferred.sqlite").path
        let indexedPath = folder.appendingPathComponent("find-indexed.sqlite").path
        for path in [deferredPath, indexedPath] {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        var configuration = FeedStore.Configuration()
        configuration.durability = .fast
        progress("find: importing \(posts) posts, index deferred")
        let deferred = try FeedStore(path: deferredPath, configuration: configuration)
        try deferred.deferSearchIndex()
        let importSeconds = try importPosts(into: deferred)
        let bytesWithout = try deferred.storedBytes().total
        progress("find: building the index")
        let buildSeconds = try Stopwatch.throwingSeconds { _ = try deferred.buildSearchIndex() }
        let bytesWith = try deferred.storedBytes().total
        progress("find: importing \(posts) posts, index kept current")
        let indexed = try FeedStore(path: indexedPath, configuration: configuration)
        let indexedImportSeconds = try importPosts(into: indexed)
        try? FileManager.default.removeItem(atPath: indexedPath)
        var results: [QueryResult] = []
        for (label, text) in Self.queries {
            progress("find: \(label) \"\(text)\"")
            let query = SearchQuery(text)
            var first: [Double] = []
            for _ in 0...runs { first.append(try Stopwatch.throwingSeconds { _ = try deferred.search(query, limit: 50) } * 1000) }
            var counts: [Double] = []
            var matches = 0
            for _ in 0..<3 { counts.append(try Stopwatch.throwingSeconds { matches = try deferred.countMatches(query).count } * 1000) }
            results.append(
                QueryResult(
                    label: label, text: text, matches: matches, firstColdMs: first[0], firstMs: Self.median(Array(first.dropFirst())),
                    countMs: Self.median(counts)))
        }
        return Result(
            posts: posts, importSeconds: importSeconds, buildSeconds: buildSeconds, indexedImportSeconds: indexedImportSeconds,
            bytesWithout: bytesWithout, bytesWith: bytesWith, queries: results)
    }

    /// Seconds spent in `insert` for every post, generated 10,000 at a time outside the clock.
    private func importPosts(into store: FeedStore) throws -> Double {
        let generator = PostContentGenerator(seed: 1, images: ImagePoolGenerator.plannedPool)
        var seconds = 0.0
        for start in stride(from: 0, to: posts, by: 10_000) {
            let batch = (start..<min(posts, start + 10_000)).map(generator.post)
            seconds += try Stopwatch.throwingSeconds { try store.insert(batch) }
        }
        return seconds
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    static func text(_ result: Result) -> String {
        let build = result.buildSeconds / result.importSeconds * 100
        let live = (result.indexedImportSeconds / result.importSeconds - 1) * 100
        let growth = (Double(result.bytesWith) / Double(result.bytesWithout) - 1) * 100
        var lines = [
            String(
                format: "find over %d posts: import %.1f s; index build %.1f s = %.0f%% of import (target ≤ 30%%); "
                    + "import keeping the index current %.1f s = +%.0f%%; store %.0f → %.0f MB = +%.0f%% (target ≤ 60%%)",
                result.posts, result.importSeconds, result.buildSeconds, build, result.indexedImportSeconds, live,
                Double(result.bytesWithout) / 1e6, Double(result.bytesWith) / 1e6, growth),
            "query                              matches   first page cold / warm ms   full count ms   (targets 50 / 200)",
        ]
        for query in result.queries {
            let name = "\(query.label) \"\(query.text)\""
            lines.append(
                name.padding(toLength: max(35, name.count + 1), withPad: " ", startingAt: 0)
                    + String(format: "%7d   %8.1f / %-8.1f         %8.1f", query.matches, query.firstColdMs, query.firstMs, query.countMs))
        }
        return lines.joined(separator: "\n")
    }

    static func jsonObject(_ result: Result) -> [String: Any] {
        [
            "posts": result.posts, "importSeconds": result.importSeconds, "buildSeconds": result.buildSeconds,
            "indexedImportSeconds": result.indexedImportSeconds, "bytesWithoutIndex": result.bytesWithout,
            "bytesWithIndex": result.bytesWith,
            "queries": result.queries.map { query -> [String: Any] in
                [
                    "label": query.label, "query": query.text, "findMatches": query.matches, "findFirstResultColdMs": query.firstColdMs,
                    "findFirstResultMs": query.firstMs, "findCountMs": query.countMs,
                ]
            },
        ]
    }
}

extension Stopwatch {
    /// Seconds taken by a throwing `body`.
    static func throwingSeconds(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
