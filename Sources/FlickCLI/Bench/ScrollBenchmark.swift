import FlickCore
import FlickList
import FlickRaster
import FlickTimeline
import Foundation

/// The real engine, headless on a 60/120 Hz display clock with real workers, replaying the
/// standard scroll scripts once per pipeline, so Flick and the naive baseline are measured in
/// the same run on the same feed.
@MainActor
struct ScrollBenchmark {
    struct Result {
        let mode: String
        let report: FrameReport
        /// Frames from each settle until the visible rows were fully drawn.
        let settleDelays: [Int]
        let budgetMilliseconds: Double

        var jankyFrames: Int { report.frames.filter { $0.mainThreadMilliseconds > budgetMilliseconds }.count }
        var hitchMillisecondsPerSecond: Double {
            let late = report.frames.map { max(0, $0.mainThreadMilliseconds - budgetMilliseconds) }.reduce(0, +)
            let seconds = Double(report.frames.count) * budgetMilliseconds / 1000
            return seconds > 0 ? late / seconds : 0
        }

        func settlePercentile(_ p: Double) -> Int {
            let sorted = settleDelays.sorted()
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }
    }

    let database: String
    let hz: Double
    let viewport = Size(width: 375, height: 667)
    let scale = DisplayScale.two

    func run(mode: String, progress: (String) -> Void) throws -> Result {
        let store = try FeedStore(path: database)
        var source = try TimelineDataSource(store: store)
        let configuration: ListEngine<TimelineDataSource>.Configuration
        switch mode {
        case "naive":
            source.cachesLayouts = false
            configuration = .naive
        default:
            configuration = ListEngine<TimelineDataSource>.Configuration()
        }
        let engine = ListEngine(
            source: source, viewport: viewport, scale: scale, placeholder: source.placeholderTile(width: viewport.width, scale: scale),
            configuration: configuration)
        let display = HeadlessDisplay(engine: engine, hz: hz, pacing: .realTime)
        for (name, text) in StandardScripts.all {
            progress("\(mode): \(name)")
            display.play(try ScrollScript(parsing: text))
        }
        let delays = display.settles.map { settle in
            display.frames.first { $0.index >= settle && $0.rowsSkeleton == 0 && $0.rowsBlank == 0 }.map { $0.index - settle } ?? -1
        }
        return Result(mode: mode, report: FrameReport(frames: display.frames), settleDelays: delays, budgetMilliseconds: 1000 / hz)
    }

    static func table(_ results: [Result]) -> String {
        func f(_ value: Double) -> String { String(format: value >= 100 ? "%.0f" : "%.2f", value) }
        var lines = ["mode    frames  p50 ms  p90 ms  p99 ms  max ms  janky   hitch ms/s  blank frames  skeleton %  settle→drawn p50/p95 frames"]
        for r in results {
            let report = r.report
            lines.append(
                [r.mode.padding(toLength: 8, withPad: " ", startingAt: 0), "\(report.frames.count)".padding(toLength: 8, withPad: " ", startingAt: 0),
                 f(report.percentile(0.5)).padding(toLength: 8, withPad: " ", startingAt: 0), f(report.percentile(0.9)).padding(toLength: 8, withPad: " ", startingAt: 0),
                 f(report.percentile(0.99)).padding(toLength: 8, withPad: " ", startingAt: 0), f(report.mainThread.last ?? 0).padding(toLength: 8, withPad: " ", startingAt: 0),
                 "\(r.jankyFrames)".padding(toLength: 8, withPad: " ", startingAt: 0), f(r.hitchMillisecondsPerSecond).padding(toLength: 12, withPad: " ", startingAt: 0),
                 "\(report.blankFrames)".padding(toLength: 14, withPad: " ", startingAt: 0), f(report.meanSkeletonPercent).padding(toLength: 12, withPad: " ", startingAt: 0),
                 "\(r.settlePercentile(0.5))/\(r.settlePercentile(0.95))"].joined())
        }
        if let flick = results.first(where: { $0.mode == "flick" }), let naive = results.first(where: { $0.mode == "naive" }) {
            let p99 = naive.report.percentile(0.99) / max(0.001, flick.report.percentile(0.99))
            let p50 = naive.report.percentile(0.5) / max(0.001, flick.report.percentile(0.5))
            lines.append(String(format: "naive/flick: p50 %.1f×, p99 %.1f×, max %.1f×", p50, p99, (naive.report.mainThread.last ?? 0) / max(0.001, flick.report.mainThread.last ?? 0)))
        }
        return lines.joined(separator: "\n")
    }
}
