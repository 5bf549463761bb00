import ArgumentParser
import FlickTimeline
import Foundation

/// `flick bench`: measures Flick against its baselines in one run.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure hot paths against raw Pango/Cairo baselines (use a release build).",
        discussion: "Scroll-script benchmarks against the naive pipeline arrive with the list engine.")

    @Option(help: "Timed runs per micro-benchmark.")
    var runs: Int = 400

    @Option(help: "Also write the results as JSON to this path.")
    var json: String?

    @Flag(help: "Also replay the standard scroll scripts headless, Flick against the naive pipeline.")
    var scroll = false

    @Option(help: "Feed for --scroll: a feed.sqlite or its folder (default: generate --posts into out/bench-feed).")
    var db: String?

    @Option(help: "Posts to generate for --scroll when no --db is given.")
    var posts: Int = 100_000

    @Option(help: "Display clock for --scroll: 60 or 120 Hz.")
    var hz: Double = 120

    @Flag(help: "Skip the micro-benchmarks.")
    var noMicro = false

    func validate() throws {
        guard runs >= 10 else { throw ValidationError("--runs must be at least 10") }
    }

    func run() throws {
        if scroll { try MainActor.assumeIsolated { try runScroll() } }
        if noMicro { return }
        let rows = try MicroBenchmarks(runs: runs).run { stage in
            FileHandle.standardError.write(Data("bench: \(stage)…\n".utf8))
        }
        print("micro-benchmarks (median of \(runs) runs; baseline = raw Pango/Cairo, or full render / full-size decode)")
        print(pad("measure", 44) + pad("Flick", 12) + pad("baseline", 12) + "ratio")
        for row in rows {
            print(pad(row.name, 44) + pad(format(row.flick) + " " + row.unit, 12) + pad(row.baseline.map { format($0) + " " + row.unit } ?? "—", 12) + row.overhead)
        }
        if let json {
            let objects = rows.map { row -> [String: Any] in
                var object: [String: Any] = ["name": row.name, "flick": row.flick, "unit": row.unit]
                if let baseline = row.baseline { object["baseline"] = baseline }
                return object
            }
            let data = try JSONSerialization.data(withJSONObject: ["micro": objects], options: [.prettyPrinted, .sortedKeys])
            try OutputFile.write([UInt8](data), to: json)
        }
    }

    @MainActor
    private func runScroll() throws {
        let database = try benchDatabase()
        let benchmark = ScrollBenchmark(database: database, hz: hz)
        var results: [ScrollBenchmark.Result] = []
        for mode in ["flick", "naive"] {
            results.append(try benchmark.run(mode: mode) { FileHandle.standardError.write(Data("bench: \($0)…\n".utf8)) })
        }
        print("scroll scripts at \(Int(hz)) Hz, 375×667 pt @2x, \(try FeedStore(path: database).count()) posts (main-thread ms per frame; janky = over \(String(format: "%.2f", 1000 / hz)) ms)")
        print(ScrollBenchmark.table(results))
    }

    private func benchDatabase() throws -> String {
        if let db {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: db, isDirectory: &isFolder)
            return isFolder.boolValue ? URL(fileURLWithPath: db).appendingPathComponent("feed.sqlite").path : db
        }
        let folder = URL(fileURLWithPath: "out/bench-feed-\(posts)", isDirectory: true)
        let database = folder.appendingPathComponent("feed.sqlite").path
        if !FileManager.default.fileExists(atPath: database) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = try FeedGeneration(posts: posts, seed: 1, folder: folder, pool: ImagePoolGenerator.plannedPool, writeJSON: false).run(
                progress: ProgressBar(total: posts, label: "posts").update)
        }
        return database
    }

    private func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
