import CFlickGTK
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
        // Focus already on a row's proxy stays in the list (it follows the focused row).
        if flick_gtk_focus_is_within(canvas) == 0 { gtk_widget_grab_focus(canvas) }
        pointerModifiers = controllers.click.map { Self.modifiers(gtk_event_controller_get_current_event_state($0)) } ?? []
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
        let tap = interaction.tap(item: engine.itemID(atRow: hit.row), row: hit.row, local: hit.local, layout: hit.layout, pressed: press)
        engine.click(row: hit.row, modifiers: pointerModifiers, hitTarget: tap.target != nil)
        record(tap)
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

    /// A key: the list's keys as every host handles them (`ListEngine.handleKey`); false for
    /// keys the list does not use and for Tab past the focused row's last link, so GTK moves
    /// the focus on.
    func keyPressed(keyval: UInt32, state: GdkModifierType) -> Bool {
        guard let key = Self.key(for: keyval) else { return false }
        var modifiers = Self.modifiers(state)
        if Int32(keyval) == GDK_KEY_ISO_Left_Tab { modifiers.insert(.shift) }
        return handleKey(KeyPress(key, modifiers))
    }

    /// A key press as the keyboard would send it (scripts and tests use it too).
    @discardableResult
    public func handleKey(_ press: KeyPress) -> Bool {
        guard !gesture.isDown else { return false }
        if let find, find.handleKey(press, engine: engine, time: now) {
            syncFindBar()
            return true
        }
        switch engine.handleKey(press, interaction: interaction, time: now) {
        case .handled:
            gtk_widget_queue_draw(canvas)
            return true
        case .tapped(let tap):
            record(tap)
            return true
        case .unhandled:
            return false
        }
    }

    static func modifiers(_ state: GdkModifierType) -> KeyModifiers {
        var modifiers: KeyModifiers = []
        if state.rawValue & 1 != 0 { modifiers.insert(.shift) }  // GDK_SHIFT_MASK
        if state.rawValue & 4 != 0 { modifiers.insert(.control) }  // GDK_CONTROL_MASK
        return modifiers
    }

    static func key(for keyval: UInt32) -> Key? {
        switch Int32(keyval) {
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: .pageDown
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: .pageUp
        case GDK_KEY_Down, GDK_KEY_KP_Down: .down
        case GDK_KEY_Up, GDK_KEY_KP_Up: .up
        case GDK_KEY_Left, GDK_KEY_KP_Left: .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: .right
        case GDK_KEY_Home, GDK_KEY_KP_Home: .home
        case GDK_KEY_End, GDK_KEY_KP_End: .end
        case GDK_KEY_space, GDK_KEY_KP_Space: .space
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: .enter
        case GDK_KEY_Tab, GDK_KEY_KP_Tab, GDK_KEY_ISO_Left_Tab: .tab
        case GDK_KEY_Escape: .escape
        case GDK_KEY_F3: .f3
        case GDK_KEY_BackSpace: .backspace
        default:
            // Printable keys by their lowercase character (Ctrl+A arrives as "a" or "A").
            Self.character(of: keyval)
        }
    }

    private static func character(of keyval: UInt32) -> Key? {
        let code = gdk_keyval_to_unicode(gdk_keyval_to_lower(keyval))
        guard code > 0x20, let scalar = Unicode.Scalar(code) else { return nil }
        return .character(Character(scalar))
    }

    func focusLeft() {
        apply(gesture.cancel(), time: now)
        engine.hideFocusRing()
        gtk_widget_queue_draw(canvas)
    }
}
