import CFlickGTK
import CGtk4
import Flick
@testable import FlickGTK
import FlickHost
import Foundation
import Testing

/// The GTK widget under Xvfb (`make test` runs the suite in `xvfb-run` with GLib warnings
/// fatal). GTK lives on one thread, so the suite is main-actor and serialized; GTK is
/// initialised once. Input arrives as GTK signals emitted on the widget's own controllers.
@Suite("FlickListView in a GTK window", .serialized)
@MainActor
struct FlickListViewTests {
    @Test func drawsTheSameFrameAsTheHeadlessRender() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        let shot = try #require(GtkCapture.capture(bed.view.canvas, scale: bed.view.scale), "GTK's renderer gave no frame")

        var configuration = CellList<Int>.Configuration.timeline
        configuration.viewport = GtkTestbed.viewport
        configuration.scale = bed.view.scale
        let reference = CellList<Int>(configuration: configuration)
        reference.apply(snapshot: GtkTestbed.notes(300))
        let display = HeadlessDisplay(engine: reference.engine, hz: 60, pacing: .lockstep)
        display.play(ScrollScript(steps: [.wait(seconds: 0.05), .settle]))
        let expected = reference.engine.compositor.snapshot()

        #expect(bed.view.engine.visibleRowsFullyDrawn)
        try #require(shot.pixelSize == expected.pixelSize, "GTK drew \(shot.pixelSize), headless \(expected.pixelSize)")
        var differing = 0
        for y in 0..<shot.pixelSize.height {
            for x in 0..<shot.pixelSize.width where shot.pixel(x: x, y: y).maxChannelDifference(to: expected.pixel(x: x, y: y)) > 24 {
                differing += 1
            }
        }
        let fraction = Double(differing) / Double(shot.pixelSize.area)
        #expect(fraction < 0.005, "\(String(format: "%.2f", fraction * 100))% of pixels differ from the headless frame")
        #expect(bed.view.texturesMade > 0)
    }

    @Test func aDragMovesTheListAndAReleaseFlings() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        let click = try #require(bed.view.controllers.click), drag = try #require(bed.view.controllers.drag)
        let start = bed.view.engine.contentOffset
        flick_gtk_emit_idd(gpointer(click), "pressed", 1, 180, 500)
        flick_gtk_emit_dd(gpointer(drag), "drag-begin", 180, 500)
        for step in 1...10 {
            bed.frames(1)
            flick_gtk_emit_dd(gpointer(drag), "drag-update", 0, -30 * Double(step))
        }
        bed.frames(1)
        // The drag starts where the finger left the tap slop (30 pt in), then follows it 1:1.
        #expect(abs(bed.view.engine.contentOffset - start - 270) < 1, "the content follows the finger: \(bed.view.engine.contentOffset)")
        flick_gtk_emit_dd(gpointer(drag), "drag-end", 0, -300)
        bed.frames(2)
        #expect(bed.view.engine.physics.phase == .decelerating, "a moving release flings")
        bed.settle()
        #expect(bed.view.engine.contentOffset > start + 400, "the fling carried on past the finger")
        #expect(bed.view.taps.isEmpty, "a drag is not a tap")
    }

    @Test func kineticTouchpadScrollFlingsAndAWheelNotchGlides() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        let scroll = try #require(bed.view.controllers.scroll)
        let start = bed.view.engine.contentOffset
        // A touchpad: the content follows the fingers, then GTK's kinetic velocity flings.
        flick_gtk_emit_void(gpointer(scroll), "scroll-begin")
        for _ in 0..<5 {
            bed.view.scrolled(dx: 0, dy: 40, discrete: false)
            bed.frames(1)
        }
        #expect(abs(bed.view.engine.contentOffset - start - 200) < 1, "touchpad deltas move the content 1:1")
        bed.frames(6)  // the fingers rest: the drag alone would end without a fling
        flick_gtk_emit_void(gpointer(scroll), "scroll-end")
        flick_gtk_emit_dd(gpointer(scroll), "decelerate", 0, 3_000)
        bed.frames(1)
        #expect(bed.view.engine.physics.phase == .decelerating)
        #expect((2_500...3_000).contains(bed.view.engine.physics.velocity), "the fling has GTK's velocity: \(bed.view.engine.physics.velocity)")
        bed.settle()
        let afterFling = bed.view.engine.contentOffset
        #expect(afterFling > start + 500)

        // A wheel notch (no smooth-scroll event: GTK reports wheel units) glides 60 points.
        #expect(flick_gtk_emit_scroll(gpointer(scroll), 0, 1) != 0, "the list takes the wheel")
        bed.settle()
        #expect(abs(bed.view.engine.contentOffset - afterFling - 60) < 2, "moved \(bed.view.engine.contentOffset - afterFling)")
    }

    @Test func aClickOnAMentionIsPressedThenReported() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        let click = try #require(bed.view.controllers.click)
        let link = try #require(bed.firstLink(), "a link on the first screen")
        flick_gtk_emit_idd(gpointer(click), "pressed", 1, link.frame.midX, link.frame.midY)
        bed.frames(3)
        #expect(bed.view.currentPress != nil, "the press hit the link")
        #expect(bed.view.engine.showsPressedAppearance, "the pressed look, drawn on a worker, is on screen")
        flick_gtk_emit_idd(gpointer(click), "released", 1, link.frame.midX, link.frame.midY)
        bed.frames(1)
        let tap = try #require(bed.view.taps.last)
        #expect(tap.description == link.label)
        #expect(tap.byKeyboard == false)
        // Typed: the item's identity and the link with its kind and value (the first link on
        // screen is note 0's "@alice0").
        #expect(tap.item == 0 && tap.row == 0)
        #expect(tap.target?.target == .link(kind: .mention, value: "alice0"))
        #expect(bed.view.currentPress == nil)
    }

    @Test func resizeKeepsTheAnchorRow() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        bed.view.engine.jump(toRow: 40, time: bed.view.now)
        bed.settle()
        bed.view.engine.setContentOffset(bed.view.engine.contentOffset + 10, time: bed.view.now)
        bed.settle()
        let before = bed.view.anchor
        #expect(before.row == 40)
        bed.view.resizeWindow(to: Size(width: 375, height: 480))
        bed.view.play(WindowScript(steps: [.list(.wait(seconds: 0.5)), .list(.settle)]))
        #expect(bed.view.engine.viewport.height == 480, "the engine was rebuilt for the new height")
        #expect(bed.view.anchor.row == before.row)
        #expect(abs(bed.view.anchor.offsetInRow - before.offsetInRow) < 1)

        bed.view.resizeWindow(to: Size(width: 300, height: 480))
        bed.view.play(WindowScript(steps: [.list(.wait(seconds: 0.5)), .list(.settle)]))
        #expect(bed.view.engine.width == 300, "a new width relayouts")
        #expect(bed.view.anchor.row == before.row)
    }

    @Test func aScaleChangeKeepsTheAnchorRowAndDrawsSharper() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        bed.view.engine.jump(toRow: 25, time: bed.view.now)
        bed.settle()
        let before = bed.view.anchor
        let other = bed.view.scale.value == 1 ? DisplayScale.two : DisplayScale.one
        bed.view.displayScaleChanged(to: other)
        bed.settle()
        #expect(bed.view.engine.scale == other)
        #expect(bed.view.anchor.row == before.row)
        #expect(abs(bed.view.anchor.offsetInRow - before.offsetInRow) < 1)
        let cell = try #require(bed.view.engine.compositor.layers.first { $0.role == .cell })
        #expect(cell.bitmap.scale == other, "rows are drawn at the new scale")
    }

    @Test func tabFocusesTheRowThenWalksItsLinksAndEnterActivates() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        let keys = try #require(bed.view.controllers.keys)
        func press(_ keyval: Int32, _ state: UInt32 = 0) -> Bool {
            flick_gtk_emit_key(gpointer(keys), guint(keyval), GdkModifierType(rawValue: state)) != 0
        }
        gtk_widget_grab_focus(bed.view.canvas)
        #expect(press(GDK_KEY_Tab))
        let row = try #require(bed.view.engine.selection.focus, "the first Tab focused a row")
        #expect(bed.view.engine.selection.focusVisible)
        #expect(bed.view.focusedLink == nil, "the row itself, not a link yet")
        #expect(press(GDK_KEY_Tab))
        let first = try #require(bed.view.focusedLink, "the second Tab focused the row's first link")
        #expect(first.row == row)
        // The top note (note 0) has four links: @alice0, @bob, #topic0#, its URL.
        #expect(press(GDK_KEY_Tab))
        let second = try #require(bed.view.focusedLink, "the third Tab focused the row's second link")
        #expect(second.frame != first.frame, "the third Tab moved on")
        #expect(press(GDK_KEY_ISO_Left_Tab, 1))
        #expect(bed.view.focusedLink?.frame == first.frame, "Shift+Tab went back")
        #expect(press(GDK_KEY_Return))
        let tap = try #require(bed.view.taps.last)
        #expect(tap.byKeyboard)
        #expect(tap.row == row)
        #expect(tap.target != nil, "Enter on a focused link taps the link")
        // Past the row's last link, Tab leaves the list (GTK moves the focus on).
        var presses = 0
        while press(GDK_KEY_Tab), presses < 100 { presses += 1 }
        #expect(presses < 100)
        #expect(bed.view.focusedLink == nil)
    }

    @Test func pageDownMovesTheFocusAViewportAndTheListFollows() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        let keys = try #require(bed.view.controllers.keys)
        bed.view.engine.navigation = .list  // the testbed is a timeline (feed): Page Down by a viewport here
        gtk_widget_grab_focus(bed.view.canvas)
        #expect(flick_gtk_emit_key(gpointer(keys), guint(GDK_KEY_Down), GdkModifierType(rawValue: 0)) != 0)
        let start = try #require(bed.view.engine.selection.focus)
        let top = bed.view.engine.contentOffset
        #expect(flick_gtk_emit_key(gpointer(keys), guint(GDK_KEY_Page_Down), GdkModifierType(rawValue: 0)) != 0)
        bed.settle()
        let focus = try #require(bed.view.engine.selection.focus)
        #expect(focus > start)
        let engine = bed.view.engine
        #expect(engine.heights.offset(ofRow: focus) - engine.heights.offset(ofRow: start) <= GtkTestbed.viewport.height)
        #expect(engine.contentOffset > top, "the list scrolled after the focus")
        let rowTop = engine.heights.offset(ofRow: focus) - engine.contentOffset
        #expect(rowTop >= -0.5 && rowTop + engine.heights.height(ofRow: focus) <= GtkTestbed.viewport.height + 0.5, "the focused row is on screen")
    }
}

