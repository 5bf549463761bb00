import FlickCore
import FlickList
import FlickRaster
import Testing

/// Keys, focus and selection on the engine every host drives (lockstep: workers finish between
/// frames). The hosts' own key paths are tested in the window and GTK suites.
@Suite("Keyboard, focus and selection")
@MainActor
struct KeyboardSelectionTests {
    typealias Engine = ListEngine<RecordingDataSource>

    static func engine(
        rows: Int = 2_000, mode: SelectionMode = .multiple, navigation: KeyboardNavigation = .list
    ) -> (Engine, RecordingDataSource) {
        let source = RecordingDataSource(rowCount: rows, estimate: 70) { 50 + Double($0 % 5) * 10 }
        var configuration = Engine.Configuration()
        configuration.selectionMode = mode
        configuration.navigation = navigation
        return (DrawSchedulingTests.engine(source, queues: 2, configuration: configuration), source)
    }

    static func run(_ engine: Engine, _ time: inout Double, frames: Int = 1) {
        for _ in 0..<frames {
            engine.waitForWorkers()
            engine.frame(at: time)
            time += 1.0 / 120
        }
    }

    static func key(_ engine: Engine, _ text: String, _ time: inout Double, frames: Int = 1) {
        engine.handleKey(KeyPress(parsing: text)!, time: time)
        run(engine, &time, frames: frames)
    }

    /// Whether `row` is wholly inside the viewport.
    static func isOnScreen(_ row: Int, _ engine: Engine) -> Bool {
        let top = engine.heights.offset(ofRow: row) - engine.contentOffset
        return top >= -0.5 && top + engine.heights.height(ofRow: row) <= engine.viewport.height + 0.5
    }

    @Test func listKeysMoveTheFocusAndSelectByTheModifiers() {
        let (engine, source) = Self.engine()
        var time = 0.0
        Self.run(engine, &time, frames: 5)
        Self.key(engine, "Down", &time)
        #expect(engine.selection.focus == 0, "the first key focuses the first row on screen")
        #expect(engine.selection.focusVisible)
        #expect(engine.selection.selected.ranges == [0..<1])
        for _ in 0..<3 { Self.key(engine, "Down", &time) }
        #expect(engine.selection.focus == 3)
        #expect(engine.selection.selected.ranges == [3..<4], "a plain move selects only the focused row")
        #expect(engine.focusedItem == source.id(atRow: 3))
        Self.key(engine, "shift+Down", &time)
        Self.key(engine, "shift+Down", &time)
        #expect(engine.selection.selected.ranges == [3..<6], "Shift extends from the anchor")
        Self.key(engine, "ctrl+Down", &time)
        Self.key(engine, "ctrl+Down", &time)
        #expect(engine.selection.focus == 7)
        #expect(engine.selection.selected.ranges == [3..<6], "Ctrl moves the focus only")
        Self.key(engine, "ctrl+space", &time)
        #expect(engine.selection.selected.ranges == [3..<6, 7..<8], "Ctrl+Space toggles the focused row in")
        Self.key(engine, "ctrl+space", &time)
        #expect(engine.selection.selected.ranges == [3..<6])
        Self.key(engine, "shift+Up", &time)
        #expect(engine.selection.selected.ranges == [6..<8], "the anchor moved to the toggled row")
        Self.key(engine, "ctrl+a", &time)
        #expect(engine.selectedCount == 2_000)
        Self.key(engine, "ctrl+shift+a", &time)
        #expect(engine.selectedCount == 0)
        Self.key(engine, "Down", &time)
        Self.key(engine, "Escape", &time)
        #expect(engine.selectedCount == 0)
        #expect(!engine.selection.focusVisible, "Escape clears the selection and hides the ring")
        Self.key(engine, "End", &time, frames: 40)
        #expect(engine.selection.focus == 1_999)
        #expect(Self.isOnScreen(1_999, engine))
        Self.key(engine, "Home", &time, frames: 120)
        #expect(engine.selection.focus == 0)
        #expect(engine.contentOffset == 0)
        #expect(engine.rastersCausedBySelection == 0)
    }

