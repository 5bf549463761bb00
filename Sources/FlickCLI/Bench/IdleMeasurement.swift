import FlickGTK
import FlickHost
import FlickWindow
import Foundation

/// A list measured at rest (`--measure-idle`): the report's `idle` key and `flick bench --idle`'s line.
struct IdleMeasurement {
    let seconds: Double
    let cpuPercent: Double
    let wakeupsPerSecond: Double
    /// Frames run while measuring (a list at rest runs none).
    let frames: Int
    let busiest: [(name: String, wakeups: Int)]

    init(from start: ThreadActivity, to end: ThreadActivity, frames: Int) {
        let activity = end.since(start)
        seconds = end.time - start.time
        cpuPercent = activity.cpuPercent
        wakeupsPerSecond = activity.wakeupsPerSecond
        self.frames = frames
        busiest = activity.busiest
    }

    var jsonObject: [String: Any] {
        [
            "seconds": seconds, "cpuPercent": cpuPercent, "wakeupsPerSecond": wakeupsPerSecond, "frames": frames,
            "threadsWoken": busiest.prefix(8).map { ["thread": $0.name, "wakeups": $0.wakeups] },
        ]
    }

    var text: String {
        let threads = busiest.prefix(3).map { "\($0.name) \($0.wakeups)" }.joined(separator: ", ")
        return String(format: "at rest %.0f s: %.2f%% CPU, %.1f wake-ups/s, %d frames", seconds, cpuPercent, wakeupsPerSecond, frames)
            + (threads.isEmpty ? "" : " (\(threads))")
    }
}

extension IdleMeasurement {
    /// Seconds an interactive window gets to come to rest before it is measured: its visible
    /// rows, the rows drawn ahead and their images are done well within it on a 10k feed.
    static let settleSeconds = 3.0

    /// Lets `window` come to rest interactively, then measures `seconds` of it at rest.
    @MainActor
    static func measure<Interaction>(_ window: ListWindow<Interaction>, seconds: Double) -> IdleMeasurement {
        window.runInteractively(seconds: settleSeconds)
        let frames = window.framesRun
        let start = ThreadActivity.read()
        window.runInteractively(seconds: seconds)
        let end = ThreadActivity.read()
        return IdleMeasurement(from: start, to: end, frames: window.framesRun - frames)
    }
}

extension IdleMeasurement {
    /// Lets `view` come to rest in GLib's main loop, then measures `seconds` of it at rest.
    @MainActor
    static func measure<Interaction>(_ view: FlickListView<Interaction>, seconds: Double) -> IdleMeasurement {
        GtkHost.run(seconds: settleSeconds)
        let frames = view.framesRun
        let start = ThreadActivity.read()
        GtkHost.run(seconds: seconds)
        let end = ThreadActivity.read()
        return IdleMeasurement(from: start, to: end, frames: view.framesRun - frames)
    }
}
