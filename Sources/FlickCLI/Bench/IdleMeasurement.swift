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
    /// Seconds a host gets to come to rest before it is measured: its visible rows, the rows
    /// drawn ahead and their images are done well within it on a 10k feed.
    static let settleSeconds = 3.0

    /// Lets `window` come to rest interactively, then measures `seconds` of it at rest.
    @MainActor
    static func measure<Interaction>(_ window: ListWindow<Interaction>, seconds: Double) -> IdleMeasurement {
        measure(seconds: seconds, framesRun: { window.framesRun }, run: { window.runInteractively(seconds: $0) })
    }

    /// Lets `view` come to rest in GLib's main loop, then measures `seconds` of it at rest.
    @MainActor
    static func measure<Interaction>(_ view: FlickListView<Interaction>, seconds: Double) -> IdleMeasurement {
        measure(seconds: seconds, framesRun: { view.framesRun }, run: { GtkHost.run(seconds: $0) })
    }

    /// `run` for `settleSeconds`, then for `seconds` between two readings of every thread.
    @MainActor
    private static func measure(seconds: Double, framesRun: () -> Int, run: (Double) -> Void) -> IdleMeasurement {
        run(settleSeconds)
        let frames = framesRun()
        let start = ThreadActivity.read()
        run(seconds)
        let end = ThreadActivity.read()
        return IdleMeasurement(from: start, to: end, frames: framesRun() - frames)
    }
}
