import Dispatch
import FlickCore

/// Gives pixel buffers released on the main thread back to the system from a thread of its
/// own, started when the frame's held wake-ups are (`HeldWakes`), so no `munmap` lands inside
/// a frame and none waits behind the worker pool.
///
/// A dispatch queue would not do: after a jump the pool's lanes keep dispatch's threads busy
/// draining layouts and renders, and a release queued behind them waited for the burst to end
/// while the workers mapped new buffers for the rows they drew — measured as 46–54 MB of
/// evicted bitmaps still held at the peaks of the whole-feed trip. The thread sleeps on a
/// semaphore when there is nothing to release. Thread-safe.
final class BufferReclaimer: Sendable {
    static let shared = BufferReclaimer()

    private let queued = LockedBox([PixelBufferPool.Buffer]())
    private let signal = DispatchSemaphore(value: 0)

    private init() {
        // The shared reclaimer lives as long as the process; so does its thread.
        DedicatedThread.start(named: "flick-reclaimer") { [self] in run() }
    }

    /// Queues `buffers` for release; the thread is woken now, or when the frame's hold ends.
    /// Any thread (the main thread in practice).
    func release(_ buffers: [PixelBufferPool.Buffer]) {
        queued.withLock { $0 += buffers }
        HeldWakes.wake { [signal] in signal.signal() }
    }

    private func run() -> Never {
        while true {
            signal.wait()
            for buffer in queued.takeAll() { PixelBufferPool.release(buffer) }
        }
    }
}
