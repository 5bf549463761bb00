import Dispatch
import FlickCore

#if canImport(Glibc)
import Glibc
#endif

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
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                // The shared reclaimer lives as long as the process; so does its thread.
                Unmanaged<BufferReclaimer>.fromOpaque(context!).takeUnretainedValue().run()
            }, context)
        precondition(started == 0, "the pixel buffer reclaimer's thread did not start: \(started)")
        pthread_detach(thread)
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
