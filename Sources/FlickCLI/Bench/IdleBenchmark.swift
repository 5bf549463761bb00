import Foundation

/// `flick bench --idle`: what a list costs at rest. Each host runs in its own process on this X
/// display, over the same feed at 1×: `flick demo` (the SDL window) with no overlays and with
/// the HUD, and `flick gtk-demo` (the GTK widget). Each opens, comes to rest, then measures
/// `seconds` at rest (`--measure-idle`): CPU of all threads, their wake-ups (context switches,
/// from /proc) and frames run; the SDL runs also report process start → the first fully drawn
/// frame (`startMs`; the second run's caches are warm). Blocking, on the calling thread.
struct IdleBenchmark {
    enum Host: String, CaseIterable {
        case window = "SDL window"
        case windowWithHUD = "SDL window, HUD on"
        case gtk = "GTK widget"

        var key: String {
            switch self {
            case .window: "window"
            case .windowWithHUD: "windowHud"
            case .gtk: "gtk"
            }
        }
    }

    struct Run {
        let host: Host
        let cpuPercent: Double
        let wakeupsPerSecond: Double
        let frames: Int
        let seconds: Double
        /// Process start → the first frame with every visible row drawn, ms (report `startMs`).
        let startMs: Double?
    }

    /// The targets at rest: ≤ 0.2% of a core and ≤ 2 wake-ups a second.
    static let cpuTarget = 0.2
    static let wakeupTarget = 2.0

    let database: String
    let seconds: Int

    func run(progress: (String) -> Void) throws -> [Run] {
        try WindowChildRuns.requireDisplay(for: "--idle")
        return try WindowChildRuns.withFolder("idle") { folder in
            try Host.allCases.map { host in
                progress("idle: \(host.rawValue), \(seconds) s at rest")
                let report = folder.appendingPathComponent("\(host.key).json")
                let common = ["--db", database, "--measure-idle", String(seconds), "--report", report.path]
                let flick = WindowChildRuns.flick
                let command: [String] =
                    switch host {
                    case .window: [flick, "demo", "--scale", "1", "--hz", "60", "--overlays", "none"] + common
                    case .windowWithHUD: [flick, "demo", "--scale", "1", "--hz", "60", "--overlays", "hud,status"] + common
                    case .gtk: [flick, "gtk-demo"] + common
                    }
                _ = try ServeBenchmark.command(command, limit: seconds + 120)
                return try Self.read(report, host: host)
            }
        }
    }

    static func read(_ url: URL, host: Host) throws -> Run {
        let json = try WindowChildRuns.report(url)
        guard let idle = json["idle"] as? [String: Any], let cpu = idle["cpuPercent"] as? Double, let wakeups = idle["wakeupsPerSecond"] as? Double,
            let frames = idle["frames"] as? Int, let seconds = idle["seconds"] as? Double
        else { throw WindowChildRuns.Failure(description: "\(url.path): no idle measurement in the report") }
        return Run(host: host, cpuPercent: cpu, wakeupsPerSecond: wakeups, frames: frames, seconds: seconds, startMs: json["startMs"] as? Double)
    }

    static func line(_ runs: [Run]) -> String {
        let parts = runs.map { run in
            String(format: "%@ %.3f%% CPU, %.2f wake-ups/s, %d frames", run.host.rawValue, run.cpuPercent, run.wakeupsPerSecond, run.frames)
                + (run.startMs.map { String(format: ", start %.0f ms", $0) } ?? "")
        }
        let seconds = runs.first.map { String(format: "%.0f", $0.seconds) } ?? "?"
        return "idle (\(seconds) s at rest, 1×): " + parts.joined(separator: "; ")
            + String(format: " (targets ≤ %.1f%% CPU, ≤ %.0f wake-ups/s)", cpuTarget, wakeupTarget)
    }

    static func jsonObject(_ runs: [Run]) -> [String: Any] {
        var object: [String: Any] = ["cpuTargetPercent": cpuTarget, "wakeupTargetPerSecond": wakeupTarget]
        for run in runs {
            var entry: [String: Any] = ["cpuPercent": run.cpuPercent, "wakeupsPerSecond": run.wakeupsPerSecond, "frames": run.frames, "seconds": run.seconds]
            if let start = run.startMs { entry["startMs"] = start }
            object[run.host.key] = entry
        }
        return object
    }
}
