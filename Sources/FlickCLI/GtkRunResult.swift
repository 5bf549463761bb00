import FlickList
import FlickRaster
import Foundation

/// One run of `flick gtk-demo`: every frame's work as GTK measures it (before-paint to the
/// end of after-paint), the frame report with `flick demo`'s keys (`mainThreadMs` is that
/// work), and the screenshot when one was taken.
struct GtkRunResult {
    let name: String
    let report: FrameReport
    var extra: [String: Any] = [:]
    var screenshot: Bitmap?

    /// `frames`' statistics with each frame's main-thread time replaced by GTK's frame work.
    init(name: String, frames: [FrameStats], frameWork: [Double], hz: Double, settles: [Int] = [], updates: UpdateStatistics = UpdateStatistics(), scale: Double) {
        self.name = name
        let count = min(frames.count, frameWork.count)
        let measured = zip(frames.suffix(count), frameWork.suffix(count)).map { stats, milliseconds in
            var stats = stats
            stats.mainThreadMilliseconds = milliseconds
            return stats
        }
        report = FrameReport(frames: measured, hz: hz, settles: settles, updates: updates, scale: scale)
    }

    var over8: Int { report.frames.count { $0.mainThreadMilliseconds > 1000 / 120 } }
    var over16: Int { report.frames.count { $0.mainThreadMilliseconds > 1000 / 60 } }

    var jsonObject: [String: Any] {
        var json = report.jsonObject
        json["framesOver8ms"] = over8
        json["framesOver16ms"] = over16
        json["measuredFrom"] = "frame clock before-paint to the end of after-paint"
        json.merge(extra) { _, new in new }
        return json
    }

    var text: String {
        let summary = report.summary
        return String(
            format: "%@: %d frames; frame work p50 %.2f ms, p99 %.2f ms, max %.2f ms; over 8.33 ms: %d, over 16.67 ms: %d; frames with blank rows: %d",
            name, summary.frameCount, summary.p50, summary.p99, summary.max, over8, over16, summary.blankFrames)
    }

    /// The comparison table, one row per run.
    static func table(_ runs: [(label: String, result: GtkRunResult)], scale: Int) -> String {
        var lines = [
            "| @\(scale)x | frames | frame work p50 / p99 / max (ms) | over 8.33 ms | over 16.67 ms | blank frames |",
            "|---|---|---|---|---|---|",
        ]
        for (label, result) in runs {
            let summary = result.report.summary
            lines.append(
                String(
                    format: "| %@ | %d | %.2f / %.2f / %.2f | %d | %d | %d |", label, summary.frameCount, summary.p50, summary.p99, summary.max,
                    result.over8, result.over16, summary.blankFrames))
        }
        return lines.joined(separator: "\n")
    }
}
