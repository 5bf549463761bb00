import FlickCore
import FlickList

extension ListWindow {
    /// Replays `script` in the window, one `step()` per frame. List steps are `ScriptReplay`'s
    /// (the same as headless), with pointer input sent through the pointer gesture as a mouse
    /// would; the window's own steps (press, release, key, size) are played here. Stops early
    /// when the window is closed or `frameLimit` frames have run in all; the frame that reaches
    /// the limit is captured when `capture` is set.
    /// - Returns: whether every step ran (false: closed or out of frames first).
    @discardableResult
    public func play(_ script: WindowScript, frameLimit: Int? = nil, capture: Bool = false) -> Bool {
        capturesFinalFrame = capture
        defer { capturesFinalFrame = false }
        let replay = ScriptReplay(target: self, frameLimit: frameLimit)
        do {
            for step in script.steps { try play(step, replay: replay) }
            return true
        } catch {
            return false
        }
    }

    /// Runs frames until the window is closed, `frameLimit` frames have run, `seconds` have
    /// passed or `done` holds after a frame (interactive use). Without a frame limit, while the list is at rest the window
    /// sleeps instead (`rest(since:limit:)`): no frames, until input or a result arrives; a
    /// frame limit counts frames, so those run on time.
    public func runInteractively(frameLimit: Int? = nil, seconds: Double? = nil, capture: Bool = false, until done: (() -> Bool)? = nil) {
        capturesFinalFrame = capture
        defer { capturesFinalFrame = false }
        let replay = ScriptReplay(target: self, frameLimit: frameLimit)
        let limit = seconds.map { clock.now + $0 }
        do {
            while true {
                let seen = FrameWake.shared.generation
                try replay.frame()
                if let limit, clock.now >= limit { return }
                if let done, done() { return }
                if frameLimit == nil { rest(since: seen, limit: limit) }
                if let limit, clock.now >= limit { return }
            }
        } catch {}
    }

    private func play(_ step: WindowScript.Step, replay: ScriptReplay<ListWindow>) throws(ScriptReplayStopped) {
        switch step {
        case .list(let step):
            try replay.play(step)
        case .press(let x, let y):
            scriptHoldsPointer = true
            pointerDown(at: Point(x: x, y: y), time: now)
        case .release:
            pointerUp(time: now)
            scriptHoldsPointer = false
        case .size(let width, let height):
            resizeWindow(to: Size(width: width, height: height), time: now)
            try replay.frame()
        }
    }

    /// Resizes the window as a user would (the resize event that follows changes nothing more).
    private func resizeWindow(to size: Size, time: Double) {
        display.setSize(configuration.scale.pixelSize(size))
        viewportChanged(to: size, time: time)
    }
}

/// The window as a replay target: frames are `step()`s; pointer steps go through the pointer
/// gesture (a drag starts at its first point, with no slop to cross); `touch`, flings, jumps
/// and reloads go to the engine as the headless display sends them. Main thread.
extension ListWindow: ScriptReplayTarget {
    public var hz: Double { configuration.hz }
    public var framesRun: Int { frameIndex }

    /// One frame, captured when it is the last the limit allows and a capture was asked for.
    public func runScriptFrame(isFinal: Bool) throws(ScriptReplayStopped) {
        guard !isQuitRequested else { throw ScriptReplayStopped() }
        step(capture: capturesFinalFrame && isFinal)
    }

    public func scriptBeginDrag(at point: Point) {
        apply(gesture.downDragging(at: point), time: now)
    }

    public func scriptMoveDrag(to point: Point) { pointerMoved(to: point, time: now) }
    public func scriptEndDrag() { pointerUp(time: now) }
    public func scriptBeginTap(at point: Point) { pointerDown(at: point, time: now) }
    public func scriptEndTap() { pointerUp(time: now) }

    public func scriptResize(width: Double) {
        resizeWindow(to: Size(width: width, height: windowSize.height), time: now)
    }

    /// A key as the keyboard sends it: the window's own keys first, then the list's.
    public func scriptKey(_ press: KeyPress) {
        handle(.key(press.key, press.modifiers, isRepeat: false), time: now)
    }

    /// A click at the middle of the row's visible part, through the pointer gesture, with
    /// `modifiers` held (the replay has scrolled the row into view).
    public func scriptClick(row: Int, modifiers: KeyModifiers) {
        guard let point = engine.visibleCentre(ofRow: row) else { return }
        pointerModifiers = modifiers
        pointerDown(at: point, time: now)
        pointerUp(time: now)
        pointerModifiers = []
    }
}
