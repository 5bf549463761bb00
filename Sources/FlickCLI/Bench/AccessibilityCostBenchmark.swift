import FlickTimeline
import Foundation

/// `flick bench --a11y`: what standing for the rows to a screen reader costs the GTK widget.
/// The same fling script runs in `flick gtk-demo` (its own process each time, on this X
/// display) with GTK's accessibility off (`GTK_A11Y=none`: no proxies) and on a private D-Bus
/// session with the AT-SPI bus up and a listener taking every event a screen reader takes
/// (`GTK_A11Y=atspi`: proxies on), alternated `pairs` times; the line compares the frame work's
/// p99 (before-paint to after-paint), median over the pairs. Blocking, on the calling thread.
struct AccessibilityCostBenchmark {
    struct Run {
        let accessible: Bool
        let p50: Double
        let p99: Double
        let framesOver8: Int
        let proxiesMade: Int
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let database: String
    let script: String
    let pairs: Int

    func run(progress: (String) -> Void) throws -> [Run] {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw Failure(description: "--a11y opens GTK windows: run it on an X display (xvfb-run -a flick bench --a11y)")
        }
        for tool in ["dbus-run-session", "python3"] where ServeBenchmark.which(tool) == nil {
            throw Failure(description: "\(tool) is not installed (make setup installs it: scripts/apt-packages.txt)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-a11y-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let listener = folder.appendingPathComponent("listen.py")
        try Data(Self.listener.utf8).write(to: listener)
        let flick = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var runs: [Run] = []
        for pair in 0..<pairs {
            for accessible in [false, true] {
                progress("a11y cost: fling script \(pair + 1)/\(pairs), accessibility \(accessible ? "on (AT-SPI bus and a listener)" : "off")")
                let report = folder.appendingPathComponent("report-\(pair)-\(accessible).json")
                let demo = [flick, "gtk-demo", "--db", database, "--script", script, "--report", report.path]
                let command: [String]
                if accessible {
                    let quoted = demo.map { "'\($0)'" }.joined(separator: " ")
                    command = [
                        "dbus-run-session", "--", "/bin/sh", "-c",
                        "GTK_A11Y=atspi python3 '\(listener.path)' & listener=$!; sleep 1; GTK_A11Y=atspi \(quoted) >/dev/null; status=$?; kill $listener; exit $status",
                    ]
                } else {
                    command = ["env", "GTK_A11Y=none"] + demo
                }
                try ServeBenchmark.command(command, limit: 600)
                runs.append(try Self.read(report, accessible: accessible))
            }
        }
        return runs
    }

    static func read(_ url: URL, accessible: Bool) throws -> Run {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        guard let times = json["mainThreadMs"] as? [String: Double], let p50 = times["p50"], let p99 = times["p99"],
            let a11y = json["accessibility"] as? [String: Any], let on = a11y["proxies"] as? Bool
        else { throw Failure(description: "\(url.path): not a gtk-demo report") }
        guard on == accessible else {
            throw Failure(description: "the run with accessibility \(accessible ? "on" : "off") had proxies \(on ? "on" : "off"): the comparison would be void")
        }
        return Run(accessible: accessible, p50: p50, p99: p99, framesOver8: json["framesOver8ms"] as? Int ?? -1, proxiesMade: a11y["proxiesMade"] as? Int ?? 0)
    }

    /// The median over the runs of one side.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func line(_ runs: [Run]) -> String {
        let on = runs.filter(\.accessible), off = runs.filter { !$0.accessible }
        let p99On = median(on.map(\.p99)), p99Off = median(off.map(\.p99))
        return String(
            format: "a11y cost (GTK widget, fling script, %d runs a side): frame work p99 %.2f ms with the AT-SPI bus and a listener vs %.2f ms without (%.2f×); p50 %.2f vs %.2f ms; frames over 8.3 ms %@ vs %@; proxies made %@",
            on.count, p99On, p99Off, p99Off > 0 ? p99On / p99Off : 0, median(on.map(\.p50)), median(off.map(\.p50)),
            on.map { "\($0.framesOver8)" }.joined(separator: "/"), off.map { "\($0.framesOver8)" }.joined(separator: "/"),
            on.map { "\($0.proxiesMade)" }.joined(separator: "/"))
    }

    static func jsonObject(_ runs: [Run]) -> [String: Any] {
        let on = runs.filter(\.accessible), off = runs.filter { !$0.accessible }
        let p99On = median(on.map(\.p99)), p99Off = median(off.map(\.p99))
        return [
            "p99On": p99On, "p99Off": p99Off, "ratio": p99Off > 0 ? p99On / p99Off : 0,
            "runs": runs.map { ["accessible": $0.accessible, "p50": $0.p50, "p99": $0.p99, "framesOver8ms": $0.framesOver8, "proxiesMade": $0.proxiesMade] },
        ]
    }

    /// A listener that asks for what a screen reader asks for (Orca registers these), so every
    /// event the app sends is delivered and read; it runs until killed.
    static let listener = """
        import pyatspi
        from gi.repository import GLib
        seen = [0]
        def on_event(event):
            seen[0] += 1
            try:
                event.source.name, event.source.description
            except Exception:
                pass
        pyatspi.Registry.registerEventListener(
            on_event, "object:state-changed", "object:children-changed", "object:property-change", "focus:")
        pyatspi.Registry.start()
        """
}
