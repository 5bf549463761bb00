#if canImport(Glibc)
import Glibc
#endif

/// Process CPU time and peak memory from `getrusage`.
enum ResourceUsage {
    private static var usage: rusage {
        var value = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &value)
        return value
    }

    /// User + system CPU seconds used by the process so far.
    static var cpuSeconds: Double {
        let u = usage
        return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
    }

    /// Peak resident set size of the process so far, MB.
    static var peakResidentMegabytes: Double { Double(usage.ru_maxrss) / 1024 }
}

extension ResourceUsage {
    /// Resident set size now, MB (from /proc/self/statm; 0 where unavailable).
    static var currentResidentMegabytes: Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
