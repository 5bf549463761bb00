import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The floor of any compositor: the cost of copying one viewport of pixels, measured two ways
/// in the benchmark's own run.
///
/// - `fromMemory`: each copy reads a different source buffer, the set of them larger than
///   the last-level cache, as a compositor reads row bitmaps drawn earlier by workers.
/// - `cacheHot`: the same source copied again and again; on a machine whose cache holds a
///   whole viewport (this kind has 32 MiB of L3, a 375×667 pt @2x viewport is 4 MB) this is
///   several times faster than any real frame can be, and varies six-fold between hosts.
///
/// - `afterSleep`: `fromMemory`, but each copy after sleeping one frame interval, as a frame's
///   copies come after the main thread waited for the frame's deadline: its caches and page
///   walks are cold: 1.1–1.3× `fromMemory` in session 9's runs on this machine kind.
///
/// The benchmark's ratio is against `fromMemory`, and all three are printed.
struct CopyFloor: Sendable {
    var fromMemory: Double
    var cacheHot: Double
    var afterSleep: Double

    /// Medians of `runs` copies of `bytes` bytes, milliseconds; `frameInterval` seconds of
    /// sleep before each `afterSleep` copy (100 of those).
    static func measure(bytes: Int, runs: Int = 200, frameInterval: Double = 1.0 / 120) -> CopyFloor {
        let target = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { target.deallocate() }
        target.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        // Enough sources to flush a 64 MiB cache between two reads of the same one.
        let sourceCount = max(2, (128 << 20) / max(bytes, 1))
        let sources = (0..<sourceCount).map { index -> UnsafeMutableRawPointer in
            let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
            source.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: index), count: bytes)
            return source
        }
        defer { for source in sources { source.deallocate() } }
        var next = 0
        let fromMemory = Stopwatch.measure(runs: runs, warmup: sourceCount) {
            target.copyMemory(from: sources[next], byteCount: bytes)
            next = (next + 1) % sourceCount
        }.median / 1000
        let cacheHot = Stopwatch.measure(runs: runs, warmup: 10) {
            target.copyMemory(from: sources[0], byteCount: bytes)
        }.median / 1000
        var slept: [Double] = []
        for _ in 0..<100 {
            usleep(UInt32(frameInterval * 1e6))
            let start = DispatchTime.now().uptimeNanoseconds
            target.copyMemory(from: sources[next], byteCount: bytes)
            slept.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            next = (next + 1) % sourceCount
        }
        slept.sort()
        return CopyFloor(fromMemory: fromMemory, cacheHot: cacheHot, afterSleep: slept[slept.count / 2])
    }
}
