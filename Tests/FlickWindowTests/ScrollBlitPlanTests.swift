import FlickList
import FlickWindow
import Testing

/// The software path's plan, without a window: what moves by the scroll and what is drawn again.
@Suite("Scroll-blit plan")
struct ScrollBlitPlanTests {
    final class Token {}
    let bounds = PixelRect(x: 0, y: 0, width: 100, height: 200)
    let tokens = (0..<8).map { _ in Token() }

    func layer(_ index: Int, y: Int, height: Int = 60, x: Int = 0, width: Int = 100, clip: PixelRect? = nil) -> PlacedLayer {
        PlacedLayer(identity: ObjectIdentifier(tokens[index]), rect: PixelRect(x: x, y: y, width: width, height: height), clip: clip)
    }

    /// Three 60-px rows from `top`, then a fourth.
    func rows(from top: Int) -> [PlacedLayer] { (0..<4).map { layer($0, y: top + $0 * 60) } }

    @Test func aScrollMovesThePreviousFrameAndDrawsOnlyTheExposedStrip() {
        let plan = ScrollBlitPlan(previous: rows(from: 0), current: rows(from: -7), previousOverlays: [], bounds: bounds)
        #expect(plan.dy == -7)
        #expect(plan.bands == [193..<200])
        #expect(!plan.isFull)
        let down = ScrollBlitPlan(previous: rows(from: -7), current: rows(from: 0), previousOverlays: [], bounds: bounds)
        #expect(down.dy == 7 && down.bands == [0..<7])
    }

    @Test func nothingMovedNothingDrawn() {
        let plan = ScrollBlitPlan(previous: rows(from: 0), current: rows(from: 0), previousOverlays: [], bounds: bounds)
        #expect(plan.dy == 0 && plan.bands.isEmpty)
    }

    @Test func aRowThatChangedBitmapIsDrawnAgainAndOnlyIt() {
        // A pressed row: same place, another bitmap.
        var current = rows(from: -3)
        current[1] = layer(6, y: current[1].rect.y)
        let plan = ScrollBlitPlan(previous: rows(from: 0), current: current, previousOverlays: [], bounds: bounds)
        #expect(plan.dy == -3)
        #expect(plan.bands == [57..<117, 197..<200])
    }

    @Test func anInsertAboveRedrawsTheRowsThatMovedDifferently() {
        // Row 0 stays, a 30-px row is inserted under it, rows 1–3 move down by 30.
        let previous = rows(from: 0)
        let current = [layer(0, y: 0), layer(7, y: 60, height: 30), layer(1, y: 90), layer(2, y: 150), layer(3, y: 210)]
        let plan = ScrollBlitPlan(previous: previous, current: current, previousOverlays: [], bounds: bounds)
        // Rows 1–3 moved most: the blit follows them, and row 0 and the new row are drawn again.
        #expect(plan.dy == 30)
        #expect(plan.bands == [0..<90])
    }

    @Test func lastFramesOverlaysAreDrawnOverWhereTheyMovedTo() {
        let hud = PixelRect(x: 4, y: 10, width: 50, height: 20)
        let plan = ScrollBlitPlan(previous: rows(from: 0), current: rows(from: 5), previousOverlays: [hud], bounds: bounds)
        #expect(plan.dy == 5)
        #expect(plan.bands == [0..<5, 15..<35])
    }

    @Test func aClipThatChangedIsDrawnAgain() {
        let clipped = layer(5, y: 100, clip: PixelRect(x: 0, y: 100, width: 100, height: 30))
        let grown = layer(5, y: 100, clip: PixelRect(x: 0, y: 100, width: 100, height: 50))
        let plan = ScrollBlitPlan(previous: rows(from: 0) + [clipped], current: rows(from: 0) + [grown], previousOverlays: [], bounds: bounds)
        #expect(plan.dy == 0 && plan.bands == [100..<150])
    }