    @Test func pageKeysMoveAViewportInAListAndAnItemInAFeed() {
        let (list, _) = Self.engine(navigation: .list)
        var time = 0.0
        Self.run(list, &time, frames: 5)
        Self.key(list, "Down", &time)
        Self.key(list, "Page_Down", &time, frames: 60)
        let landed = list.selection.focus!
        #expect(landed > 4, "a viewport of 400 pt holds more than 4 rows of 50–90 pt")
        #expect(list.heights.offset(ofRow: landed) - list.heights.offset(ofRow: 0) <= list.viewport.height)
        #expect(Self.isOnScreen(landed, list), "the list followed the focus")

        let (feed, _) = Self.engine(navigation: .feed)
        time = 0
        Self.run(feed, &time, frames: 5)
        Self.key(feed, "Page_Down", &time)
        #expect(feed.selection.focus == 0)
        for _ in 0..<9 { Self.key(feed, "Page_Down", &time, frames: 30) }
        #expect(feed.selection.focus == 9, "Page Down is the next item")
        #expect(Self.isOnScreen(9, feed), "brought fully into view")
        let offset = feed.contentOffset
        Self.key(feed, "space", &time, frames: 60)
        #expect(abs(feed.contentOffset - offset - feed.viewport.height * 0.9) < 0.5, "Space scrolls a page")
        #expect(feed.selection.focus == 9, "and leaves the focus")
        Self.key(feed, "shift+space", &time, frames: 60)
        #expect(abs(feed.contentOffset - offset) < 0.5)
    }

    @Test func singleAndNoneModes() {
        let (single, _) = Self.engine(mode: .single)
        var time = 0.0
        Self.run(single, &time, frames: 5)
        Self.key(single, "Down", &time)
        Self.key(single, "shift+Down", &time)
        #expect(single.selection.selected.ranges == [1..<2], "one row at most")
        Self.key(single, "ctrl+a", &time)
        #expect(single.selectedCount == 1)
        single.click(row: 3)
        #expect(single.selection.selected.ranges == [3..<4])
        #expect(!single.selection.focusVisible, "a click hides the ring")
        single.click(row: 3, modifiers: .control)
        #expect(single.selectedCount == 0, "Ctrl+click on the selected row clears it")

        let (none, _) = Self.engine(mode: .none)
        time = 0
        Self.run(none, &time, frames: 5)
        Self.key(none, "Down", &time)
        Self.key(none, "Down", &time)
        Self.key(none, "ctrl+a", &time)
        none.click(row: 2, modifiers: .shift)
        #expect(none.selection.focus == 2)
        #expect(none.selectedCount == 0)
    }

    @Test func clicksSelectToggleAndExtend() {
        let (engine, _) = Self.engine()
        var time = 0.0
        Self.run(engine, &time, frames: 5)
        var told = 0
        engine.onSelectionChange = { _ in told += 1 }
        engine.click(row: 2)
        engine.click(row: 5, modifiers: .control)
        #expect(engine.selection.selected.ranges == [2..<3, 5..<6])
        engine.click(row: 8, modifiers: .shift)
        #expect(engine.selection.selected.ranges == [5..<9], "Shift+click selects from the anchor, the last click")
        engine.click(row: 1, modifiers: [.shift, .control])
        #expect(engine.selection.selected.ranges == [1..<9])
        #expect(told == 4)
        engine.click(row: 1, modifiers: [.shift, .control])
        #expect(told == 4, "a click that changes nothing tells nobody")
    }

    /// The focus and the selection stay on their items through random inserts, deletes, moves
    /// and edits; a deleted focused item hands the focus to its neighbour.
    @Test func focusAndSelectionFollowTheirItemsThroughRandomUpdates() {
        let (engine, source) = Self.engine(rows: 300)
        var time = 0.0
        var random = SplitMix64(seed: 2_026)
        Self.run(engine, &time, frames: 5)
        engine.click(row: 10)
        engine.click(row: 40, modifiers: .shift)
        engine.click(row: 60, modifiers: .control)
        var selectedIDs = Set((10...40).map { source.id(atRow: $0) } + [source.id(atRow: 60)])
        var focusedID = source.id(atRow: 60)
        for step in 0..<200 {
            let count = source.rowCount
            let row = Int(random.next() % UInt64(count))
            let before = (0..<count).map { source.id(atRow: $0) }
            switch random.next() % 4 {
            case 0: engine.apply(source.insert(Int(random.next() % 5) + 1, at: row))
            case 1 where count > 20: engine.apply(source.remove(row..<min(count, row + Int(random.next() % 3) + 1)))
            case 2: engine.apply(source.move(from: row, to: Int(random.next() % UInt64(count))))
            default: engine.apply(source.edit(row: row))
            }
            Self.run(engine, &time)
            let after = (0..<source.rowCount).map { source.id(atRow: $0) }
            let remaining = Set(after)
            if !remaining.contains(focusedID) {
                // The neighbour: the next surviving item of the old order, else the previous.
                let old = before.firstIndex(of: focusedID)!
                focusedID = (before[(old + 1)...].first { remaining.contains($0) } ?? before[..<old].last { remaining.contains($0) })!
            }
            selectedIDs.formIntersection(remaining)
            let selectedNow = Set(engine.selection.selected.ranges.flatMap { $0 }.map { after[$0] })
            #expect(selectedNow == selectedIDs, "step \(step)")
            #expect(engine.selection.focus.map { after[$0] } == focusedID, "step \(step)")
        }
    }