/// Painting: an idle list asks GTK for no redraw; a moving or pressed one is repainted.
extension FlickListViewTests {
    @Test func anIdleListIsNotRepainted() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        bed.frames(5)  // anything the settle left (the scrollbar's last move) is painted
        let before = bed.view.paintStatistics
        bed.frames(30)
        let after = bed.view.paintStatistics
        #expect(after.snapshots == before.snapshots, "\(after.snapshots - before.snapshots) snapshots while nothing moved")
        #expect(after.unchangedFrames - before.unchangedFrames == 30, "every idle frame was seen unchanged")
        #expect(after.nodesMade == before.nodesMade)
    }

    @Test func aMovingListIsRepaintedEveryFrameWithoutNewNodesForRowsShown() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        bed.frames(5)
        let before = bed.view.paintStatistics
        // 2 pt per frame: rows already on screen move; one or two rows come in at the bottom.
        bed.view.engine.setContentOffset(bed.view.engine.contentOffset, time: bed.view.now)
        for step in 1...20 {
            bed.view.engine.setContentOffset(bed.view.engine.contentOffset + 2, time: bed.view.now)
            bed.frames(1)
            #expect(bed.view.paintStatistics.snapshots == before.snapshots + step, "frame \(step) was painted")
        }
        let made = bed.view.paintStatistics.nodesMade - before.nodesMade
        #expect(made <= 4, "\(made) nodes made for 40 pt of scrolling: rows already shown reuse theirs")
    }

    @Test func aPressOnAnIdleListIsRepainted() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        let click = try #require(bed.view.controllers.click)
        let link = try #require(bed.firstLink(), "a link on the first screen")
        bed.frames(5)
        let before = bed.view.paintStatistics.snapshots
        flick_gtk_emit_idd(gpointer(click), "pressed", 1, link.frame.midX, link.frame.midY)
        bed.frames(3)
        #expect(bed.view.engine.showsPressedAppearance)
        #expect(bed.view.paintStatistics.snapshots > before, "the pressed look was painted")
        flick_gtk_emit_idd(gpointer(click), "released", 1, link.frame.midX, link.frame.midY)
        bed.frames(3)
    }
}

