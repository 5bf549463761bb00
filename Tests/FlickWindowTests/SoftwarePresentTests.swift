import FlickCore
import FlickList
import FlickRaster
import FlickWindow
import Testing

/// The software present path in a real window (Xvfb under `make test`): every frame it shows,
/// read back from the window surface, is compared with the headless render of the same frame
/// (the engine's compositor drawing its full framebuffer alongside). The window reuses the
/// previous frame shifted by the scroll and draws only what changed, so any mistake in what it
/// redraws — across flings, drags, inserts, pressed rows and overlays — shows as a difference.
@Suite("Software present in a window", .serialized)
@MainActor
struct SoftwarePresentTests {
    static let viewport = Size(width: 200, height: 300)

    @MainActor
    final class Run {
        let window: ListWindow<StripedTaps>
        let source = StripedRows(count: 600)
        var framesChecked = 0
        var partialFrames = 0
        var failures: [String] = []

        init(overlays: OverlayOptions, asynchronous: Bool = true) throws {
            var configuration = WindowConfiguration()
            configuration.viewport = SoftwarePresentTests.viewport
            configuration.scale = .two
            configuration.hz = 60
            configuration.overlays = overlays
            configuration.lockstep = true
            configuration.present = .software
            configuration.asynchronousPresent = asynchronous
            let source = source
            let pool = QueuePool<Void>(queuesPerLane: 2, workerNice: 0) { _ in () }
            let tile = Canvas(size: Size(width: 200, height: 24), scale: .two, opaqueBackground: Color(hex: 0xD8E0F0)).makeBitmap()
            window = try ListWindow(configuration: configuration, interaction: StripedTaps()) { viewport, _ in
                ListEngine(source: source, viewport: viewport, scale: .two, placeholder: tile, pool: pool)
            }
            window.engine.compositor.drawsFramebuffer = true
        }

        var time: Double { window.now }

        /// Runs `count` frames, comparing each with the headless render of the same frame.
        func frames(_ count: Int, _ what: String, overlaysShown: Bool = false) {
            for _ in 0..<count {
                let frame = window.step(capture: true)
                if frame.redrawnRows > 0, frame.redrawnRows < window.display.outputSize.height { partialFrames += 1 }
                guard !overlaysShown else { continue }
                framesChecked += 1
                guard let shown = window.capturedFrame else {
                    failures.append("\(what): no frame read back")
                    continue
                }
                if let difference = SoftwarePresentTests.difference(shown, window.engine.compositor.snapshot()) {
                    failures.append("\(what), frame \(frame.stats.index): \(difference)")
                }
            }
        }
    }

    /// Where two frames differ by more than 2 levels in a colour channel, or `nil`.
    nonisolated static func difference(_ a: Bitmap, _ b: Bitmap) -> String? {
        guard a.pixelSize == b.pixelSize else { return "sizes \(a.pixelSize) and \(b.pixelSize)" }
        var count = 0
        var first: (Int, Int)?
        for y in 0..<a.pixelSize.height {
            for x in 0..<a.pixelSize.width {
                let p = a.pixel(x: x, y: y)
                let q = b.pixel(x: x, y: y)
                if max(abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue))) > 2 {
                    count += 1
                    if first == nil { first = (x, y) }
                }
            }
        }
        guard let first else { return nil }
        return "\(count) pixels differ, first at \(first): window \(a.pixel(x: first.0, y: first.1)), headless \(b.pixel(x: first.0, y: first.1))"
    }

    /// Both ways of sending frames: X11 shared images off the main thread, and SDL's window surface.
    @Test(arguments: [true, false])
    func framesMatchTheHeadlessRenderThroughFlingsDragsInsertsAndPresses(asynchronous: Bool) throws {
        let display = try TestDisplay.acquire()
        defer { display.stop() }
        let run = try Run(overlays: [], asynchronous: asynchronous)
        defer { run.window.close() }
        let window = run.window
        #expect(window.display.presentPath == .software)
        #expect(window.display.outputSize == PixelSize(width: 400, height: 600))

        run.frames(5, "at rest")
        #expect(window.presentsAsynchronously == asynchronous, "Xvfb on this machine offers MIT-SHM")
        window.engine.fling(velocity: 2_500, time: run.time)
        run.frames(50, "fling down")
        for step in 1...12 {
            window.engine.setContentOffset(window.engine.contentOffset - Double(step) * 3.25, time: run.time)
            run.frames(1, "drag up by \(Double(step) * 3.25)")
        }
        // Rows inserted above and among the visible ones: those below move, the others stay.
        let top = window.engine.heights.row(atOffset: window.engine.contentOffset)
        var items = run.source.items
        items.insert(contentsOf: (0..<3).map { StripedRows.Item(id: 10_000 + $0, version: 0) }, at: top + 2)
        items.insert(StripedRows.Item(id: 20_000, version: 0), at: max(0, top - 1))
        items[top + 1] = StripedRows.Item(id: items[top + 1].id, version: 1)
        window.engine.apply(snapshot: items)
        run.frames(20, "after inserts")
        // A pressed row: its bitmap changes in place, while the list scrolls under it too.
        let pressedRow = window.engine.heights.row(atOffset: window.engine.contentOffset + 120)
        #expect(window.engine.press(row: pressedRow) { layout, _ in StripedTaps().pressedAppearance(of: layout.id, in: layout, context: ()) })
        run.frames(4, "pressed row \(pressedRow)")
        window.engine.setContentOffset(window.engine.contentOffset + 17.5, time: run.time)
        run.frames(2, "pressed row moved")
        window.engine.endPress()
        run.frames(3, "released")
        window.engine.fling(velocity: -4_000, time: run.time)
        run.frames(40, "fling up")

        #expect(run.failures.isEmpty, "\(run.failures.prefix(5))")
        #expect(run.framesChecked == 136)
        // The comparison covered the blit: most moving frames redrew only part of the window.
        #expect(run.partialFrames > 60, "only \(run.partialFrames) frames were partial redraws")
    }

    @Test func overlaysLeaveNoTraceOnceHidden() throws {
        let display = try TestDisplay.acquire()
        defer { display.stop() }
        let run = try Run(overlays: [.hud, .rowTint, .ranges])
        defer { run.window.close() }
        run.frames(3, "HUD at rest", overlaysShown: true)
        run.window.engine.fling(velocity: 1_500, time: run.time)
        run.frames(10, "HUD over a fling", overlaysShown: true)
        for command in [WindowCommand.toggleHUD, .toggleRowTint, .toggleRanges] { run.window.perform(command, time: run.time) }
        #expect(run.window.overlays.isEmpty)
        run.frames(1, "the frame after the overlays went (still moving)")
        run.frames(30, "without overlays")
        #expect(run.failures.isEmpty, "\(run.failures.prefix(5))")
    }
}