    @Test func endOnAMillionRowsLandsExactlyOnTheLastRow() {
        let (engine, _) = Self.engine(rows: 1_000_000)
        var time = 0.0
        Self.run(engine, &time, frames: 5)
        Self.key(engine, "End", &time, frames: 2)
        for _ in 0..<600 where engine.isScrollingToTarget { Self.run(engine, &time) }
        Self.run(engine, &time, frames: 5)
        #expect(engine.selection.focus == 999_999)
        #expect(engine.heights.isExact(row: 999_999))
        let bottom = engine.heights.offset(ofRow: 999_999) + engine.heights.height(ofRow: 999_999) - engine.contentOffset
        #expect(abs(bottom - engine.viewport.height) < 0.5, "the last row's end is the viewport's end (\(bottom))")
        #expect(engine.lastContents.last?.row == 999_999)
        #expect(engine.lastContents.last?.content == .full)
    }

    /// The ring and the tint are layers over the rows' bitmaps: no cell is drawn again, the
    /// row's own pixels are unchanged where neither covers them, and they are tinted where
    /// the selection does.
    @Test func focusRingAndSelectionAreOverlaysNotRasters() {
        let (engine, source) = Self.engine()
        var time = 0.0
        DrawSchedulingTests.settle(engine, time: &time)
        let before = engine.compositor.snapshot()
        let rendersBefore = source.renderedRows.count
        Self.key(engine, "Down", &time, frames: 3)
        Self.key(engine, "Down", &time, frames: 3)
        let after = engine.compositor.snapshot()
        #expect(source.renderedRows.count == rendersBefore, "selecting drew no cell")
        #expect(engine.rastersCausedBySelection == 0)
        #expect(engine.compositor.layers.contains { $0.role == .decoration && $0.row == 1 })
        let top = Int(engine.heights.offset(ofRow: 1))
        let height = Int(engine.heights.height(ofRow: 1))
        let appearance = SelectionAppearance()
        let ring = after.pixel(x: 20, y: top + 1)  // inside the ring's top edge (1 pt inset, 2 pt wide)
        #expect(abs(Double(ring.blue) / 255 - appearance.ringColor.blue) < 0.02 && ring.red < 80, "ring at the row's top: \(ring)")
        let inside = after.pixel(x: 20, y: top + height / 2)
        let plain = RecordingDataSource.colour(row: source.id(atRow: 1), version: 0)
        #expect(inside != plain, "the selected row is tinted")
        let tint = appearance.selectedTint
        let expectedRed = Double(plain.red) * (1 - tint.alpha) + tint.red * 255 * tint.alpha
        #expect(abs(Double(inside.red) - expectedRed) <= 2, "tint blended over the row's own pixels")
        #expect(before.pixel(x: 20, y: top + height + 20) == after.pixel(x: 20, y: top + height + 20), "other rows untouched")
        // The metric sees a re-raster when there is one.
        engine.click(row: 1)
        engine.reload(rows: [1])
        Self.run(engine, &time, frames: 6)
        #expect(engine.rastersCausedBySelection >= 1, "a row drawn again after a selection change is counted")
    }

    /// A held key changes the focus every few frames; a row that left the screen early in the
    /// walk and comes back drawn anew (reloaded meanwhile) is not the selection's doing: each
    /// row is watched only for the frames after the change that noted it.
    @Test func aRowDrawnAnewLongAfterItsChangeIsNotCounted() {
        let (engine, _) = Self.engine()
        var time = 0.0
        DrawSchedulingTests.settle(engine, time: &time)
        for _ in 0..<40 { Self.key(engine, "Down", &time, frames: 4) }
        #expect(!Self.isOnScreen(0, engine), "row 0 left the screen")
        engine.reload(rows: [0])
        Self.key(engine, "Home", &time, frames: 1)
        DrawSchedulingTests.settle(engine, time: &time)
        #expect(Self.isOnScreen(0, engine))
        #expect(engine.rastersCausedBySelection == 0)
    }
}
