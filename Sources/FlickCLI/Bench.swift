import ArgumentParser
import FlickList
import FlickTimeline
import Foundation

/// `flick bench`: measures Flick against its baselines in one run.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure Flick against the naive pipeline and raw Pango/Cairo (use a release build).",
        discussion: """
            Micro-benchmarks time the hot paths beside raw Pango/Cairo. --scroll replays the
            standard scroll scripts on a headless 60/120 Hz display with real workers, once per
            mode: flick, naive, and ablations that turn off one technique each
            (\(BenchMode.allCases.map(\.rawValue).joined(separator: ", "))).
            """)

    @Option(help: "Timed runs per micro-benchmark.")
    var runs: Int = 400

    @Flag(help: "Skip the micro-benchmarks.")
    var noMicro = false

    @Flag(help: "Replay the standard scroll scripts for each mode.")
    var scroll = false

    @Option(help: "Modes for --scroll, comma-separated, or \"all\".")
    var modes: String = "flick,naive"

    @Option(help: "Feed for --scroll: a feed.sqlite or its folder (default: generate --posts into out/bench-feed-N).")
    var db: String?

    @Option(help: "Posts to generate for --scroll when no --db is given.")
    var posts: Int = 100_000

    @Option(help: "Display clock for --scroll: 60 or 120 Hz.")
    var hz: Double = 120

    @Option(help: "Write the results as JSON to this path.")
    var json: String?

    @Option(help: "Draw frame times per mode into this PNG (with --scroll).")
    var plot: String?

    @Option(help: "Replay this script file (see ScrollScript) instead of the standard scripts.")
    var script: String?

    @Flag(help: "With --scroll: read the timeline from an embedded server on loopback (50 ms latency, new posts arriving) into a fresh cache, replaying the live scripts.")
    var live = false

    @Option(help: "Client for --scroll: timeline (a feed of --posts posts) or chat (a conversation of --posts messages, all shown).")
    var client: DemoClient = .timeline

    @Flag(help: "With --scroll: also replay the whole-feed trip (jumps and flings spread over every row of the feed).")
    var wholeFeed = false

    @Option(help: "With --scroll: instead of the modes, run Flick over feeds of these sizes (comma-separated post counts, e.g. 10000,100000,1000000), each in its own process, and print one table of first frame, peak RSS and frame times.")
    var sizes: String?

    @Flag(help: "Replay the keyboard script (Down held through 5,000 rows, Page Down ×20, End, Home) beside the standard scroll scripts, Flick only, and compare their p99.")
    var keyboard = false

    @Flag(help: "Instead of the rest: wrk against `flick serve` (50-post pages, plain and gzip) and against nginx serving the same bytes as a static file, in one run (wrk and nginx from apt).")
    var serve = false

    @Option(help: "With --serve: seconds per wrk run.")
    var serveSeconds: Int = 10

    @Option(help: "With --serve: wrk connections.")
    var serveConnections: Int = 32

    @Flag(help: "Instead of the rest: find (issue #28) over --find-posts generated posts: import and index build times, store growth, first match and full count per query.")
    var find = false

    @Flag(help: "Instead of the rest: the GTK widget's fling script with accessibility off, with the AT-SPI bus and nobody listening, and with a screen reader listening (proxies on), alternated, each in its own process on this X display: the cost of the accessibility tree (issue #29).")
    var a11y = false

    @Flag(help: "Instead of the rest: the SDL window (without and with the HUD) and the GTK widget at rest on a 10,000-post feed at 1×, each in its own process on this X display: CPU and wake-ups of every thread and frames run over --idle-seconds (issue #31).")
    var idle = false

    @Flag(help: "Instead of the rest: end to end in the SDL window on a 10,000-post feed at 1× 60 Hz and @2x 120 Hz, each run in its own process on this X display: presented time per frame (frame start → X server done), CPU per scrolled second and start time over the standard window scripts, then input → presented for Down pressed through XTest (issue #31).")
    var latency = false

    @Option(help: "With --idle: seconds measured at rest per host.")
    var idleSeconds = 10

    @Option(help: "With --find: posts to generate.")
    var findPosts: Int = 1_000_000

    func validate() throws {
        try OptionLimits.check(findPosts, in: OptionLimits.feedPosts, option: "--find-posts")
        try OptionLimits.check(serveSeconds, in: 1...600, option: "--serve-seconds")
        try OptionLimits.check(idleSeconds, in: 1...600, option: "--idle-seconds")
        try OptionLimits.check(serveConnections, in: 1...10_000, option: "--serve-connections")
        try OptionLimits.check(runs, in: OptionLimits.microBenchmarkRuns, option: "--runs")
        try OptionLimits.check(posts, in: OptionLimits.feedPosts, option: "--posts")
        try OptionLimits.checkFrameRate(hz)
        _ = try selectedModes()
        if live, client == .chat { throw ValidationError("--live reads the timeline, not the chat") }
        for size in try selectedSizes() { try OptionLimits.check(size, in: OptionLimits.feedPosts, option: "--sizes") }
    }

    func selectedSizes() throws -> [Int] {
        guard let sizes else { return [] }
        return try sizes.split(separator: ",").map { text in
            guard let size = Int(text) else { throw ValidationError("--sizes: \"\(text)\" is not a post count") }
            return size
        }
    }

    func selectedModes() throws -> [BenchMode] {
        if modes == "all" { return BenchMode.allCases }
        return try modes.split(separator: ",").map { name in
            guard let mode = BenchMode(rawValue: String(name)) else {
                throw ValidationError("unknown mode \"\(name)\"; modes: \(BenchMode.allCases.map(\.rawValue).joined(separator: ", ")), all")
            }
            return mode
        }
    }

    /// Commands run on the main thread; the engine and the headless display are main-actor code.
    func run() throws {
        if serve { return try runServe() }
        if a11y { return try runAccessibilityCost() }
        if idle { return try runIdle() }
        if latency { return try runLatency() }
        if find {
            let folder = try runFind()
            return try MainActor.assumeIsolated { try runFindTyping(database: folder.appendingPathComponent("find-deferred.sqlite").path) }
        }
        try MainActor.assumeIsolated { try runOnMain() }
    }

    /// `--serve`: off the main actor (it blocks on the server's start and stop).
    private func runServe() throws {
        let database = try FeedDatabase(given: db, defaultFolder: "out/demo-feed", posts: 5_000, withImages: true).path()
        var benchmark = ServeBenchmark(database: database, seconds: serveSeconds, connections: serveConnections, threads: 2, limit: 50)
        let runs = try benchmark.run(progress: progress)
        if let cost = benchmark.cost { print(ServeBenchmark.costLine(cost)) }
        let load = benchmark.loadAverage.map { String(format: ", load average %.1f before", $0) } ?? ""
        print("flick serve against nginx serving the same bytes (wrk, \(serveConnections) connections, \(serveSeconds) s each, loopback\(load)):")
        print(ServeBenchmark.table(runs))
        if let json {
            let object = [
                "serve": ServeBenchmark.jsonObject(
                    runs, cost: benchmark.cost, loadAverage: benchmark.loadAverage, seconds: serveSeconds, connections: serveConnections, limit: 50)
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            try OutputFile.write([UInt8](data), to: json)
            print("wrote \(json)")
        }
    }

    /// `--latency`: off the main actor (it waits on child processes).
    private func runLatency() throws {
        let database = try FeedDatabase(given: db, defaultFolder: "out/bench-feed-10000", posts: 10_000, withImages: true).path()
        let results = try LatencyBenchmark(database: database, presses: 40).run(progress: progress)
        print(LatencyBenchmark.table(results))
        if let json {
            let data = try JSONSerialization.data(withJSONObject: ["latency": LatencyBenchmark.jsonObject(results)], options: [.prettyPrinted, .sortedKeys])
            try OutputFile.write([UInt8](data), to: json)
            print("wrote \(json)")
        }
    }

    /// `--idle`: off the main actor (it waits on child processes).
    private func runIdle() throws {
        let database = try FeedDatabase(given: db, defaultFolder: "out/bench-feed-10000", posts: 10_000, withImages: true).path()
        let runs = try IdleBenchmark(database: database, seconds: idleSeconds).run(progress: progress)
        print(IdleBenchmark.line(runs))
        if let json {
            let data = try JSONSerialization.data(withJSONObject: ["idle": IdleBenchmark.jsonObject(runs)], options: [.prettyPrinted, .sortedKeys])
            try OutputFile.write([UInt8](data), to: json)
            print("wrote \(json)")
        }
    }

    /// `--a11y`: off the main actor (it waits on child processes).
    private func runAccessibilityCost() throws {
        let database = try FeedDatabase(given: db, defaultFolder: "out/demo-feed", posts: 5_000, withImages: true).path()
        let runs = try AccessibilityCostBenchmark(database: database, script: "flings", rounds: 2).run(progress: progress)
        print(AccessibilityCostBenchmark.line(runs))
        if let json {
            let data = try JSONSerialization.data(withJSONObject: ["a11y": AccessibilityCostBenchmark.jsonObject(runs)], options: [.prettyPrinted, .sortedKeys])
            try OutputFile.write([UInt8](data), to: json)
            print("wrote \(json)")
        }
    }

    /// `--find`: on the calling thread (store work only, no display). Returns the stores' folder.
    private func runFind() throws -> URL {
        let folder = URL(fileURLWithPath: "out/bench-find-\(findPosts)", isDirectory: true)
        let result = try FindBenchmark(posts: findPosts, folder: folder).run(progress: progress)
        print(FindBenchmark.text(result))
        if let json {
            let data = try JSONSerialization.data(withJSONObject: ["find": FindBenchmark.jsonObject(result)], options: [.prettyPrinted, .sortedKeys])
            try OutputFile.write([UInt8](data), to: json)
            print("wrote \(json)")
        }
        return folder
    }

    /// `--find`, then: the typing script (`StandardScripts.findTyping`) headless over the
    /// store the benchmark indexed and queried (`find-deferred.sqlite`), real time at `--hz`:
    /// the frames while the find searches on its workers.
    @MainActor
    private func runFindTyping(database: String) throws {
        progress("find while typing")
        let script = try ScrollScript(parsing: StandardScripts.findTyping)
        let result = try ScrollBenchmark(database: database, hz: hz, scripts: [("find-typing", script)]).run(.flick, progress: progress)
        let report = result.report
        let find = report.find ?? FindStatistics()
        print(
            String(
                format: "find while typing (%d frames at %g Hz): main thread p50 %.2f ms, p99 %.2f ms, max %.2f ms; frames over budget %d; frames with blank rows %d; last query \"%@\": first match %.1f ms, count %.1f ms, %d matches",
                report.summary.frameCount, hz, report.summary.p50, report.summary.p99, report.summary.max, report.summary.jankyFrames,
                report.summary.blankFrames, find.query, find.firstResultMilliseconds ?? -1, find.countMilliseconds ?? -1, find.matches ?? -1))
    }

    @MainActor
    private func runOnMain() throws {
        var document: [String: Any] = [:]
        let sizes = try selectedSizes()
        if !sizes.isEmpty {
            let rows = try ScalingBenchmark(sizes: sizes, hz: hz).run(progress: progress)
            print("Flick over feeds of each size (standard scripts sized to the feed + whole-feed trip, own process each):")
            print(ScalingBenchmark.table(rows))
            print(ScalingBenchmark.memoryTable(rows))
            document["scaling"] = ScalingBenchmark.jsonObject(rows)
        } else if scroll {
            document["scroll"] = try runScroll()
        }
        if keyboard { document["keyboard"] = try runKeyboard() }
        if !noMicro {
            document["micro"] = try runMicro()
            document["live"] = runLive()
        }
        if let json {
            let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
            try OutputFile.write([UInt8](data), to: json)
            print("wrote \(json)")
        }
    }

    private func progress(_ stage: String) {
        FileHandle.standardError.write(Data("bench: \(stage)…\n".utf8))
    }

    private func runMicro() throws -> [[String: Any]] {
        let rows = try MicroBenchmarks(runs: runs).run(progress: progress)
        print("micro-benchmarks (median of \(runs) runs; baseline = raw Pango/Cairo, or full render / full-size decode)")
        print(pad("measure", 44) + pad("Flick", 12) + pad("baseline", 12) + "ratio")
        for row in rows {
            print(pad(row.name, 44) + pad(format(row.flick) + " " + row.unit, 12) + pad(row.baseline.map { format($0) + " " + row.unit } ?? "—", 12) + row.overhead)
        }
        return rows.map { row in
            var object: [String: Any] = ["name": row.name, "flick": row.flick, "unit": row.unit]
            if let baseline = row.baseline { object["baseline"] = baseline }
            return object
        }
    }

    /// `--keyboard`: the keyboard script and the standard scripts, Flick each in a fresh session
    /// on the same feed, and their p99 side by side.
    @MainActor
    private func runKeyboard() throws -> [String: Any] {
        let database = try FeedDatabase(given: db, defaultFolder: "out/bench-feed-\(posts)", posts: posts, withImages: true).path()
        let rows = try FeedStore(path: database, configuration: .viewing).count()
        let standard = try StandardScripts.all(rowCount: rows).map { (name: $0.name, script: try ScrollScript(parsing: $0.text)) }
        let keys = [(name: "keyboard", script: try ScrollScript(parsing: StandardScripts.keyboard))]
        progress("keyboard script")
        let typed = try ScrollBenchmark(database: database, hz: hz, scripts: keys).run(.flick, progress: progress)
        progress("standard scripts, for their p99")
        let scrolled = try ScrollBenchmark(database: database, hz: hz, scripts: standard).run(.flick, progress: progress)
        let line = KeyboardBenchLine(keyboard: typed.report, standard: scrolled.report, posts: rows, hz: hz)
        print(line.text)
        return line.jsonObject
    }

    /// Runs the scroll modes; returns their results as a JSON object.
    /// The cost of keeping a list alive: 20 inserts on a million rows, and snapshot diffs.
    @MainActor
    private func runLive() -> [String: Any] {
        progress("live updates")
        let result = LiveUpdateBenchmark(runs: runs).run()
        print(
            String(
                format: "live updates: frame applying 20 inserts on 1M rows p50 %.3f ms (update part %.3f ms) vs %.3f ms with no update",
                result.insertFrameMilliseconds, result.insertCommitMilliseconds, result.idleFrameMilliseconds))
        print("snapshot diff off the main thread: " + result.diffMilliseconds.map { String(format: "%dk ids %.1f ms", $0.identities / 1000, $0.milliseconds) }.joined(separator: ", "))
        return [
            "insert20On1MFrameMs": result.insertFrameMilliseconds, "insert20On1MUpdateMs": result.insertCommitMilliseconds,
            "idleFrameMs": result.idleFrameMilliseconds,
            "diffMs": Dictionary(uniqueKeysWithValues: result.diffMilliseconds.map { ("\($0.identities)", $0.milliseconds) }),
        ]
    }

    @MainActor
    private func runScroll() throws -> [String: Any] {
        let database = try FeedDatabase(given: db, defaultFolder: "out/bench-feed-\(posts)", posts: posts, withImages: true).path()
        let rows = client == .chat || live ? posts : try FeedStore(path: database, configuration: .viewing).count()
        // The jump storm (and the whole-feed trip) spread over every row of the feed.
        let standard = StandardScripts.all(rowCount: rows) + (wholeFeed ? [("whole-feed", StandardScripts.wholeFeed(rowCount: rows))] : [])
        let texts: [(name: String, text: String)] =
            try script.map { [(URL(fileURLWithPath: $0).lastPathComponent, try String(contentsOfFile: $0, encoding: .utf8))] }
            ?? (live ? StandardScripts.live : standard)
        // Parsed once for every mode; a bad script file fails here, naming its line, before any
        // mode has run.
        let scripts = try texts.map { (name: $0.name, script: try ScrollScript(parsing: $0.text)) }
        let benchmark = ScrollBenchmark(database: database, hz: hz, scripts: scripts)
        let chat = ChatBenchmark(
            messages: posts, folder: URL(fileURLWithPath: database).deletingLastPathComponent(), hz: hz, scripts: scripts)
        var results: [ScrollBenchmark.Result] = []
        var paging: [String: LiveScrollBenchmark.Paging] = [:]
        for mode in try selectedModes() {
            if live {
                let (result, modePaging) = try LiveScrollBenchmark(database: database, hz: hz, scripts: scripts).run(mode, progress: progress)
                results.append(result)
                paging[mode.rawValue] = modePaging
            } else {
                results.append(client == .chat ? try chat.run(mode, progress: progress) : try benchmark.run(mode, progress: progress))
            }
        }
        let floor = benchmark.viewportCopy()
        let viewport = benchmark.viewport
        print(
            "scroll scripts (\(scripts.map(\.name).joined(separator: ", "))) at \(Int(hz)) Hz, "
                + String(format: "%g×%g pt @%gx, ", viewport.width, viewport.height, benchmark.scale.value)
                + (client == .chat ? "chat of \(rows) messages" : "\(rows) posts"))
        print(ScrollBenchmark.table(results, copyFloor: floor))
        for (mode, modePaging) in paging.sorted(by: { $0.key < $1.key }) { print("\(mode): \(modePaging.text)") }
        for result in results { print("\(result.mode.rawValue) memory at the end: " + result.memory.text.replacingOccurrences(of: "\n", with: "\n  ")) }
        if let plot {
            try OutputFile.write(try BenchPlot(results: results, hz: hz).render().pngData(), to: plot)
            print("wrote \(plot)")
        }
        var modes: [String: Any] = [:]
        for result in results {
            var object = result.report.jsonObject
            object["firstFrameMs"] = result.firstFrameMilliseconds.isFinite ? result.firstFrameMilliseconds : -1
            object["cpuSeconds"] = result.cpuSeconds
            object["peakResidentMB"] = result.peakResidentMegabytes
            object["layoutsPerSecond"] = Double(result.layouts) / result.seconds
            object["rendersPerSecond"] = Double(result.renders) / result.seconds
            object["imageLoadsStarted"] = result.imageLoads
            object["imageDecodes"] = result.imageStatistics.decodes
            object["imageFailures"] = result.imageStatistics.failures
            object["imageRequestsCancelled"] = result.imageStatistics.cancelledRequests
            object["memory"] = result.memory.jsonObject
            if let modePaging = paging[result.mode.rawValue] { object["live"] = modePaging.jsonObject }
            modes[result.mode.rawValue] = object
        }
        return ["hz": hz, "client": client.rawValue, "live": live, "posts": rows, "viewportCopyMs": floor.fromMemory, "viewportCopyCacheHotMs": floor.cacheHot, "viewportCopyAfterSleepMs": floor.afterSleep, "modes": modes]
    }

    private func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
