import Dispatch
import FlickCore
import FlickList
import FlickRaster
import Foundation

/// A list engine in an SDL window: presents the engine's layers as textures, turns mouse,
/// wheel and keys into list input, shows taps, the HUD and debug overlays, and can swap the
/// engine for the naive one at the same place (live A/B).
///
/// Main thread: everything here touches SDL or the main-actor engine. One `step()` is one
/// frame: events → engine frame → draw → present, then it waits for the next frame start
/// (a vsynced present, or the window's own clock at `hz`).
///
/// ```swift
/// let window = try ListWindow(configuration: WindowConfiguration(), interaction: taps) { viewport, pipeline in
///     ListEngine(source: source, viewport: viewport, scale: .two, placeholder: tile, pool: sharedPool, ...)
/// }
/// while !window.isQuitRequested { window.step() }
/// ```
@MainActor
public final class ListWindow<Interaction: RowInteraction> {
    public typealias Source = Interaction.Source
    public typealias Engine = ListEngine<Source>
    /// Builds an engine for a viewport and pipeline. Called again on every rebuild (a new
    /// height, a pipeline switch): give every engine the same worker pool, so worker contexts
    /// and font maps survive. Main thread.
    public typealias EngineFactory = @MainActor (_ viewport: Size, _ pipeline: PipelineKind) -> Engine

    public let configuration: WindowConfiguration
    public let display: SDLDisplay
    public internal(set) var engine: Engine
    public internal(set) var overlays: OverlayOptions
    /// The frames so far, the most recent `configuration.frameLogLimit` at most.
    public internal(set) var frames: [WindowFrame] = []
    /// Every tap so far, in order.
    public internal(set) var taps: [Tap] = []
    /// A tap on the list: the item's identity, the row, and the typed target.
    public typealias Tap = ListTap<Interaction.Source.Item.ID, Interaction.Target>
    /// Called for every tap on a row (not on an accessory, which handles its own). Main thread.
    public var onTap: ((Tap) -> Void)?
    /// Frame numbers at which a fling or scroll-to-top came to rest.
    public internal(set) var settles: [Int] = []
    /// The window was closed, or Q pressed.
    public internal(set) var isQuitRequested = false
    /// Whether the pointer is held down by a script's `press` (until its `release`): the real
    /// pointer's moves and lifts, and a focus change (another window opening on the display),
    /// leave it alone; a real click takes the pointer back.
    var scriptHoldsPointer = false
    /// The pixels of the last frame drawn with `step(capture: true)`, read back through the renderer.
    public internal(set) var capturedFrame: Bitmap?

    public let interaction: Interaction
    /// The client that performs scripts' edit steps (`insert`, `delete`, `move`, `edit`).
    public var editor: (any ListEditing)?
    /// The pager scripts' `wait-page` steps watch (a live timeline); nil: none.
    public var pager: (any ListPaging)?
    /// Find in the list (Ctrl+F): the bar is drawn at the window's top right while open; nil:
    /// the window has no find.
    public var find: ListFind<Source>?
    /// Called after each frame's engine work with the frame's time: a client that changes its
    /// list on the clock (a chat streaming messages, loading history) does it here.
    public var onFrame: ((Double) -> Void)?
    let makeEngine: EngineFactory
    let presenter: any FramePresenting
    let hudText = HUDText()
    let pressed = PressedRow<Interaction>()
    let clock = MonotonicClock()
    /// The window clock's reading when the window opened: frames' `start`/`end` count from it.
    let clockOrigin: Double
    let scrollDistance: ScrollDistance
    let timing: PresentTiming
    var pacer: FramePacer
    var nextFrameStart: Double
    var gesture = PointerGesture()
    /// Modifier keys held when the pointer went down (Ctrl/Shift+click).
    var pointerModifiers: KeyModifiers = []
    var history = FrameHistory()
    /// Over-budget frames and hitches so far, from the window's clock.
    public internal(set) var frameTiming: WindowTiming
    /// Whether the frame running had no input over a list at rest (`step()`).
    var frameIsQuiet = false
    /// Sleeps at rest so far (interactive runs).
    public internal(set) var restStatistics = RestStatistics()
    /// The bottom bar's message and until when it shows (then the key hint returns).
    var status: (text: String, until: Double)?
    /// The engine being replaced, and the anchor and window size waiting (`EngineRebuild`).
    var engineRebuild = EngineRebuild<Source>()
    var frameIndex = 0
    /// Lockstep runs: the time of the next frame on the virtual clock, seconds.
    var virtualTime = 0.0
    /// The replay in progress captures the frame its limit ends on (`play`, `runInteractively`).
    var capturesFinalFrame = false
    /// The key list's text, made once (the key map never changes).
    let keyListLines: [String]