@Suite("The painted picture")
struct PaintedFrameTests {
    @Test func backgroundOnlyWhereNoOpaqueRowCovers() {
        func blank(_ width: Int, _ height: Int) -> Bitmap {
            [UInt8](repeating: 0, count: width * height * 4).withUnsafeBytes {
                Bitmap(copying: $0, pixelSize: PixelSize(width: width, height: height), bytesPerRow: width * 4, scale: .one)!
            }
        }
        let row = blank(375, 100), narrow = blank(40, 40)
        let layers = [
            DisplayLayer(bitmap: row, origin: Point(x: 0, y: -20), role: .cell, row: 0, isOpaque: true),
            DisplayLayer(bitmap: narrow, origin: Point(x: 10, y: 100), role: .image, row: 1, isOpaque: true),  // not full width
            DisplayLayer(bitmap: row, origin: Point(x: 0, y: 150), clip: Rect(x: 0, y: 150, width: 375, height: 50), role: .placeholder, row: 2, isOpaque: true),
            DisplayLayer(bitmap: row, origin: Point(x: 0, y: 200), role: .accessory(.footer), row: -1, isOpaque: false),  // translucent
        ]
        let gaps = PaintedFrame.backgroundGaps(layers, width: 375, height: 400)
        #expect(gaps == [80...150, 200...400])
        #expect(PaintedFrame.backgroundGaps([], width: 375, height: 400) == [0...400])
    }
}

