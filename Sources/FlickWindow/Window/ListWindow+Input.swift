import FlickCore
import FlickList

extension ListWindow {
    /// One window event at frame time `time`.
    func handle(_ event: WindowEvent, time: Double) {
        let scale = configuration.scale.value
        switch event {
        case .quit:
            isQuitRequested = true
        case .resized(let pixels):
            viewportChanged(to: Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale), time: time)
        case .pointerDown(let x, let y, let modifiers):
            scriptHoldsPointer = false
            pointerModifiers = modifiers
            pointerDown(at: Point(x: x / scale, y: y / scale), time: time)
        case .pointerMoved(let x, let y):
            if gesture.isDown, !scriptHoldsPointer { pointerMoved(to: Point(x: x / scale, y: y / scale), time: time) }
        case .pointerUp:
            if !scriptHoldsPointer { pointerUp(time: time) }
        case .wheel(let notches):
            scroll(by: notches * configuration.pointsPerWheelNotch, time: time)
        case .key(let key, let modifiers, let isRepeat):
            if let find, find.handleKey(KeyPress(key, modifiers), engine: engine, time: time) { return }
            if let command = configuration.keyMap.command(for: key, modifiers: modifiers) {
                if !isRepeat { perform(command, time: time) }
                return
            }
            handleListKey(KeyPress(key, modifiers), time: time)
        case .text(let text):
            find?.type(text, time: time)
        case .focusLost:
            if !scriptHoldsPointer { apply(gesture.cancel(), time: time) }
        }
    }

    // MARK: Pointer (viewport points)

    /// A finger (the mouse button) lands at `point`.
    public func pointerDown(at point: Point, time: Double) {
        let moving = [.decelerating, .bouncing, .animating].contains(engine.physics.phase)
        apply(gesture.down(at: point, listWasMoving: moving), time: time)
    }

    public func pointerMoved(to point: Point, time: Double) {
        apply(gesture.move(to: point), time: time)
    }

    public func pointerUp(time: Double) {
        apply(gesture.up(), time: time)
    }

    func apply(_ actions: [PointerGesture.Action], time: Double) {
        for action in actions {
            switch action {
            case .touchDown: engine.touchDown(time: time)
            case .press(let point): beginPress(at: point)
            case .cancelPress: pressed.end(engine: engine)
            case .beginDrag(let y): engine.beginDrag(at: y, time: time)
            case .drag(let y): engine.drag(to: y, time: time)
            case .endDrag: engine.endDrag(time: time)
            case .tap(let point): tap(at: point, time: time)
            }
        }
    }

    private func beginPress(at point: Point) {
        guard engine.accessory(at: point) == nil, let hit = engine.row(at: point), let layout = hit.layout else { return }
        pressed.begin(row: hit.row, layout: layout, local: hit.local, interaction: interaction, engine: engine)
    }

    /// A tap at `point`: an accessory under it (a footer's retry, a pill) takes it; otherwise
    /// recorded, and what it hit goes to the status bar.
    private func tap(at point: Point, time: Double) {
        defer { pressed.end(engine: engine) }
        if engine.tapAccessory(at: point) { return }
        guard let hit = engine.row(at: point) else { return }
        let pressed = pressed.press.map { (row: $0.row, target: $0.target, layout: $0.layout) }
        let tap = interaction.tap(item: engine.itemID(atRow: hit.row), row: hit.row, local: hit.local, layout: hit.layout, pressed: pressed)
        engine.click(row: hit.row, modifiers: pointerModifiers, hitTarget: tap.target != nil)
        record(tap, time: time)
    }

    /// A tap by pointer or by Enter: kept, said in the status bar, handed to the client.
    private func record(_ tap: Tap, time: Double) {
        taps.append(tap)
        let how = tap.byKeyboard ? "opened" : "tapped"
        status = (tap.description.map { "\(how) \($0)" } ?? "\(how) row \(tap.row)", time + 4)
        onTap?(tap)
    }

    /// A list key (focus, selection, paging, Enter, Tab), as every host handles it.
    func handleListKey(_ press: KeyPress, time: Double) {
        guard !gesture.isDown else { return }
        if case .tapped(let tap) = engine.handleKey(press, interaction: interaction, time: time) { record(tap, time: time) }
    }

    // MARK: Keys and wheel

    /// Scrolls `distance` points (positive: toward later rows) with a short glide that adds
    /// to a glide already going the same way.
    public func scroll(by distance: Double, time: Double) {
        guard !gesture.isDown else { return }
        engine.glide(by: distance, with: scrollDistance, time: time)
    }

    /// Does what a window key asks.
    public func perform(_ command: WindowCommand, time: Double) {
        switch command {
        case .toggleHUD: overlays.formSymmetricDifference(.hud)
        case .toggleRanges: overlays.formSymmetricDifference(.ranges)
        case .toggleMisaligned: overlays.formSymmetricDifference(.misaligned)
        case .toggleRowTint: overlays.formSymmetricDifference(.rowTint)
        case .toggleHelp: overlays.formSymmetricDifference(.keys)
        case .switchPipeline: switchPipeline(to: pipeline.other, time: time)
        case .insertRows: edit(.insert(row: 0, count: 5), time: time)
        case .editTopRow: edit(.edit(row: topRow), time: time)
        case .deleteTopRow: edit(.delete(row: topRow, count: 1), time: time)
        case .showInsertedRows:
            engine.scrollToTop(time: time)
            engine.clearRowsInsertedAbove()
        case .quit: isQuitRequested = true
        }
    }

    /// The row at the top of the viewport.
    private var topRow: Int {
        engine.heights.rowCount > 0 ? engine.heights.row(atOffset: max(0, engine.contentOffset)) : 0
    }

    /// Asks the client to make `edit` and applies it; the status line says what happened.
    private func edit(_ edit: ListEdit, time: Double) {
        guard let editor, let changes = editor.perform(edit) else {
            status = ("this list takes no edits here", time + 3)
            return
        }
        handoff = nil  // an engine being replaced was not told
        engine.apply(changes)
        let top = topRow
        let above = engine.rowsInsertedAbove + changes.inserts.count(where: { $0 <= top })
        status = (above > 0 ? "\(above) new rows above — U shows them" : "\(edit)", time + 4)
    }
}
