import FlickTimeline
import Foundation

/// `flick bench --a11y`: what standing for the rows to a screen reader costs the GTK widget.
/// The same fling script runs in `flick gtk-demo` (its own process each time, on this X
/// display) four ways, alternated `rounds` times: GTK's accessibility off (`GTK_A11Y=none`); on
/// a private D-Bus session (settings in memory, so the machine's stay as they are) with the
/// AT-SPI bus up but nobody listening (the list must keep no proxies); with the bus saying a
/// screen reader runs (ScreenReaderEnabled) but no process reading events (the widget's own
/// cost: proxies on, every event sent); and with a screen reader's stand-in that takes every
/// event Orca takes and reads each one's source (the whole system's cost, the reader's CPU on
/// the same cores included). The line compares the frame work's p99 (before-paint to
/// after-paint), median over the rounds. Blocking, on the calling thread.
struct AccessibilityCostBenchmark {
    enum Setting: String, CaseIterable {
        case off = "accessibility off"
        case busOnly = "AT-SPI bus, nobody listening"
        case proxies = "AT-SPI bus, a screen reader said to run, no events read"
        case reader = "AT-SPI bus and a screen reader"
    }

    struct Run {
        let setting: Setting
        let p50: Double
        let p99: Double
        let framesOver8: Int
        let proxiesMade: Int
    }

    typealias Failure = WindowChildRuns.Failure

    let database: String
    let script: String
    let rounds: Int

    func run(progress: (String) -> Void) throws -> [Run] {
        try WindowChildRuns.requireDisplay(for: "--a11y")
        for tool in ["/usr/bin/dbus-run-session", "/usr/bin/python3"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw Failure(description: "\(tool) is not installed (make setup installs it: scripts/apt-packages.txt)")
        }
        return try WindowChildRuns.withFolder("a11y") { folder in try run(in: folder, progress: progress) }
    }

    private func run(in folder: URL, progress: (String) -> Void) throws -> [Run] {
        let listener = folder.appendingPathComponent("listen.py"), announce = folder.appendingPathComponent("announce.py")
        try Data((Self.announce + Self.listener).utf8).write(to: listener)
        try Data(Self.announce.utf8).write(to: announce)
        let flick = WindowChildRuns.flick
        var runs: [Run] = []
        for round in 0..<rounds {
            for setting in Setting.allCases {
                progress("a11y cost: fling script \(round + 1)/\(rounds), \(setting.rawValue)")
                let report = folder.appendingPathComponent("report-\(round)-\(setting).json")
                let demo = [flick, "gtk-demo", "--db", database, "--script", script, "--report", report.path].map { "'\($0)'" }.joined(separator: " ")
                let command: [String]
                switch setting {
                case .off:
                    command = ["/bin/sh", "-c", "GTK_A11Y=none \(demo) >/dev/null"]
                case .busOnly:
                    command = ["/usr/bin/env", "GSETTINGS_BACKEND=memory", "/usr/bin/dbus-run-session", "--", "/bin/sh", "-c", "GTK_A11Y=atspi \(demo) >/dev/null"]
                case .proxies:
                    command = [
                        "/usr/bin/env", "GSETTINGS_BACKEND=memory", "/usr/bin/dbus-run-session", "--", "/bin/sh", "-c",
                        "/usr/bin/python3 '\(announce.path)' && GTK_A11Y=atspi \(demo) >/dev/null",
                    ]
                case .reader:
                    command = [
                        "/usr/bin/env", "GSETTINGS_BACKEND=memory", "/usr/bin/dbus-run-session", "--", "/bin/sh", "-c",
                        "/usr/bin/python3 '\(listener.path)' & listener=$!; sleep 2; GTK_A11Y=atspi \(demo) >/dev/null; status=$?; kill $listener; exit $status",
                    ]
                }
                try ServeBenchmark.command(command, limit: 600)
                runs.append(try Self.read(report, setting: setting))
            }
        }
        return runs
    }

    static func read(_ url: URL, setting: Setting) throws -> Run {
        let json = try WindowChildRuns.report(url)
        guard let times = json["mainThreadMs"] as? [String: Double], let p50 = times["p50"], let p99 = times["p99"],
            let a11y = json["accessibility"] as? [String: Any], let on = a11y["proxies"] as? Bool
        else { throw Failure(description: "\(url.path): not a gtk-demo report") }
        guard on == (setting == .reader || setting == .proxies) else {
            throw Failure(description: "the run with \(setting.rawValue) had proxies \(on ? "on" : "off"): it should not")
        }
        return Run(setting: setting, p50: p50, p99: p99, framesOver8: json["framesOver8ms"] as? Int ?? -1, proxiesMade: a11y["proxiesMade"] as? Int ?? 0)
    }

    /// The median over the runs of one side.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func line(_ runs: [Run]) -> String {
        let side = { (setting: Setting) in runs.filter { $0.setting == setting } }
        let p99 = { (setting: Setting) in median(side(setting).map(\.p99)) }
        let off = p99(.off)
        return String(
            format: "a11y cost (GTK widget, fling script, %d rounds, frame work p99): %.2f ms with proxies on and every event sent, no reader (%.2f×); %.2f ms with a screen reader reading every event on the same cores (%.2f×); %.2f ms with the bus up and nobody listening (%.2f×); %.2f ms with accessibility off. p50 %.2f / %.2f / %.2f / %.2f ms; proxies made %@",
            side(.off).count, p99(.proxies), off > 0 ? p99(.proxies) / off : 0, p99(.reader), off > 0 ? p99(.reader) / off : 0,
            p99(.busOnly), off > 0 ? p99(.busOnly) / off : 0, off, median(side(.proxies).map(\.p50)), median(side(.reader).map(\.p50)),
            median(side(.busOnly).map(\.p50)), median(side(.off).map(\.p50)),
            (side(.proxies) + side(.reader)).map { "\($0.proxiesMade)" }.joined(separator: "/"))
    }

    static func jsonObject(_ runs: [Run]) -> [String: Any] {
        let p99 = { (setting: Setting) in median(runs.filter { $0.setting == setting }.map(\.p99)) }
        return [
            "p99Proxies": p99(.proxies), "p99Reader": p99(.reader), "p99BusOnly": p99(.busOnly), "p99Off": p99(.off),
            "ratio": p99(.off) > 0 ? p99(.proxies) / p99(.off) : 0, "readerRatio": p99(.off) > 0 ? p99(.reader) / p99(.off) : 0,
            "runs": runs.map { ["setting": "\($0.setting)", "p50": $0.p50, "p99": $0.p99, "framesOver8ms": $0.framesOver8, "proxiesMade": $0.proxiesMade] },
        ]
    }

    /// Says a screen reader runs, as Orca does (AT-SPI's ScreenReaderEnabled), and exits.
    static let announce = """
        from gi.repository import Gio, GLib
        Gio.bus_get_sync(Gio.BusType.SESSION).call_sync(
            "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set",
            GLib.Variant("(ssv)", ("org.a11y.Status", "ScreenReaderEnabled", GLib.Variant("b", True))),
            None, Gio.DBusCallFlags.NONE, 10000, None)

        """

    /// A screen reader's stand-in (after `announce`): it asks for the events Orca registers and
    /// reads each event's source, until killed.
    static let listener = """
        import pyatspi
        def on_event(event):
            try:
                event.source.name, event.source.description
            except Exception:
                pass
        pyatspi.Registry.registerEventListener(
            on_event, "object:state-changed", "object:children-changed", "object:property-change", "focus:")
        pyatspi.Registry.start()
        """
}
