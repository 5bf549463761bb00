import Dispatch
import FlickCore
import Foundation

/// Why a replay ended before its last step: the frame limit was reached, or the target can
/// run no more frames (a closed window).
public struct ScriptReplayStopped: Error, Sendable {
    public init() {}
}

/// A display a `ScrollScript` can be replayed on: it runs frames of its list engine and takes
/// the script's input. `HeadlessDisplay` hands input straight to its engine; `ListWindow`
/// sends pointer input through its gesture, as a mouse would.
///
/// Main thread: every target drives a main-actor `ListEngine`, and input must land between
/// frames. The defaults below send input straight to `engine` at `now`.
@MainActor
public protocol ScriptReplayTarget: AnyObject {
    associatedtype Source: ListDataSource

    /// The engine input goes to (a window may swap it; the current one is meant).
    var engine: ListEngine<Source> { get }
    /// The time input is given, seconds on the target's clock.
    var now: Double { get }
    /// Frames per second of the target's clock: script seconds become `seconds × hz` frames.
    var hz: Double { get }
    /// Frames the target has run so far (the frame limit counts these).
    var framesRun: Int { get }

    /// Runs one frame. `isFinal`: the frame limit allows no more after it (a window captures
    /// it when a screenshot was asked for). Throws when the target can run no more frames.
    func runScriptFrame(isFinal: Bool) throws(ScriptReplayStopped)
    /// A finger lands and lifts (`touch`): stops a fling.
    func scriptTouchDown()
    /// A finger lands at `point` and starts dragging at once (scripts move on purpose: no slop).
    func scriptBeginDrag(at point: Point)
    func scriptMoveDrag(to point: Point)
    /// The finger lifts; a moving drag becomes a fling.
    func scriptEndDrag()
    /// A finger lands at `point` for a tap; `scriptEndTap()` lifts it one frame later.
    func scriptBeginTap(at point: Point)
    func scriptEndTap()
    /// The viewport gets a new width (a window keeps its height).
    func scriptResize(width: Double)
    /// A key pressed, through the target's key path (a window's own keys first).
    func scriptKey(_ press: KeyPress)
    /// A click on `row` (on screen: the replay scrolls it into view first) with `modifiers`.
    func scriptClick(row: Int, modifiers: KeyModifiers)
    /// The client that performs scripts' edit steps; nil: the list takes no edits.
    var editor: (any ListEditing)? { get }
    /// The pager `wait-page` watches; nil: the step only lets one frame pass.
    var pager: (any ListPaging)? { get }
    /// The find `find`, `find-next` and `find-prev` use, ticked by the target's frames; nil:
    /// those steps only let one frame pass.
    var find: ListFind<Source>? { get }
}

extension ScriptReplayTarget {
    public func scriptTouchDown() { engine.touchDown(time: now) }
    public func scriptBeginDrag(at point: Point) { engine.beginDrag(at: point.y, time: now) }
    public func scriptMoveDrag(to point: Point) { engine.drag(to: point.y, time: now) }
    public func scriptEndDrag() { engine.endDrag(time: now) }
    public func scriptEndTap() {}
    public func scriptResize(width: Double) { engine.resize(width: width, time: now) }
    public func scriptKey(_ press: KeyPress) {
        if let find, find.handleKey(press, engine: engine, time: now) { return }
        engine.handleKey(press, time: now)
    }
    public func scriptClick(row: Int, modifiers: KeyModifiers) { engine.click(row: row, modifiers: modifiers) }
    public var pager: (any ListPaging)? { nil }
    public var find: ListFind<Source>? { nil }
}

/// Replays `ScrollScript` steps on a target, frame by frame: the one definition of what each
/// step does, shared by the headless display and the window. With `frameLimit`, the replay
/// stops (mid-step if need be) once the target has run that many frames.
///
/// Main thread, like its target.
@MainActor
public struct ScriptReplay<Target: ScriptReplayTarget> {
    public let target: Target
    public let frameLimit: Int?
    /// Edits repeating while steps run (`stream`), each with when it fires next.
    private let streams = EditStreams()