    @Test func layersThatSwappedOrderAreDrawnAgain() {
        let a = layer(4, y: 20, height: 40, x: 10, width: 30)
        let b = layer(5, y: 30, height: 40, x: 20, width: 30)
        let plan = ScrollBlitPlan(previous: rows(from: 0) + [a, b], current: rows(from: 0) + [b, a], previousOverlays: [], bounds: bounds)
        #expect(plan.dy == 0 && !plan.bands.isEmpty)
        #expect(plan.bands.allSatisfy { $0.overlaps(20..<70) })
    }

    @Test func aRepeatedTileMatchesByPlace() {
        // The same placeholder tile twice in a row (repeated down a tall row), scrolled by 4.
        let tile = { (y: Int) in self.layer(6, y: y, height: 30, clip: PixelRect(x: 0, y: 40, width: 100, height: 60)) }
        let previous = [layer(0, y: 0, height: 40), tile(40), tile(70)]
        let shiftedClip = PixelRect(x: 0, y: 44, width: 100, height: 60)
        let current = [
            layer(0, y: 4, height: 40), layer(6, y: 44, height: 30, clip: shiftedClip), layer(6, y: 74, height: 30, clip: shiftedClip),
        ]
        let plan = ScrollBlitPlan(previous: previous, current: current, previousOverlays: [], bounds: bounds)
        #expect(plan.dy == 4 && plan.bands == [0..<4])
    }

    @Test func noPreviousFrameOrAJumpRedrawsEverything() {
        let first = ScrollBlitPlan(previous: nil, current: rows(from: 0), previousOverlays: [], bounds: bounds)
        #expect(first.isFull && first.bands == [0..<200])
        let jump = ScrollBlitPlan(previous: rows(from: 0), current: (4..<8).map { layer($0, y: $0 * 60 - 240) }, previousOverlays: [], bounds: bounds)
        #expect(jump.dy == 0 && jump.bands == [0..<200])
    }
}

@Suite("Window clock and present path")
struct WindowTimingTests {
    @Test func countsOverBudgetFramesAndLatePresents() {
        var timing = WindowTiming(hz: 100)  // 10 ms frames
        timing.add(start: 0.000, end: 0.004)
        timing.add(start: 0.010, end: 0.014)  // on time
        timing.add(start: 0.020, end: 0.033)  // 13 ms of work: over budget, presented 19 ms after the last
        timing.add(start: 0.040, end: 0.044)  // 11 ms after: jitter, not a hitch
        timing.add(start: 0.050, end: 0.085)  // 35 ms of work: 41 ms gap, three refreshes missed
        #expect(timing.frames == 5)
        #expect(timing.framesOverBudget == 2)
        #expect(timing.missedFrames == 1 + 3)
        #expect(abs(timing.hitchMilliseconds - ((19 - 10) + (41 - 10))) < 1e-6)
        #expect(abs(timing.seconds - 0.085) < 1e-12)
        #expect(abs(timing.hitchMillisecondsPerSecond - 40 / 0.085) < 1e-6)
        #expect(abs(timing.overBudgetPercent - 40) < 1e-9)
    }

    @Test func autoTakesTheGPUOnlyOnGraphicsHardware() {
        #expect(PresentPath.choose(.auto, rendererName: "opengl", glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)") == .software)
        #expect(PresentPath.choose(.auto, rendererName: "opengl", glRenderer: "Mesa Intel(R) UHD Graphics 620 (KBL GT2)") == .gpu)
        #expect(PresentPath.choose(.auto, rendererName: "software", glRenderer: nil) == .software)
        #expect(PresentPath.choose(.auto, rendererName: nil, glRenderer: nil) == .software)
        #expect(PresentPath.choose(.gpu, rendererName: "opengl", glRenderer: "llvmpipe") == .gpu)
        #expect(PresentPath.choose(.software, rendererName: "opengl", glRenderer: "NVIDIA GeForce") == .software)
    }
}
