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
        guard (0...50_000_000).contains(posts) else { throw ValidationError("--posts must be in 0…50,000,000, got \(posts)") }
    }

    func run() throws {
        let started = Date()
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pool = noImages ? ImagePoolGenerator.plannedPool : try ImagePoolGenerator(seed: seed).write(into: folder)
        let report = try FeedGeneration(posts: posts, seed: seed, folder: folder, pool: pool, writeJSON: json).run(
            progress: ProgressBar(total: posts, label: "posts").update)
        let seconds = Date().timeIntervalSince(started)
        print(
            "generated \(posts) posts (seed \(seed)) in \(String(format: "%.1f", seconds)) s: "
                + "\(report.databasePath) (\(report.databaseBytes / 1_048_576) MB)"
                + (json ? ", \(report.jsonPath ?? "")" : "") + ", \(pool.avatars.count + pool.pictures.count) images")
    }
}