    /// Opens the window and builds the first engine with `makeEngine`.
    /// - Throws: `SDLDisplay.Failure` when there is no display or SDL cannot open a window.
    public init(
        configuration: WindowConfiguration, interaction: Interaction, pipeline: PipelineKind = .flick,
        makeEngine: @escaping EngineFactory
    ) throws(SDLDisplay.Failure) {
        self.configuration = configuration
        self.interaction = interaction
        self.makeEngine = makeEngine
        overlays = configuration.overlays
        let pixels = configuration.scale.pixelSize(configuration.viewport)
        display = try SDLDisplay(
            title: configuration.title, pixelSize: pixels, renderer: configuration.renderer, present: configuration.present,
            vsyncAt: configuration.hz)
        timing = display.info.vsync ? .vsync : .timer
        presenter =
            switch display.presentPath {
            case .software:
                SurfacePresenter(
                    window: display.window, asynchronous: configuration.asynchronousPresent,
                    holdsWorkersThroughPresent: configuration.holdsWorkerWakesThroughPresent)
            case .gpu: LayerPresenter(display: display, evictAfterFrames: configuration.evictTexturesAfterFrames)
            }
        engine = makeEngine(configuration.viewport, pipeline)
        engine.compositor.drawsFramebuffer = false
        scrollDistance = ScrollDistance(configuration: engine.configuration.physics)
        keyListLines = ["Keys"] + configuration.keyMap.compactHelpLines
        frameTiming = WindowTiming(hz: configuration.hz)
        let start = clock.now
        clockOrigin = start
        pacer = FramePacer(hz: configuration.hz, start: start)
        nextFrameStart = start
        updateTitle()
    }

    /// Whether frames are presented off the main thread (software path from X11 shared images).
    public var presentsAsynchronously: Bool { (presenter as? SurfacePresenter)?.presentsAsynchronously ?? false }

    /// Asynchronous presents: how long the X server took to take each frame after its hand-off,
    /// ms, the most recent `frameLogLimit`. Empty when frames are presented synchronously (then
    /// that time is in `WindowFrame.presentMilliseconds`).
    public internal(set) var serverPresentMilliseconds: [Double] = []
    /// End to end, per presented frame: from the frame's start until the X server completed the
    /// put (its shared-memory completion event), ms, the most recent `frameLogLimit`. When
    /// presents are synchronous, until the present returned.
    public internal(set) var presentedMilliseconds: [Double] = []
    /// Measures input latency when set: the window notes each frame that handled input and when
    /// its present completed.
    public var inputProbe: InputLatencyProbe?
    /// The first frame that showed every visible row fully drawn: its number, and when its
    /// present returned (uptime nanoseconds, `DispatchTime`'s clock).
    public internal(set) var firstFullyDrawnFrame: (index: Int, uptimeNanoseconds: UInt64)?

    /// Seconds on the window's clock (the time engine input is given): the wall clock, or in
    /// lockstep the virtual clock, which moves by exactly one frame interval per frame.
    public var now: Double { configuration.lockstep ? virtualTime : clock.now }
    public var pipeline: PipelineKind { PipelineKind(engine.configuration.pipeline) }

    /// The press held now, when it hit something: the row, the target and the row's layout.
    public var currentPress: (row: Int, target: Interaction.Target, layout: Source.Layout)? {
        pressed.press.map { ($0.row, $0.target, $0.layout) }
    }

    /// Whether the held press's highlighted render is on screen (it arrives from a worker).
    public var showsPressedAppearance: Bool { engine.showsPressedAppearance && handoff == nil }

