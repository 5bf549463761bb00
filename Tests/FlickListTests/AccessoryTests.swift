import FlickCore
import FlickList
import FlickRaster
import FlickTestSupport
import Testing

/// Header, footer and badge accessories: placed against the content's ends, counted in the
/// scroll range, tappable.
@Suite("List accessories")
@MainActor
struct AccessoryTests {
    typealias Engine = ListEngine<RecordingDataSource>

    static func accessory(height: Double, width: Double = 375, color: UInt32) -> ListAccessory {
        let canvas = Canvas(size: Size(width: width, height: height), scale: DisplayScale(1))
        canvas.fill(Rect(x: 0, y: 0, width: width, height: height), Color(hex: color))
        return ListAccessory(bitmap: canvas.snapshot(), isOpaque: true)
    }

    static func layer(_ engine: Engine, _ placement: ListAccessory.Placement) -> DisplayLayer? {
        engine.compositor.layers.first { $0.role == .accessory(placement) }
    }

    @Test("a footer sits under the last row and extends the scroll range by its height")
    func footerExtendsTheEnd() {
        let source = RecordingDataSource(rowCount: 30, estimate: 100) { _ in 100 }
        let engine = LivingListTests.engine(source)
        var time = 0.0
        engine.setAccessory(Self.accessory(height: 44, color: 0x3366FF), at: .footer)
        LivingListTests.step(engine, &time, frames: 2)
        #expect(Self.layer(engine, .footer) == nil, "the footer is 2,400 pt below the viewport")
        engine.fling(velocity: 20_000, time: time)
        LivingListTests.step(engine, &time, frames: 600)
        let end = engine.heights.totalHeight + 44 - engine.viewport.height
        #expect(abs(engine.contentOffset - end) < 0.01, "rests with the footer in view: \(engine.contentOffset) vs \(end)")
        let footer = Self.layer(engine, .footer)
        #expect(footer?.origin.y == engine.viewport.height - 44)
        #expect(engine.accessory(at: Point(x: 100, y: engine.viewport.height - 10)) == .footer)
        #expect(engine.accessory(at: Point(x: 100, y: engine.viewport.height - 60)) == nil)
        // Removed: the range shrinks back and the content springs onto the last row.
        engine.setAccessory(nil, at: .footer)
        LivingListTests.step(engine, &time, frames: 240)
        #expect(abs(engine.contentOffset - (end - 44)) < 0.01)
        #expect(Self.layer(engine, .footer) == nil)
    }

    @Test("a header shows in the space a pull opens and rests there while held open")
    func headerHeldOpen() {
        let source = RecordingDataSource(rowCount: 30, estimate: 100) { _ in 100 }
        let engine = LivingListTests.engine(source)
        var time = 0.0
        engine.setAccessory(Self.accessory(height: 60, color: 0x22AA22), at: .header)
        LivingListTests.step(engine, &time, frames: 2)
        #expect(Self.layer(engine, .header) == nil, "nothing pulled: no header")
        engine.beginDrag(at: 100, time: time)
        for step in 1...30 {
            time += LivingListTests.frameTime
            engine.drag(to: 100 + Double(step) * 15, time: time)
            engine.frame(at: time)
        }
        #expect(engine.pullDistance > 60)
        let pulled = Self.layer(engine, .header)
        #expect(pulled.map { abs($0.origin.y - (engine.pullDistance - 60)) <= 1 } == true, "bottom edge on the first row")
        engine.holdsHeaderOpen = true
        engine.endDrag(time: time)
        LivingListTests.step(engine, &time, frames: 240)
        #expect(abs(engine.contentOffset + 60) < 0.01, "rests with the header open: \(engine.contentOffset)")
        #expect(Self.layer(engine, .header)?.origin.y == 0)
        engine.holdsHeaderOpen = false
        LivingListTests.step(engine, &time, frames: 240)
        #expect(abs(engine.contentOffset) < 0.01)
        #expect(Self.layer(engine, .header) == nil)
    }

    @Test("a badge floats centred over the rows wherever the list is, and is hit first")
    func badgeFloats() {
        let source = RecordingDataSource(rowCount: 300, estimate: 100) { _ in 100 }
        let engine = LivingListTests.engine(source)
        var time = 0.0
        engine.setAccessory(Self.accessory(height: 32, width: 120, color: 0xFF6600), at: .badge)
        engine.jump(toRow: 150, time: time)
        LivingListTests.step(engine, &time, frames: 3)
        let badge = Self.layer(engine, .badge)
        #expect(badge?.origin == Point(x: (engine.viewport.width - 120) / 2, y: Engine.badgeTop))
        #expect(engine.compositor.layers.last?.role == .accessory(.badge), "drawn over the rows")
        #expect(engine.accessory(at: Point(x: engine.viewport.width / 2, y: Engine.badgeTop + 16)) == .badge)
        // The framebuffer shows it.
        let pixel = engine.compositor.snapshot().pixel(x: Int(engine.viewport.width / 2), y: Int(Engine.badgeTop) + 16)
        #expect(pixel == Pixel(alpha: 255, red: 0xFF, green: 0x66, blue: 0x00))
    }
}
