import Dispatch
import FlickCore
import FlickRaster
import Foundation

/// Runs a `ListEngine` without a window: a frame clock at 60 or 120 Hz drives frames into the
/// compositor's in-memory framebuffer while the workers run for real. Scripts replay input;
/// every frame's statistics are kept; `engine.compositor.framebuffer.snapshot()` is the frame.
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
    private var time = 0.0
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
        let stats = engine.frame(at: time)
        frames.append(stats)
        if wasMoving, engine.physics.phase == .idle { settles.append(stats.index) }
        time += frameInterval
        return stats
    }

    /// Runs frames for `seconds`.
    public func run(seconds: Double) {
        for _ in 0..<max(1, Int((seconds * hz).rounded())) { step() }
    }

    /// Replays `script`; `onFrame` sees each frame (progress, HUDs).
    public func play(_ script: ScrollScript, onFrame: (FrameStats) -> Void = { _ in }) {
        for step in script.steps { play(step, onFrame: onFrame) }
    }

    // MARK: Steps

    private func play(_ step: ScrollScript.Step, onFrame: (FrameStats) -> Void) {
        func frame() { onFrame(self.step()) }
        switch step {
        case .wait(let seconds):
            for _ in 0..<frames(seconds) { frame() }
        case .drag(let fromY, let toY, let seconds):
            engine.beginDrag(at: fromY, time: time)
            let count = frames(seconds)
            for index in 1...count {
                frame()
                engine.drag(to: fromY + (toY - fromY) * Double(index) / Double(count), time: time)
            }
            engine.endDrag(time: time)
        case .fling(let velocity):
            engine.fling(velocity: velocity, time: time)
        case .scroll(let velocity, let seconds):
            // A held finger moving at constant speed (content follows it 1:1), then lifted.
            let startY = velocity >= 0 ? engine.viewport.height * 0.9 : engine.viewport.height * 0.1
            engine.beginDrag(at: startY, time: time)
            var pointer = startY
            for _ in 0..<frames(seconds) {
                frame()
                pointer -= velocity * frameInterval
                engine.drag(to: pointer, time: time)
            }
            engine.endDrag(time: time)
        case .touch:
            engine.touchDown(time: time)
            frame()
        case .tap(let x, let y):
            engine.touchDown(time: time)
            if let hit = engine.row(at: Point(x: x, y: y)) { taps.append((hit.row, hit.local)) }
            frame()
        case .scrollToTop:
            engine.scrollToTop(time: time)
        case .jump(let row):
            engine.jump(toRow: row, time: time)
            frame()
        case .resize(let width):
            engine.resize(width: width, time: time)
            frame()
        case .reload(let rows):
            engine.reload(rows: rows)
            frame()
        case .settle:
            let limit = Int(5 * hz)
            var count = 0
            repeat {
                frame()
                count += 1
            } while count < limit && (engine.physics.phase != .idle || !engine.visibleRowsFullyDrawn)
        }
    }

    private func frames(_ seconds: Double) -> Int { max(1, Int((seconds * hz).rounded())) }

    /// Sleeps until the wall clock reaches this frame's deadline (never drifts: deadlines are
    /// computed from the start, not from the previous frame).
    private func waitForDeadline() {
        let deadline = startedAt + UInt64(time * 1e9)
        let now = DispatchTime.now().uptimeNanoseconds
        if deadline > now { usleep(UInt32((deadline - now) / 1_000)) }
    }
}
