import FlickList
import Foundation

/// `flick bench --latency`: end to end in the SDL window, each run in its own process on this X
/// display over the same feed. For each setting (1× at 60 Hz, @2x at 120 Hz) the standard
/// scripts replay (`flick demo --script`): presented time (frame start → the X server completed
/// the put), frames over budget, and the process's CPU per scrolled second; then Down is pressed
/// through XTest (`--measure-input`) for input → presented. Process start → first fully drawn
/// frame is read from each run (caches warm after the first). Blocking, on the calling thread.
struct LatencyBenchmark {
    struct Setting {
        let scale: Int
        let hz: Int
        /// The presented-time target, p99 ms.
        let presentedTarget: Double
        var name: String { "\(scale)× \(hz) Hz" }
        /// The input target: one frame interval + 2 ms.
        var inputTarget: Double { 1000 / Double(hz) + 2 }
    }

    struct ScriptRun {
        let script: String
        let presentedP50: Double
        let presentedP99: Double
        let framesOverBudget: Int
        let frames: Int
        let cpuPerScrolledSecond: Double
        let startMs: Double?
    }

    struct Result {
        let setting: Setting
        let scripts: [ScriptRun]
        let inputP50: Double
        let inputP99: Double
        let inputs: Int
    }

    static let settings = [Setting(scale: 1, hz: 60, presentedTarget: 2), Setting(scale: 2, hz: 120, presentedTarget: 3)]
    /// The window's standard scripts: constant reading and six flings (issue #15's), and the flings.
    static let scripts = StandardScripts.window.map(\.name) + ["flings"]

    let database: String
    let presses: Int

    func run(progress: (String) -> Void) throws -> [Result] {
        try WindowChildRuns.requireDisplay(for: "--latency")
        return try WindowChildRuns.withFolder("latency") { folder in
            try Self.settings.map { setting in try run(setting, folder: folder, progress: progress) }
        }
    }

    private func run(_ setting: Setting, folder: URL, progress: (String) -> Void) throws -> Result {
        let flick = WindowChildRuns.flick
        let common = ["--db", database, "--scale", String(setting.scale), "--hz", String(setting.hz), "--overlays", "none"]
        var scripts: [ScriptRun] = []
        for script in Self.scripts {
            progress("latency: \(script) at \(setting.name)")
            let report = folder.appendingPathComponent("\(script)-\(setting.hz).json")
            _ = try ServeBenchmark.command([flick, "demo", "--script", script, "--report", report.path] + common, limit: 300)
            scripts.append(try Self.readScript(report, script: script))
        }
        progress("latency: \(presses) key presses at \(setting.name)")
        let report = folder.appendingPathComponent("input-\(setting.hz).json")
        _ = try ServeBenchmark.command([flick, "demo", "--measure-input", String(presses), "--report", report.path] + common, limit: 300)
        let json = try WindowChildRuns.report(report)
        guard let input = json["inputToPresentMs"] as? [String: Double], let p50 = input["p50"], let p99 = input["p99"] else {
            throw WindowChildRuns.Failure(description: "\(report.path): no inputToPresentMs")
        }
        return Result(setting: setting, scripts: scripts, inputP50: p50, inputP99: p99, inputs: json["inputsMeasured"] as? Int ?? 0)
    }

    static func readScript(_ url: URL, script: String) throws -> ScriptRun {
        let json = try WindowChildRuns.report(url)
        guard let presented = json["presentedMs"] as? [String: Double], let p50 = presented["p50"], let p99 = presented["p99"],
            let cpu = json["cpuPerScrolledSecond"] as? Double
        else { throw WindowChildRuns.Failure(description: "\(url.path): not a window report with presentedMs") }
        return ScriptRun(
            script: script, presentedP50: p50, presentedP99: p99, framesOverBudget: json["framesOverBudget"] as? Int ?? -1,
            frames: json["frames"] as? Int ?? 0, cpuPerScrolledSecond: cpu, startMs: json["startMs"] as? Double)
    }

    static func table(_ results: [Result]) -> String {
        func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0) }
        var lines = [pad("setting", 12) + pad("script", 14) + pad("presented p50 / p99 ms", 28) + pad("over budget", 16) + pad("CPU s / scrolled s", 20) + "start ms"]
        for result in results {
            for run in result.scripts {
                lines.append(
                    pad(result.setting.name, 12) + pad(run.script, 14)
                        + pad(String(format: "%.2f / %.2f (≤ %.0f)", run.presentedP50, run.presentedP99, result.setting.presentedTarget), 28)
                        + pad("\(run.framesOverBudget) of \(run.frames)", 16) + pad(String(format: "%.3f", run.cpuPerScrolledSecond), 20)
                        + (run.startMs.map { String(format: "%.0f", $0) } ?? "—"))
            }
            lines.append(
                pad(result.setting.name, 12)
                    + String(
                        format: "input → presented (%d XTest Down presses, at rest between): p50 %.2f ms, p99 %.2f ms (target ≤ %.1f)", result.inputs,
                        result.inputP50, result.inputP99, result.setting.inputTarget))
        }
        return lines.joined(separator: "\n")
    }

    static func jsonObject(_ results: [Result]) -> [String: Any] {
        Dictionary(
            uniqueKeysWithValues: results.map { result in
                let scripts = Dictionary(
                    uniqueKeysWithValues: result.scripts.map { run -> (String, Any) in
                        var entry: [String: Any] = [
                            "presentedMs": ["p50": run.presentedP50, "p99": run.presentedP99], "framesOverBudget": run.framesOverBudget, "frames": run.frames,
                            "cpuPerScrolledSecond": run.cpuPerScrolledSecond,
                        ]
                        if let start = run.startMs { entry["startMs"] = start }
                        return (run.script, entry)
                    })
                let value: [String: Any] = [
                    "scripts": scripts, "inputToPresentMs": ["p50": result.inputP50, "p99": result.inputP99], "inputs": result.inputs,
                    "presentedTargetP99Ms": result.setting.presentedTarget, "inputTargetP99Ms": result.setting.inputTarget,
                ]
                return ("\(result.setting.scale)x\(result.setting.hz)hz", value)
            })
    }
}
