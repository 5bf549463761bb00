import ArgumentParser
import FlickCore
import FlickTimeline
import Foundation

/// `flick generate`: a deterministic feed of N posts with its image pool.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate a feed: DIR/feed.sqlite (+ DIR/feed.json with --json) and DIR/images/.")

    @Option(help: "Number of posts.")
    var posts: Int = 5_000

    @Option(help: "Seed: the same seed writes the same bytes.")
    var seed: UInt64 = 1

    @Option(help: "Output folder.")
    var out: String = "out/feed"

    @Flag(help: "Also write feed.json in the feed format.")
    var json = false

    @Flag(help: "Skip the image pool (posts still reference it).")
    var noImages = false

    func validate() throws {
        try OptionLimits.check(posts, in: OptionLimits.generatedPosts, option: "--posts")
    }

    func run() throws {
        let started = Date()
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        let (report, pool) = try Self.writeFeed(posts: posts, seed: seed, into: folder, images: !noImages, json: json)
        let seconds = Date().timeIntervalSince(started)
        print(
            "generated \(posts) posts (seed \(seed)) in \(String(format: "%.1f", seconds)) s: "
                + "\(report.databasePath) (\(report.databaseBytes / 1_048_576) MB)"
                + (json ? ", \(report.jsonPath ?? "")" : "") + ", \(pool.avatars.count + pool.pictures.count) images")
    }
}

extension Generate {
    /// Writes a generated feed into `folder` (created if need be): the image pool (or, without
    /// `images`, only its plan, which the posts still reference), feed.sqlite, and feed.json
    /// with `json`, with a progress bar. The one generation path: `flick generate`, and the
    /// feeds the demo and the benchmark generate on first use.
    static func writeFeed(posts: Int, seed: UInt64, into folder: URL, images: Bool, json: Bool) throws
        -> (report: FeedGeneration.Report, pool: ImagePool)
    {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pool = images ? try ImagePoolGenerator(seed: seed).write(into: folder) : ImagePoolGenerator.plannedPool
        let report = try FeedGeneration(posts: posts, seed: seed, folder: folder, pool: pool, writeJSON: json).run(
            progress: ProgressBar(total: posts, label: "posts").update)
        return (report, pool)
    }
}