/// Row nodes for GSK's Cairo renderer: a Cairo node replaying the bitmap draws the same pixels
/// as the texture node the GL renderer gets.
extension FlickListViewTests {
    @Test func aCairoRowNodeDrawsTheBitmapsPixels() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        let width = 120, height = 90
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                bytes[index] = UInt8(x * 2)  // blue
                bytes[index + 1] = UInt8(y * 2)  // green
                bytes[index + 2] = UInt8((x + y) % 256)  // red
            }
        }
        let bitmap = try #require(bytes.withUnsafeBytes {
            Bitmap(copying: $0, pixelSize: PixelSize(width: width, height: height), bytesPerRow: width * 4, scale: .one, opaque: true)
        })
        let surface = try #require(gtk_native_get_surface(gtk_widget_get_native(bed.view.canvas)))
        let renderer = try #require(gsk_cairo_renderer_new())
        defer { g_object_unref(gpointer(renderer)) }
        try #require(gsk_renderer_realize(renderer, surface, nil) != 0, "the Cairo renderer started")
        defer { gsk_renderer_unrealize(renderer) }
        let cairoRow = try #require(GtkTextures.makeCairoNode(bitmap)), textureNode = try #require(GtkTextures.makeNode(bitmap))
        let cairoNode = cairoRow.node
        defer {
            cairoRow.release()
            gsk_render_node_unref(textureNode)
        }
        let drawn = try GtkTestbed.renderedPixels(renderer, cairoNode, width: width, height: height)
        let textured = try GtkTestbed.renderedPixels(renderer, textureNode, width: width, height: height)
        #expect(zip(drawn, bytes).count { $0 != $1 } == 0, "bytes the Cairo node drew differently from the bitmap")
        #expect(zip(textured, drawn).count { $0 != $1 } == 0, "bytes the texture node drew differently from the Cairo node")
    }
}