    public init(target: Target, frameLimit: Int? = nil) {
        self.target = target
        self.frameLimit = frameLimit
    }

    /// Longest a `settle` step waits, seconds.
    public static var settleLimitSeconds: Double { 5 }
    /// Longest a `wait-page` step waits, seconds of wall-clock time (pages come over a real
    /// network while a lockstep clock may run far faster).
    public static var pageWaitLimitSeconds: Double { 10 }
    /// The finger travel of a `pull`, points: past any refresh threshold after rubber banding.
    public static var pullDistance: Double { 400 }

    /// Plays `steps` in order. - Returns: whether every step ran (false: stopped first).
    @discardableResult
    public func play(_ steps: [ScrollScript.Step]) -> Bool {
        do {
            for step in steps { try play(step) }
            return true
        } catch {
            return false
        }
    }

    /// Runs frames until `isDone` (asked after each) or `limit` seconds of wall-clock time. The
    /// frames are paced at the target's rate, so its clock keeps to the wall clock the work
    /// waited for runs on (pages over a real network, a find on its workers), where a
    /// lockstep clock would race through timers.
    private func waitPaced(limit: Double, until isDone: () -> Bool) throws(ScriptReplayStopped) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(limit * 1e9)
        let period = UInt64(1e9 / target.hz)
        repeat {
            let frameStart = DispatchTime.now().uptimeNanoseconds
            try frame()
            if isDone() { break }
            let elapsed = DispatchTime.now().uptimeNanoseconds - frameStart
            if elapsed < period { usleep(UInt32((period - elapsed) / 1_000)) }
        } while DispatchTime.now().uptimeNanoseconds < deadline
    }

    /// Runs one frame unless the limit is reached or the target stops.
    public func frame() throws(ScriptReplayStopped) {
        let run = target.framesRun
        if let frameLimit, run >= frameLimit { throw ScriptReplayStopped() }
        for edit in streams.due(at: target.now) { perform(edit) }
        try target.runScriptFrame(isFinal: frameLimit.map { run == $0 - 1 } ?? false)
    }

    /// Plays one step.
    public func play(_ step: ScrollScript.Step) throws(ScriptReplayStopped) {
        let engine = target.engine
        switch step {
        case .wait(let seconds):
            for _ in 0..<frames(seconds) { try frame() }
        case .drag(let fromY, let toY, let seconds):
            let x = engine.viewport.width / 2
            target.scriptBeginDrag(at: Point(x: x, y: fromY))
            let count = frames(seconds)
            for index in 1...count {
                try frame()
                target.scriptMoveDrag(to: Point(x: x, y: fromY + (toY - fromY) * Double(index) / Double(count)))
            }
            target.scriptEndDrag()
        case .fling(let velocity):
            engine.fling(velocity: velocity, time: target.now)
        case .scroll(let velocity, let seconds):
            // A held finger moving at constant speed (content follows it 1:1), then lifted.
            let x = engine.viewport.width / 2
            var pointer = velocity >= 0 ? engine.viewport.height * 0.9 : engine.viewport.height * 0.1
            target.scriptBeginDrag(at: Point(x: x, y: pointer))
            for _ in 0..<frames(seconds) {
                try frame()
                pointer -= velocity * (1 / target.hz)
                target.scriptMoveDrag(to: Point(x: x, y: pointer))
            }
            target.scriptEndDrag()
        case .touch:
            target.scriptTouchDown()
            try frame()
        case .tap(let x, let y):
            target.scriptBeginTap(at: Point(x: x, y: y))
            try frame()
            target.scriptEndTap()
        case .scrollToTop:
            engine.scrollToTop(time: target.now)
        case .jump(let row):
            engine.jump(toRow: row, time: target.now)
            try frame()
        case .resize(let width):
            target.scriptResize(width: width)
            try frame()
        case .reload(let rows):
            engine.reload(rows: rows)
            try frame()
        case .change(let edit):
            perform(edit)
            try frame()
        case .scrollTo(let row, let align, let animated):
            engine.scrollTo(row: row, align: align, animated: animated, time: target.now)
            try frame()
        case .stream(let edit, let interval):
            streams.start(edit, every: interval, now: target.now)
        case .stopStreams:
            streams.stop()
        case .pull:
            let top = engine.viewport.height * 0.15
            try play(.drag(fromY: top, toY: top + Self.pullDistance, seconds: 0.5))
            try play(.wait(seconds: 0.1))
        case .waitPage:
            guard let pager = target.pager else { return try frame() }
            let start = pager.pageRequestsEnded
            try waitPaced(limit: Self.pageWaitLimitSeconds) { pager.pageRequestsEnded > start }
            try frame()
        case .find(let text):
            guard let find = target.find else { return try frame() }
            find.open(engine: engine)
            find.setText(text, time: target.now)
            try waitPaced(limit: Self.pageWaitLimitSeconds) { find.isSettled }
        case .findStep(let direction):
            guard let find = target.find else { return try frame() }
            find.open(engine: engine)
            find.step(direction, engine: engine, time: target.now)
            try waitPaced(limit: Self.pageWaitLimitSeconds) { find.isSettled }
        case .key(let press, let repeats, let perSecond):
            let framesBetween = max(1, Int((target.hz / perSecond).rounded()))
            for _ in 0..<repeats {
                target.scriptKey(press)
                for _ in 0..<framesBetween { try frame() }
            }
        case .click(let row, let modifiers):
            guard row < engine.heights.rowCount else { return try frame() }
            engine.reveal(row: row, time: target.now)
            try play(.settle)
            target.scriptClick(row: row, modifiers: modifiers)
            try frame()
        case .settle:
            let limit = Int(Self.settleLimitSeconds * target.hz)
            var count = 0
            repeat {
                try frame()
                count += 1
            } while count < limit && !isSettled
        }
    }

    /// Asks the client to make `edit` and tells the engine what changed; an edit that does not
    /// fit the list (or a list that takes none) is skipped.
    private func perform(_ edit: ListEdit) {
        guard let changes = target.editor?.perform(edit) else { return }
        target.engine.apply(changes)
    }

    /// Scrolling has stopped and the visible rows are fully drawn (the current engine's).
    private var isSettled: Bool {
        target.engine.physics.phase == .idle && target.engine.visibleRowsFullyDrawn
    }

    /// Frames for `seconds` on the target's clock, at least one.
    private func frames(_ seconds: Double) -> Int { max(1, Int((seconds * target.hz).rounded())) }
}

/// The edits a replay repeats (`stream EDIT every SECONDS`), due by the target's clock.
@MainActor
private final class EditStreams {
    private var streams: [(edit: ListEdit, interval: Double, next: Double)] = []

    func start(_ edit: ListEdit, every interval: Double, now: Double) {
        streams.append((edit, interval, now + interval))
    }

    func stop() { streams.removeAll() }

    /// Edits whose time has come by `now`, in time order (each stream catches up at most a
    /// second's worth, so a stalled clock cannot flood the list).
    func due(at now: Double) -> [ListEdit] {
        var edits: [(time: Double, edit: ListEdit)] = []
        for index in streams.indices {
            var fired = 0
            while streams[index].next <= now, fired < max(1, Int(1 / streams[index].interval)) {
                edits.append((streams[index].next, streams[index].edit))
                streams[index].next += streams[index].interval
                fired += 1
            }
            if streams[index].next <= now { streams[index].next = now + streams[index].interval }
        }
        return edits.sorted { $0.time < $1.time }.map(\.edit)
    }
}
