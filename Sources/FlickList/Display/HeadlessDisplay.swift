import Dispatch
import FlickCore
import FlickRaster
import Foundation

/// Runs a `ListEngine` without a window: a frame clock at 60 or 120 Hz drives frames into the
/// compositor's in-memory framebuffer while the workers run for real. Scripts replay input;
/// every frame's statistics are kept; `engine.compositor.snapshot()` is the frame.
///
/// Pacing `.realTime` waits for each frame's deadline, so workers get the wall-clock time a
/// real display would give them (the benchmark and the demo); `.lockstep` lets the workers
/// finish everything queued before each frame — deterministic whatever the machine's speed,
/// with no sleeping (end-to-end tests); `.immediate` runs frames back to back (logic tests that
/// do not care how much work finishes between frames).
@MainActor
public final class HeadlessDisplay<Source: ListDataSource> {
    public enum Pacing: Sendable {
        case realTime
        case lockstep
        case immediate
    }

    public let engine: ListEngine<Source>
    public let hz: Double
    public let pacing: Pacing
    /// Every frame so far.
    public private(set) var frames: [FrameStats] = []
    /// Taps reported while replaying (`tap x y`): the row and the point inside it.
    public private(set) var taps: [(row: Int, local: Point)] = []
    /// Frame indices at which each fling or scroll-to-top came to rest.
    public private(set) var settles: [Int] = []
    /// The client that performs scripts' edit steps (`insert`, `delete`, `move`, `edit`).
    public var editor: (any ListEditing)?
    /// The pager scripts' `wait-page` steps watch (a live timeline); nil: none.
    public var pager: (any ListPaging)?
    /// The find scripts' `find` steps and keys go to (ticked each frame); nil: none.
    public var find: ListFind<Source>?
    private var time = 0.0
    /// The `onFrame` of the replay in progress (cleared when `play` returns).
    private var frameObserver: ((FrameStats) -> Void)?
    private let startedAt = DispatchTime.now().uptimeNanoseconds

    public init(engine: ListEngine<Source>, hz: Double = 120, pacing: Pacing = .realTime) {
        precondition(hz > 0, "frame rate must be positive")
        self.engine = engine
        self.hz = hz
        self.pacing = pacing
    }

    public var now: Double { time }
    private var frameInterval: Double { 1 / hz }

    /// Runs one frame and advances the clock by one frame interval.
    @discardableResult
    public func step() -> FrameStats {
        switch pacing {
        case .realTime: waitForDeadline()
        case .lockstep: engine.waitForWorkers()
        case .immediate: break
        }
        let wasMoving = engine.physics.phase != .idle
        find?.tick(engine: engine, time: time)
        var stats = engine.frame(at: time)
        stats.idleMilliseconds = engine.idle()
        frames.append(stats)
        record(engine.compositor.takeDrawnFrames())
        if wasMoving, engine.physics.phase == .idle { settles.append(stats.index) }
        time += frameInterval
        return stats
    }

    /// Runs frames for `seconds`.
    public func run(seconds: Double) {
        for _ in 0..<max(1, Int((seconds * hz).rounded())) { step() }
        finishFrames()
    }

    /// Waits for the compositor's thread to draw every frame so far and puts what it did into
    /// `frames` (`play` and `run` end with it; `step` records what is drawn by then).
    public func finishFrames() {
        engine.compositor.finishFrames()
        record(engine.compositor.takeDrawnFrames())
    }

    /// Puts the compositor's thread's records into the frames they are for.
    private func record(_ drawn: [FramebufferFrame]) {
        for frame in drawn {
            guard let position = frames.lastIndex(where: { $0.index == frame.index }) else { continue }
            frames[position].framebufferMilliseconds = frame.drawMilliseconds
            frames[position].framebufferLatencyMilliseconds = frame.latencyMilliseconds
            for earlier in frames[..<position].indices.reversed().prefix(frame.replacedBefore) {
                frames[earlier].framebufferReplaced = true
            }
        }
    }

    /// Frames run so far (the frame limit of a replay counts these).
    public var framesRun: Int { frames.count }

    /// Replays `script` (`ScriptReplay`: the same steps the window replays); `onFrame` sees
    /// each frame (progress, HUDs). With `frameLimit`, stops once that many frames have run
    /// in all, even mid-step.
    /// - Returns: whether every step ran before the limit.
    @discardableResult
    public func play(_ script: ScrollScript, frameLimit: Int? = nil, onFrame: (FrameStats) -> Void = { _ in }) -> Bool {
        withoutActuallyEscaping(onFrame) { observer in
            frameObserver = observer
            defer {
                frameObserver = nil
                finishFrames()
            }
            return ScriptReplay(target: self, frameLimit: frameLimit).play(script.steps)
        }
    }

    /// Sleeps until the wall clock reaches this frame's deadline (never drifts: deadlines are
    /// computed from the start, not from the previous frame).
    private func waitForDeadline() {
        let deadline = startedAt + UInt64(time * 1e9)
        let now = DispatchTime.now().uptimeNanoseconds
        if deadline > now { usleep(UInt32((deadline - now) / 1_000)) }
    }
}

extension HeadlessDisplay: ScriptReplayTarget {
    /// One frame of a replay, shown to the replay's `onFrame`. Never stops by itself.
    public func runScriptFrame(isFinal: Bool) {
        let stats = step()
        frameObserver?(stats)
    }

    /// A tap lands: stops a fling; an accessory under it (a footer's retry, a pill) takes it,
    /// otherwise whatever row it hits is recorded in `taps`.
    public func scriptBeginTap(at point: Point) {
        engine.touchDown(time: time)
        if engine.tapAccessory(at: point) { return }
        if let hit = engine.row(at: point) { taps.append((hit.row, hit.local)) }
    }
}
