import FlickCore
import FlickList
import FlickRaster
@testable import FlickWindow
import Testing

/// A press a script holds in a real window belongs to the script: another window opening on
/// the display (focus lost) or stray pointer moves and lifts do not end it; a real click takes
/// the pointer back. (Under `make test` the window tests share one X display, and a window
/// opened by another suite used to cancel `flick demo`'s scripted press.)
@Suite("A script's press in a window", .serialized)
@MainActor
struct ScriptPressTests {
    /// A 200×300 pt lockstep window at 60 Hz over 100 striped rows, no overlays.
    static func stripedWindow() throws -> ListWindow<StripedTaps> {
        var configuration = WindowConfiguration()
        configuration.viewport = Size(width: 200, height: 300)
        configuration.hz = 60
        configuration.lockstep = true
        configuration.overlays = []
        let source = StripedRows(count: 100)
        let pool = QueuePool<Void>(queuesPerLane: 1, workerNice: 0) { _ in () }
        return try ListWindow(configuration: configuration, interaction: StripedTaps()) { viewport, _ in
            ListEngine(source: source, viewport: viewport, scale: .two, placeholder: nil, pool: pool)
        }
    }

    @Test func focusLossAndStrayPointerEventsLeaveAScriptsPressAlone() throws {
        let display = try TestDisplay.acquire()
        defer { display.stop() }
        let window = try Self.stripedWindow()
        defer { window.close() }
        #expect(window.play(try WindowScript(parsing: "wait 0.2\npress 100 40\nwait 0.2")))
        try #require(window.currentPress != nil, "the script's press is held")

        for event: WindowEvent in [.focusLost, .pointerMoved(x: 20, y: 500), .pointerUp] { window.handle(event, time: window.now) }
        window.step()
        #expect(window.currentPress != nil, "focus loss and stray pointer events left the script's press alone")

        window.handle(.pointerDown(x: 60, y: 60), time: window.now)  // the user takes the pointer
        window.handle(.focusLost, time: window.now)
        window.step()
        #expect(window.currentPress == nil, "a press of the real pointer ends when focus is lost")
    }

    /// A tap reaches the client through the window's one callback, as the GTK widget's does:
    /// the item's identity and the interaction's typed target, not a row and a string.
    @Test func aTapReachesTheClientWithTheItemAndItsTypedTarget() throws {
        let display = try TestDisplay.acquire()
        defer { display.stop() }
        let window = try Self.stripedWindow()
        defer { window.close() }
        var delivered: [ListWindow<StripedTaps>.Tap] = []
        window.onTap = { delivered.append($0) }
        #expect(window.play(try WindowScript(parsing: "wait 0.2\npress 100 40\nwait 0.1\nrelease\nwait 0.1")))
        let tap = try #require(delivered.first, "the release delivered a tap")
        #expect(delivered.count == 1)
        #expect(window.taps.last == tap, "the window's record and the client's callback see the same tap")
        let item = try #require(tap.item)
        #expect(item == window.engine.itemID(atRow: tap.row), "the tapped row's identity")
        #expect(tap.target == item, "the interaction's own target type (StripedTaps: the row's id)")
        #expect(tap.description == "row \(item)")
        #expect(tap.byKeyboard == false)
    }
}
