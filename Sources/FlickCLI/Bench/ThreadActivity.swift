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
