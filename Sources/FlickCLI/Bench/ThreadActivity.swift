import FlickGTK
import FlickHost
import FlickWindow
import Foundation

/// What every thread of this process did: CPU time and context switches (each switch in is a
/// wake-up), read from /proc/self/task. Two readings give what happened between them; a thread
/// that ended in between is left out of both.
struct ThreadActivity {
    struct Thread: Hashable {
        let id: Int
        let name: String
        /// Voluntary and involuntary context switches so far.
        let switches: Int
    }

    /// The process's CPU seconds so far (all threads, ended ones included: `getrusage`).
    let cpuSeconds: Double
    let threads: [Int: Thread]
    /// Monotonic seconds at the reading.
    let time: Double

    static func read() -> ThreadActivity {
        var threads: [Int: Thread] = [:]
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        for task in tasks {
            guard let id = Int(task), let status = try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8) else { continue }
            var name = "?"
            var switches = 0
            for line in status.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                switch parts[0] {
                case "Name": name = value
                case "voluntary_ctxt_switches", "nonvoluntary_ctxt_switches": switches += Int(value) ?? 0
                default: break
                }
            }
            threads[id] = Thread(id: id, name: name, switches: switches)
        }
        return ThreadActivity(cpuSeconds: ResourceUsage.cpuSeconds, threads: threads, time: Double(DispatchTime.now().uptimeNanoseconds) / 1e9)
    }

    /// From `earlier` to this reading: CPU percent of one core, wake-ups per second, and the
    /// threads that woke, most first.
    func since(_ earlier: ThreadActivity) -> (cpuPercent: Double, wakeupsPerSecond: Double, busiest: [(name: String, wakeups: Int)]) {
        let seconds = max(1e-9, time - earlier.time)
        var woke: [(String, Int)] = []
        for (id, thread) in threads {
            guard let before = earlier.threads[id], thread.switches > before.switches else { continue }
            woke.append((thread.name, thread.switches - before.switches))
        }
        woke.sort { $0.1 > $1.1 }
        let total = woke.reduce(0) { $0 + $1.1 }
        return ((cpuSeconds - earlier.cpuSeconds) / seconds * 100, Double(total) / seconds, woke.map { (name: $0.0, wakeups: $0.1) })
    }
}

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

/// Input latency in the SDL window (`--measure-input`): Down pressed through XTest every 150–250
/// ms while the window runs interactively (resting between presses, as a reader's window
/// does), each measured to the completed present of the frame that moved the focus.
enum InputLatencyRun {
    static let keysymDown: UInt = 0xFF54

    @MainActor
    static func measure<Interaction>(_ window: ListWindow<Interaction>, presses: Int) throws -> [Double] {
        let sender = try XTestInput()
        guard let id = window.display.x11WindowID else { throw XTestInput.Failure(description: "the window is not on X11") }
        sender.focus(window: id)
        let probe = InputLatencyProbe()
        window.inputProbe = probe
        defer { window.inputProbe = nil }
        window.runInteractively(seconds: 0.5)
        let presser = Thread {
            for _ in 0..<presses {
                usleep(UInt32.random(in: 150_000...250_000))
                probe.noteSent(sender.press(keysym: keysymDown, focusing: id))
            }
        }
        presser.start()
        window.runInteractively(seconds: Double(presses) * 0.25 + 1)
        return probe.milliseconds
    }
}
