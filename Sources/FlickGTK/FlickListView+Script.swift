import CGtk4
import FlickCore
import FlickList
import FlickHost

/// Scripts in the GTK widget: each script frame is one frame of GTK's frame clock (the
/// replay iterates GLib's main context until the widget has run its next frame), and pointer
/// steps go through the pointer gesture as a mouse's would. Main thread.
extension FlickListView: ScriptReplayTarget {
    public var framesRun: Int { frameIndex }

    /// Waits, iterating the main loop, until the frame clock has ticked the list once more.
    /// Throws when the widget is gone (its window was closed).
    public func runScriptFrame(isFinal: Bool) throws(ScriptReplayStopped) {
        let target = frameIndex + 1
        resumeFrames()  // a script's frames are its clock: a list at rest ticks for them
        while frameIndex < target, !isDisposed { g_main_context_iteration(nil, 1) }
        if isDisposed { throw ScriptReplayStopped() }
        // What a screen reader sees of this frame, now rather than at the next idle moment, so a
        // script's next step (and a test's check) finds the tree current.
        runPendingAccessibilitySync()
    }

    public func scriptBeginDrag(at point: Point) { apply(gesture.downDragging(at: point), time: now) }
    public func scriptMoveDrag(to point: Point) { apply(gesture.move(to: point), time: now) }
    public func scriptEndDrag() { apply(gesture.up(), time: now) }
    public func scriptBeginTap(at point: Point) { pointerDown(at: point, time: now) }
    public func scriptEndTap() { apply(gesture.up(), time: now) }

    /// A key through the widget's key path (`handleKey`), as GTK's key controller sends it.
    public func scriptKey(_ press: KeyPress) { handleKey(press) }

    /// A click at the middle of the row's visible part, through the pointer gesture.
    public func scriptClick(row: Int, modifiers: KeyModifiers) {
        guard let point = engine.visibleCentre(ofRow: row) else { return }
        pointerModifiers = modifiers
        pointerDown(at: point, time: now)
        apply(gesture.up(), time: now)
        pointerModifiers = []
    }

    public func scriptResize(width: Double) {
        resizeWindow(to: Size(width: width, height: allocatedSize.height))
    }

    /// Replays `script`: list steps as `ScriptReplay` plays them everywhere, and the window's
    /// own steps — `press`/`release` through the pointer gesture, `size` resizing the toplevel
    /// window.
    /// - Returns: whether every step ran (false: the window closed or `frameLimit` came first).
    @discardableResult
    public func play(_ script: WindowScript, frameLimit: Int? = nil) -> Bool {
        let replay = ScriptReplay(target: self, frameLimit: frameLimit)
        do {
            for step in script.steps {
                switch step {
                case .list(let step): try replay.play(step)
                case .press(let x, let y): pointerDown(at: Point(x: x, y: y), time: now)
                case .release: apply(gesture.up(), time: now)
                case .size(let width, let height):
                    resizeWindow(to: Size(width: width, height: height))
                    try replay.frame()
                }
            }
            return true
        } catch {
            return false
        }
    }

    /// Runs frames until `count` have run in all, or the window closes.
    public func run(untilFrame count: Int) {
        let replay = ScriptReplay(target: self, frameLimit: count)
        do { while true { try replay.frame() } } catch {}
    }

    /// Asks the toplevel window for a new size, points (GTK allocates it in a frame or two).
    public func resizeWindow(to size: Size) {
        guard let root = gtk_widget_get_root(widget) else { return }
        gtk_window_set_default_size(GObject.cast(gpointer(root)), Int32(size.width), Int32(size.height))
    }
}
