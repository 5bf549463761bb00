import FlickCore
import FlickList

extension ListWindow {
    /// Why a replay stopped early.
    struct Stop: Error {}

    /// Replays `script` in the window through the same paths as real input (drags, taps and
    /// presses go through the pointer gesture; keys through the key map), one `step()` per
    /// frame. Stops early when the window is closed or `frameLimit` frames have run; the frame
    /// that reaches the limit is captured when `capture` is set.
    ///
    /// Semantics match `HeadlessDisplay.play`: a drag presses at the viewport's middle x.
    /// - Returns: whether every step ran (false: closed or out of frames first).
    @discardableResult
    public func play(_ script: WindowScript, frameLimit: Int? = nil, capture: Bool = false) -> Bool {
        do {
            for step in script.steps { try play(step, limit: frameLimit, capture: capture) }
            return true
        } catch {
            return false
        }
    }

    /// Runs frames until the window is closed or the limit is reached (interactive use).
    public func runInteractively(frameLimit: Int? = nil, capture: Bool = false) {
        do {
            while true { try frame(limit: frameLimit, capture: capture) }
        } catch {}
    }

    /// One frame unless the run is over; throws `Stop` once it is.
    private func frame(limit: Int?, capture: Bool) throws(Stop) {
        guard !isQuitRequested, limit.map({ frameIndex < $0 }) ?? true else { throw Stop() }
        let last = limit.map { frameIndex == $0 - 1 } ?? false
        step(capture: capture && last)
    }

    /// Resizes the window as a user would (the resize event that follows changes nothing more).
    private func resizeWindow(to size: Size, time: Double) {
        display.setSize(configuration.scale.pixelSize(size))
        viewportChanged(to: size, time: time)
    }

    private func play(_ step: WindowScript.Step, limit: Int?, capture: Bool) throws(Stop) {
        func frame() throws(Stop) { try self.frame(limit: limit, capture: capture) }
        func frames(_ seconds: Double) -> Int { max(1, Int((seconds * configuration.hz).rounded())) }
        let middle = engine.viewport.width / 2
        switch step {
        case .press(let x, let y):
            pointerDown(at: Point(x: x, y: y), time: now)
        case .release:
            pointerUp(time: now)
        case .size(let width, let height):
            resizeWindow(to: Size(width: width, height: height), time: now)
            try frame()
        case .key(let key):
            if let command = configuration.keyMap.command(for: key) { perform(command, time: now) }
            try frame()
        case .list(let step):
            switch step {
            case .wait(let seconds):
                for _ in 0..<frames(seconds) { try frame() }
            case .drag(let fromY, let toY, let seconds):
                pointerDown(at: Point(x: middle, y: fromY), time: now)
                let count = frames(seconds)
                for index in 1...count {
                    try frame()
                    pointerMoved(to: Point(x: middle, y: fromY + (toY - fromY) * Double(index) / Double(count)), time: now)
                }
                pointerUp(time: now)
            case .fling(let velocity):
                engine.fling(velocity: velocity, time: now)
            case .scroll(let velocity, let seconds):
                var pointer = velocity >= 0 ? engine.viewport.height * 0.9 : engine.viewport.height * 0.1
                pointerDown(at: Point(x: middle, y: pointer), time: now)
                for _ in 0..<frames(seconds) {
                    try frame()
                    pointer -= velocity / configuration.hz
                    pointerMoved(to: Point(x: middle, y: pointer), time: now)
                }
                pointerUp(time: now)
            case .touch:
                engine.touchDown(time: now)
                try frame()
            case .tap(let x, let y):
                pointerDown(at: Point(x: x, y: y), time: now)
                try frame()
                pointerUp(time: now)
            case .scrollToTop:
                engine.scrollToTop(time: now)
            case .jump(let row):
                engine.jump(toRow: row, time: now)
                try frame()
            case .resize(let width):
                resizeWindow(to: Size(width: width, height: windowSize.height), time: now)
                try frame()
            case .reload(let rows):
                engine.reload(rows: rows)
                try frame()
            case .settle:
                let limitFrames = Int(5 * configuration.hz)
                var count = 0
                repeat {
                    try frame()
                    count += 1
                } while count < limitFrames && (engine.physics.phase != .idle || !engine.visibleRowsFullyDrawn)
            }
        }
    }
}
