import FlickCore
import Foundation

/// `FLICK_PEAK_RSS_FILE=path`: at exit, the process writes its peak resident memory (`VmHWM`,
/// bytes) to `path`. For tests that bound a child's memory: the kernel's `ru_maxrss` of a
/// spawned child also counts its parent's resident memory at the fork (the copied address
/// space's high-water mark is carried through exec), so a test runner of 80 MB would read as
/// a child of at least 80 MB. `VmHWM` is of the process's own address space, made new at exec.
enum PeakMemoryReport {
    static let variable = "FLICK_PEAK_RSS_FILE"

    /// Registers the exit hook when the variable is set. Main thread, at start.
    static func installIfRequested() {
        guard getenv(variable) != nil else { return }
        atexit {
            guard let path = getenv(PeakMemoryReport.variable) else { return }
            let bytes = ProcessMemory.current().peakResidentBytes
            try? Data("\(bytes)\n".utf8).write(to: URL(fileURLWithPath: String(cString: path)))
        }
    }
}
