import FlickGTK
import FlickList
import FlickRaster
import Foundation

/// One run of `flick gtk-demo`: every frame's work as GTK measures it (before-paint to the
/// end of after-paint) and by frame-clock phase, the frame report with `flick demo`'s keys
/// (`mainThreadMs` is that work), and the screenshot when one was taken.
struct GtkRunResult {
    let name: String
    let report: FrameReport
    /// Each reported frame's phases and main-thread CPU time (same order as `report.frames`).
    let phases: [GtkFramePhases]
    let cpuMilliseconds: [Double]
    var extra: [String: Any] = [:]
    var screenshot: Bitmap?

    /// `frames`' statistics with each frame's main-thread time replaced by GTK's frame work.
    init(
        name: String, frames: [FrameStats], frameWork: [Double], phases: [GtkFramePhases], cpu: [Double], hz: Double, settles: [Int] = [],
        updates: UpdateStatistics = UpdateStatistics(), scale: Double, selection: SelectionStatistics = SelectionStatistics(),
        find: FindStatistics? = nil
    ) {
        self.name = name
        let count = min(frames.count, frameWork.count)
        let measured = zip(frames.suffix(count), frameWork.suffix(count)).map { stats, milliseconds in
            var stats = stats
            stats.mainThreadMilliseconds = milliseconds
            return stats
        }
        self.phases = Array(phases.suffix(count))
        cpuMilliseconds = Array(cpu.suffix(count))
        report = FrameReport(frames: measured, hz: hz, settles: settles, updates: updates, scale: scale, selection: selection, find: find)
    }

    var over8: Int { report.frames.count { $0.mainThreadMilliseconds > 1000 / 120 } }
    var over16: Int { report.frames.count { $0.mainThreadMilliseconds > 1000 / 60 } }
    var framesPainted: Int { phases.count(where: \.painted) }

    /// p50, p99 and max of one phase over the run, milliseconds.
    func phase(_ value: KeyPath<GtkFramePhases, Double>) -> (p50: Double, p99: Double, max: Double) {
        let sorted = phases.map { $0[keyPath: value] }.sorted()
        return (RunSummary.percentile(0.5, ofSorted: sorted), RunSummary.percentile(0.99, ofSorted: sorted), sorted.last ?? 0)
    }

    /// p50, p99 and max of the main thread's CPU time per frame, milliseconds.
    var cpuSummary: (p50: Double, p99: Double, max: Double) {
        let sorted = cpuMilliseconds.sorted()
        return (RunSummary.percentile(0.5, ofSorted: sorted), RunSummary.percentile(0.99, ofSorted: sorted), sorted.last ?? 0)
    }

    static var phaseNames: [(name: String, value: KeyPath<GtkFramePhases, Double>)] {
        [("update", \.update), ("layout", \.layout), ("paint", \.paint), ("afterPaint", \.afterPaint)]
    }

    var jsonObject: [String: Any] {
        var json = report.jsonObject
        json["framesOver8ms"] = over8
        json["framesOver16ms"] = over16
        json["framesPainted"] = framesPainted
        json["measuredFrom"] = "frame clock before-paint to the end of after-paint"
        let cpu = cpuSummary
        json["mainThreadCpuMs"] = ["p50": cpu.p50, "p99": cpu.p99, "max": cpu.max]
        json["phasesMs"] = Dictionary(uniqueKeysWithValues: Self.phaseNames.map { name, value in
            let summary = phase(value)
            return (name, ["p50": summary.p50, "p99": summary.p99, "max": summary.max])
        })
        json["phasesPerFrameMs"] = perFramePhases
        json.merge(extra) { _, new in new }
        return json
    }

    /// Each frame's phases and main-thread CPU time, in frame order (spikes split into work
    /// and waiting), milliseconds to the microsecond.
    var perFramePhases: [String: [Double]] {
        func rounded(_ values: [Double]) -> [Double] { values.map { ($0 * 1000).rounded() / 1000 } }
        var columns = Dictionary(uniqueKeysWithValues: Self.phaseNames.map { name, value in (name, rounded(phases.map { $0[keyPath: value] })) })
        columns["cpu"] = rounded(cpuMilliseconds)
        return columns
    }

    var text: String {
        let summary = report.summary
        return String(
            format: "%@: %d frames (%d painted); frame work p50 %.2f ms, p99 %.2f ms, max %.2f ms; over 8.33 ms: %d, over 16.67 ms: %d; frames with blank rows: %d\n  %@",
            name, summary.frameCount, framesPainted, summary.p50, summary.p99, summary.max, over8, over16, summary.blankFrames, phasesText)
    }

    /// "update p50/p99 … ms, layout …, paint …, after-paint …".
    var phasesText: String {
        String(format: "main-thread CPU p50 / p99 %.2f / %.2f ms; phases p50 / p99 (ms): ", cpuSummary.p50, cpuSummary.p99)
            + Self.phaseNames.map { name, value in
                let summary = phase(value)
                return String(format: "%@ %.2f / %.2f", name, summary.p50, summary.p99)
            }.joined(separator: ", ")
    }

    /// The comparison table, one row per run, and each run's phases under it.
    static func table(_ runs: [(label: String, result: GtkRunResult)], scale: Int, renderer: String) -> String {
        var lines = [
            "| @\(scale)x, \(renderer) | frames (painted) | frame work p50 / p99 / max (ms) | over 8.33 ms | over 16.67 ms | blank frames |",
            "|---|---|---|---|---|---|",
        ]
        for (label, result) in runs {
            let summary = result.report.summary
            lines.append(
                String(
                    format: "| %@ | %d (%d) | %.2f / %.2f / %.2f | %d | %d | %d |", label, summary.frameCount, result.framesPainted, summary.p50,
                    summary.p99, summary.max, result.over8, result.over16, summary.blankFrames))
        }
        for (label, result) in runs { lines.append("\(label): \(result.phasesText)") }
        return lines.joined(separator: "\n")
    }
}
