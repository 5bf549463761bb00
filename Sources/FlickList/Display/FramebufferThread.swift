import Dispatch
import FlickCore
import FlickRaster

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
/// it (counted, `FramebufferFrame.replacedBefore`): only the newest is worth drawing, and the ring
/// stays exact because each plan is made against what the ring holds. The thread is woken
/// first of the frame's held wake-ups (`HeldWakes`), so it never takes a core from the frame
/// and runs before the workers it would otherwise wait behind.
///
/// Thread-safe. The ring is owned by whoever holds `State.drawing`: the thread while it draws,
/// or the main thread when `finish()` finds a frame waiting and the thread parked (a wake
/// still held), so waiting for the framebuffer can never wait on itself. After `finish()`
/// nothing waits and nothing draws until the main thread hands over again, so the main thread
/// reads the ring then (snapshots, redrawn rows).
final class FramebufferThread: @unchecked Sendable {
    // @unchecked: `ring` is touched only by the holder of `State.drawing` (see above); the
    // hand-off of that flag through `state`'s mutex orders every access.

    /// A frame to draw: its number, layers in drawing order and background, when it was
    /// handed over (uptime, ns) and how many waiting frames it replaced.
    private struct Frame: Sendable {
        let index: Int
        let layers: [DisplayLayer]
        let background: Color
        let handedOver: UInt64
        var replacedBefore = 0
    }

    private struct State: Sendable {
        var waiting: Frame?
        var drawing = false
        var stopped = false
        var drawn: [FramebufferFrame] = []
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
        DedicatedThread.start(named: "flick-compositor") { [self] in
            // Woken at the end of a frame, the thread draws at once instead of after the
            // slice of a worker on its core (p99 from hand-over to drawn in the standard
            // scripts: 0.29-0.35 ms instead of 1.9-2.3 ms).
            TimeSlices.requestShortForCurrentThread()
            run()
        }
    }

    /// Hands over frame `index`: its `layers` on `background`, drawn once the frame's held
    /// wake-ups start. Main thread.
    func handOver(index: Int, layers: [DisplayLayer], background: Color) {
        outstanding.enter()
        let replacedOne = state.withLock { state -> Bool in
            var frame = Frame(index: index, layers: layers, background: background, handedOver: DispatchTime.now().uptimeNanoseconds)
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
        return ring.lastRedrawnRows
    }

    /// The frames drawn since the last call, oldest first. Any thread.
    func takeDrawn() -> [FramebufferFrame] {
        state.withLock { state in
            var taken: [FramebufferFrame] = []
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
        state.withLock { state in
            state.drawing = false
            if state.drawn.count >= Self.recordLimit { state.drawn.removeFirst(state.drawn.count / 2) }
            state.drawn.append(
                FramebufferFrame(
                    index: frame.index, drawMilliseconds: Double(end - start) / 1e6,
                    latencyMilliseconds: Double(end - frame.handedOver) / 1e6, replacedBefore: frame.replacedBefore))
        }
        outstanding.leave()
    }
}
