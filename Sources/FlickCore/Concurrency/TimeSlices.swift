import CFlickSys

#if canImport(Glibc)
import Glibc
#endif

/// Short scheduler time slices for a thread a frame waits on (the compositor's thread).
/// Linux 6.12+ (EEVDF) takes a thread's requested slice (`sched_setattr`, no privilege
/// needed, nice and policy unchanged) as its latency need: a thread with a short slice has an
/// early deadline, so when it wakes it runs at once instead of after the slice of whatever
/// runs on its core. On this 2-core machine the compositor's thread, woken at the end of a
/// frame, waited 1.9–2.3 ms (p99) before drawing without it, 0.29–0.35 ms with it. (Asked for
/// the main thread as well, it changed nothing measurable in the standard scripts.)
public enum TimeSlices {
    /// The slice asked for: 0.1 ms, the scheduler's minimum; a frame's work is a few of them.
    public static let short: UInt64 = 100_000

    /// Asks for `short` slices for the calling thread; on kernels without custom slices the
    /// request fails and nothing changes. Returns whether it was granted. Any thread, for itself.
    @discardableResult
    public static func requestShortForCurrentThread() -> Bool {
        flick_request_time_slice(short) == 0
    }
}