    /// Runs one frame: waits for its start, handles events, steps the engine, draws, presents.
    /// With `capture`, the frame is read back into `capturedFrame` before it is presented.
    /// Durations are measured on the wall clock; `start` is the frame's time on `now`'s clock.
    @discardableResult
    public func step(capture: Bool = false) -> WindowFrame {
        let plannedStart = nextFrameStart
        if frameIndex == 0 { engine.waitForKindSkeletons(timeout: configuration.firstFrameSkeletonWait) }
        waitForFrameStart()
        let wallStart = clock.now
        let frameStart = DispatchTime.now().uptimeNanoseconds
        let start = now
        // Work submitted from here to the present starts after it (see `HeldWakes`).
        let heldWakes = HeldWakes.begin()
        let events = display.pollEvents()
        // A frame with no input over a list already at rest (a result landing, the backstop)
        // leaves the HUD's numbers alone: otherwise each HUD redraw would wake the next frame.
        frameIsQuiet = events.isEmpty && engine.isAtRest
        if let inputProbe, events.contains(where: \.isInput) { inputProbe.noteInputFrame(start: frameStart) }
        for event in events { handle(event, time: start) }
        applyPendingViewport(time: start)
        find?.tick(engine: engine, time: start)
        let wasMoving = engine.physics.phase != .idle
        var stats = engine.frame(at: start)
        let engineMilliseconds = stats.mainThreadMilliseconds
        onFrame?(start)
        applyPendingAnchor(time: start)
        hudText.commit()
        endHandoffIfReady(time: start)

        let drawStart = clock.now
        let shown = handoff?.engine ?? engine
        presenter.drawList(shown.compositor.layers, background: shown.compositor.background, scale: configuration.scale)
        let uploads = presenter.uploadsThisFrame
        let redrawnRows = presenter.redrawnRowsThisFrame
        let presentWait = presenter.presentWaitMillisecondsThisFrame
        let misaligned = drawOverlays(shown: shown, time: start)
        let presentStart = clock.now
        if capture { capturedFrame = presenter.capture(scale: configuration.scale) }
        presenter.present(frameStart: frameStart, hold: HeldWakes.begin())
        let end = clock.now
        if firstFullyDrawnFrame == nil, shown === engine, engine.visibleRowsFullyDrawn {
            firstFullyDrawnFrame = (frameIndex, DispatchTime.now().uptimeNanoseconds)
        }
        heldWakes.end()
        stats.idleMilliseconds = engine.idle()

        stats.index = frameIndex
        stats.mainThreadMilliseconds = (end - wallStart) * 1000
        let frame = WindowFrame(
            stats: stats, engineMilliseconds: engineMilliseconds, drawMilliseconds: (presentStart - drawStart) * 1000 - presentWait,
            presentMilliseconds: (end - presentStart) * 1000 + presentWait, uploads: uploads, misalignedLayers: misaligned,
            showedHandoff: shown !== engine, pipeline: pipeline, presentPath: presenter.path, redrawnRows: redrawnRows,
            start: wallStart - clockOrigin, end: end - clockOrigin,
            wakeDelayMilliseconds: configuration.lockstep || timing == .vsync || frameIndex == 0 ? 0 : max(0, wallStart - plannedStart) * 1000)
        frames.append(frame)
        if frames.count > configuration.frameLogLimit { frames.removeFirst(frames.count / 2) }
        history.append(start: start, milliseconds: stats.mainThreadMilliseconds, presentMilliseconds: frame.presentMilliseconds)
        frameTiming.add(start: frame.start, end: frame.end)
        if let surface = presenter as? SurfacePresenter, surface.presentsAsynchronously {
            let presents = surface.takePresented()
            serverPresentMilliseconds += presents.map(\.serverMilliseconds)
            presentedMilliseconds += presents.map(\.presentedMilliseconds)
            for present in presents { inputProbe?.notePresented(frameStart: present.frameStart, completed: present.completed) }
        } else {
            presentedMilliseconds.append((end - wallStart) * 1000)
            inputProbe?.notePresented(frameStart: frameStart, completed: frameStart + UInt64((end - wallStart) * 1e9))
        }
        let limit = configuration.frameLogLimit
        if serverPresentMilliseconds.count > limit { serverPresentMilliseconds.removeFirst(serverPresentMilliseconds.count / 2) }
        if presentedMilliseconds.count > limit { presentedMilliseconds.removeFirst(presentedMilliseconds.count / 2) }
        if let last = presentedMilliseconds.last { history.notePresented(last) }
        if wasMoving, engine.physics.phase == .idle { settles.append(frameIndex) }
        frameIndex += 1
        virtualTime += 1 / configuration.hz
        nextFrameStart = timing == .vsync ? end : pacer.nextDeadline(frameStart: wallStart, now: end)
        return frame
    }

    /// Destroys textures, the renderer and the window. The engine stays usable.
    public func close() {
        presenter.releaseAll()
        display.close()
    }

    /// Sleeps until the next frame's start (the timer pacing; a vsynced present already waited).
    /// In lockstep it sleeps not at all and instead lets the workers finish everything queued,
    /// so what a frame shows does not depend on the machine's speed.
    private func waitForFrameStart() {
        if configuration.lockstep {
            engine.waitForWorkers()
            return
        }
        let wait = nextFrameStart - clock.now
        if wait > 0 { usleep(UInt32(min(wait, 1) * 1_000_000)) }
    }

    func updateTitle() {
        display.setTitle("\(configuration.title) — \(pipeline == .naive ? "naive pipeline" : "Flick pipeline") — P switches")
    }
}
