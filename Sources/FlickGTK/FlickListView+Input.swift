import CGtk4
import FlickCore
import FlickList
import FlickHost

/// GTK input → the engine's gestures. A press goes through `PointerGesture` (tap within the
/// slop, drag beyond it, a press on a moving list only stops it); wheels glide a distance per
/// notch; a touchpad scroll is a drag whose end hands GTK's kinetic velocity to the engine's
/// fling. Main thread.
extension FlickListView {
    // MARK: Pointer (GtkGestureClick for press and release, GtkGestureDrag for motion)

    func pointerPressed(x: Double, y: Double) {
        gtk_widget_grab_focus(canvas)
        pointerDown(at: Point(x: x, y: y), time: now)
    }

    func pointerReleased() { apply(gesture.up(), time: now) }

    func dragBegan(x: Double, y: Double) { dragStart = Point(x: x, y: y) }

    func dragUpdated(dx: Double, dy: Double) {
        apply(gesture.move(to: Point(x: dragStart.x + dx, y: dragStart.y + dy)), time: now)
    }

    func dragEnded() { apply(gesture.up(), time: now) }

    func pointerCancelled() { apply(gesture.cancel(), time: now) }

    /// A finger (button) lands at `point`, viewport points.
    public func pointerDown(at point: Point, time: Double) {
        let moving = [.decelerating, .bouncing, .animating].contains(engine.physics.phase)
        apply(gesture.down(at: point, listWasMoving: moving), time: time)
    }

    func apply(_ actions: [PointerGesture.Action], time: Double) {
        for action in actions {
            switch action {
            case .touchDown: engine.touchDown(time: time)
            case .press(let point): beginPress(at: point)
            case .cancelPress: endPress()
            case .beginDrag(let y): engine.beginDrag(at: y, time: time)
            case .drag(let y): engine.drag(to: y, time: time)
            case .endDrag: engine.endDrag(time: time)
            case .tap(let point): tap(at: point)
            }
        }
    }

    private func beginPress(at point: Point) {
        endPress()
        guard let hit = engine.row(at: point), let layout = hit.layout, let target = interaction.target(at: hit.local, in: layout) else { return }
        let interaction = interaction
        engine.press(row: hit.row) { layout, context in interaction.pressedAppearance(of: target, in: layout, context: context) }
        press = (hit.row, target, layout)
    }

    func endPress() {
        engine.endPress()
        press = nil
    }

    private func tap(at point: Point) {
        defer { endPress() }
        guard let hit = engine.row(at: point) else { return }
        record(interaction.tap(item: engine.itemID(atRow: hit.row), row: hit.row, local: hit.local, layout: hit.layout, pressed: press))
    }

    func record(_ tap: Tap) {
        taps.append(tap)
        onTap?(tap)
    }

    // MARK: Wheel and touchpad (GtkEventControllerScroll, kinetic)

    func scrollBegan() {
        guard !gesture.isDown else { return }
        touchpadPointer = engine.viewport.height / 2
        engine.touchDown(time: now)
        engine.beginDrag(at: touchpadPointer!, time: now)
    }

    /// A wheel notch (`discrete`) glides `pointsPerWheelNotch`; a touchpad moves the content
    /// with the fingers, as a drag.
    func scrolled(dx: Double, dy: Double, discrete: Bool) -> Bool {
        if discrete || touchpadPointer == nil {
            scroll(by: dy * (discrete ? configuration.pointsPerWheelNotch : 1), time: now)
            return true
        }
        touchpadPointer! -= dy
        engine.drag(to: touchpadPointer!, time: now)
        return true
    }

    func scrollEnded() {
        guard touchpadPointer != nil else { return }
        touchpadPointer = nil
        engine.endDrag(time: now)
    }

    /// GTK's kinetic velocity at the end of a touchpad scroll, points per second: a fling.
    func decelerated(vx: Double, vy: Double) {
        guard !gesture.isDown, vy != 0 else { return }
        engine.fling(velocity: vy, time: now)
    }

    /// Scrolls `distance` points (positive: toward later rows) with a short glide that adds
    /// to a glide already going the same way.
    public func scroll(by distance: Double, time: Double) {
        guard !gesture.isDown else { return }
        engine.glide(by: distance, with: scrollDistance, time: time)
    }

    // MARK: Keys (GtkEventControllerKey)

    func keyPressed(keyval: UInt32, state: GdkModifierType) -> Bool {
        let shift = state.rawValue & 1 != 0  // GDK_SHIFT_MASK
        switch Int32(keyval) {
        case GDK_KEY_Tab, GDK_KEY_KP_Tab: return moveFocus(forward: !shift)
        case GDK_KEY_ISO_Left_Tab: return moveFocus(forward: false)
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: return activateFocusedLink()
        default: break
        }
        guard let key = Self.key(for: keyval), let command = KeyMap.standard.command(for: key, modifiers: shift ? .shift : []) else { return false }
        return perform(command, time: now)
    }

    /// Does a scrolling command of the standard key map; other commands are the SDL window's.
    @discardableResult
    public func perform(_ command: WindowCommand, time: Double) -> Bool {
        engine.performScrolling(
            command, pointsPerLine: configuration.pointsPerLine, scrollDistance: scrollDistance, isHeld: gesture.isDown, time: time)
    }

    static func key(for keyval: UInt32) -> Key? {
        switch Int32(keyval) {
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: .pageDown
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: .pageUp
        case GDK_KEY_Down, GDK_KEY_KP_Down: .down
        case GDK_KEY_Up, GDK_KEY_KP_Up: .up
        case GDK_KEY_Home, GDK_KEY_KP_Home: .home
        case GDK_KEY_End, GDK_KEY_KP_End: .end
        case GDK_KEY_space: .space
        default: nil
        }
    }

    func focusLeft() {
        apply(gesture.cancel(), time: now)
        gtk_widget_queue_draw(canvas)
    }
}
