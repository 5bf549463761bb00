import CFlickSys
import Dispatch
import FlickCore
import FlickRaster

#if canImport(Glibc)
import Glibc
#endif

/// The compositor's own thread: draws the frames the main thread hands over into the headless
/// framebuffer (`RingFramebuffer`), the part a display server or a GPU plays for a window. The
/// main thread decides what a frame shows (its layers: immutable bitmaps, placed) and goes
/// back to input and scheduling; the pixels are copied here.
///
/// Why a thread: a jump or the frame its rows land in redraws the whole viewport, a 4 MB copy
/// into a framebuffer the workers' drawing has pushed out of the caches: 0.23–0.30 ms of the
/// main thread, over half of such a frame (profiled over the standard scripts), and twice a
/// warm memcpy of the viewport. Made here, it costs the main thread one hand-over (p99 of the
/// standard scripts' frames: 0.44–0.48 ms before, 0.20–0.27 ms after).
///
/// Hand-over: one frame waits at most. A frame handed over while another still waits replaces
/// it (counted, `DrawnFrame.replacedBefore`): only the newest is worth drawing, and the ring
/// stays exact because each plan is made against what the ring holds. The thread is woken
/// first of the frame's held wake-ups (`HeldWakes`), so it never takes a core from the frame
/// and runs before the workers it would otherwise wait behind.
///
/// Thread-safe. The ring is owned by whoever holds `State.drawing`: the thread while it draws,
/// or the main thread when `finish()` finds a frame waiting and the thread parked (a wake
/// still held), so waiting for the framebuffer can never wait on itself.
final class FramebufferThread: @unchecked Sendable {
    // @unchecked: `ring` is touched only by the holder of `State.drawing` (see above); the
    // hand-off of that flag through `state`'s mutex orders every access.

    /// A frame to draw: its number, layers in drawing order and background.
    struct Frame: Sendable {
        let index: Int
        let layers: [DisplayLayer]
        let background: Color
        /// When it was handed over (uptime, ns).
        let handedOver: UInt64
        /// Frames it replaced, waiting, before their turn (set at the hand-over).
        var replacedBefore = 0
    }

    /// A frame the thread drew: how long the drawing took and how long after the hand-over
    /// it was done. Value; any thread.
    struct DrawnFrame: Sendable, Hashable {
        let index: Int
        let drawMilliseconds: Double
        let latencyMilliseconds: Double
        /// Frames handed over just before it that it replaced while they waited.
        let replacedBefore: Int
    }

    private struct State: Sendable {
        var waiting: Frame?
        var drawing = false
        var stopped = false
        var drawn: [DrawnFrame] = []
        var lastRedrawnRows = 0
    }

    private let state = LockedBox(State())
    private let ring: RingFramebuffer
    private let signal = DispatchSemaphore(value: 0)
    /// Entered per frame handed over, left when it is drawn or replaced.
    private let outstanding = DispatchGroup()
    /// Drawn-frame records kept for `takeDrawn()` at most (a display that never takes them).
    private static let recordLimit = 4096

    init(viewport: Size, scale: DisplayScale) {
        ring = RingFramebuffer(viewport: viewport, scale: scale)
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                let owner = Unmanaged<FramebufferThread>.fromOpaque(context!).takeRetainedValue()
                flick_name_current_thread("flick-compositor")
                // Woken at the end of a frame, the thread draws at once instead of after the
                // slice of a worker on its core (p99 from hand-over to drawn in the standard
                // scripts: 0.29-0.35 ms instead of 1.9-2.3 ms).
                TimeSlices.requestShortForCurrentThread()
                owner.run()
                return nil
            }, context)
        precondition(started == 0, "the compositor's thread did not start: \(started)")
        pthread_detach(thread)
    }

    /// Hands `frame` over; it is drawn once the frame's held wake-ups start. Main thread.
    func handOver(_ frame: Frame) {
        outstanding.enter()
        let replacedOne = state.withLock { state -> Bool in
            var frame = frame
            defer { state.waiting = frame }
            guard let replaced = state.waiting else { return false }
            frame.replacedBefore = replaced.replacedBefore + 1
            return true
        }
        if replacedOne { outstanding.leave() }
        HeldWakes.wake(first: true) { [signal] in signal.signal() }
    }

    /// Waits until every frame handed over is in the framebuffer, drawing a waiting one here
    /// when the thread has not been woken for it yet. Main thread (the one handing over).
    func finish() {
        while let frame = takeWaiting() { draw(frame) }
        outstanding.wait()
        // The thread's last drawing happened before it released `drawing` under this lock.
        state.withLock { _ in }
    }

    /// The framebuffer's pixels once every frame handed over is drawn. Main thread.
    func snapshot() -> Bitmap {
        finish()
        return ring.snapshot()
    }

    /// Rows the last drawn frame drew again, once every frame handed over is drawn.
    var lastRedrawnRows: Int {
        finish()
        return state.withLock { $0.lastRedrawnRows }
    }

    /// The frames drawn since the last call, oldest first. Any thread.
    func takeDrawn() -> [DrawnFrame] {
        state.withLock { state in
            var taken: [DrawnFrame] = []
            swap(&taken, &state.drawn)
            return taken
        }
    }

    /// Ends the thread once it has drawn what is waiting. Any thread; the compositor's deinit.
    func stop() {
        state.withLock { $0.stopped = true }
        signal.signal()
    }

    private func run() {
        while true {
            signal.wait()
            while let frame = takeWaiting() { draw(frame) }
            if state.withLock({ $0.stopped && $0.waiting == nil && !$0.drawing }) { return }
        }
    }

    /// The waiting frame, with the ring (`drawing`) for the caller; nil when none waits or the
    /// ring is taken.
    private func takeWaiting() -> Frame? {
        state.withLock { state in
            guard !state.drawing, let frame = state.waiting else { return nil }
            state.waiting = nil
            state.drawing = true
            return frame
        }
    }

    /// Draws `frame` into the ring; the caller holds `drawing`, released here.
    private func draw(_ frame: Frame) {
        let start = DispatchTime.now().uptimeNanoseconds
        ring.draw(frame.layers, background: frame.background)
        let end = DispatchTime.now().uptimeNanoseconds
        let rows = ring.lastRedrawnRows
        state.withLock { state in
            state.drawing = false
            state.lastRedrawnRows = rows
            if state.drawn.count >= Self.recordLimit { state.drawn.removeFirst(state.drawn.count / 2) }
            state.drawn.append(
                DrawnFrame(
                    index: frame.index, drawMilliseconds: Double(end - start) / 1e6,
                    latencyMilliseconds: Double(end - frame.handedOver) / 1e6, replacedBefore: frame.replacedBefore))
        }
        outstanding.leave()
    }
}
