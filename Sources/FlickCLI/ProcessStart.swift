import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// When this process started, on `DispatchTime`'s clock: the kernel's start time
/// (/proc/self/stat, clock ticks since boot, 10 ms steps) moved from the boot clock to the
/// monotonic one. Nil where /proc is not there.
enum ProcessStart {
    static var uptimeNanoseconds: UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command's closing parenthesis start at field 3; starttime is field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let started = ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        var boot = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        let sinceStart = Double(boot.tv_sec) + Double(boot.tv_nsec) / 1e9 - started
        let now = DispatchTime.now().uptimeNanoseconds
        return now - UInt64(max(0, min(Double(now), sinceStart * 1e9)))
    }

    /// Milliseconds from the process's start to `uptimeNanoseconds` (`DispatchTime`'s clock).
    static func milliseconds(until uptimeNanoseconds: UInt64) -> Double? {
        guard let start = Self.uptimeNanoseconds, uptimeNanoseconds >= start else { return nil }
        return Double(uptimeNanoseconds - start) / 1e6
    }
}

/// What a script's replay cost the whole process: CPU seconds of every thread per second of
/// the replay's wall time (report key `cpuPerScrolledSecond`), comparable across toolkits
/// replaying the same script.
struct ScriptCost {
    struct Reading {
        let cpuSeconds = ResourceUsage.cpuSeconds
        let uptimeNanoseconds = DispatchTime.now().uptimeNanoseconds
    }

    let cpuSeconds: Double
    let seconds: Double

    init(from start: Reading, to end: Reading) {
        cpuSeconds = end.cpuSeconds - start.cpuSeconds
        seconds = Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    var cpuPerSecond: Double { seconds > 0 ? cpuSeconds / seconds : 0 }
}
