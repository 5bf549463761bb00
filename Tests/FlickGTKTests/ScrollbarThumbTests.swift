import CGtk4
@testable import FlickGTK
import Testing

/// While the list moves, the adjustment is sent only when the scrollbar's thumb would move
/// (each change re-lays out the window, with synchronous X round trips), and the thumb stands
/// where GTK puts it for the list's exact offset every frame.
extension FlickListViewTests {
    @Test func aMovingListMovesTheThumbExactlyWithoutSendingEveryFrame() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        let view = bed.view
        let scrollbar = try #require(view.scrollbar)
        bed.frames(2)
        view.engine.fling(velocity: 1500, time: view.now)
        var placements: Set<Int> = []
        var margins: (top: Int, extra: Int)?  // the slider's CSS box around its allocation
        for _ in 0..<20 {
            bed.frames(1)
            GtkHost.iterate(until: { gtk_widget_get_height(scrollbar) > 0 })
            let metrics = try #require(ScrollbarThumb.metrics(of: scrollbar), "GtkScrollbar's tree: range, trough, slider")
            let page = view.engine.viewport.height
            let upper = max(view.engine.physics.contentHeight, page)
            let exact = ScrollbarThumb(
                trough: metrics.trough, minimum: metrics.minimum, value: min(max(0, view.engine.contentOffset), upper - page), upper: upper, page: page)
            let sent = ScrollbarThumb(
                trough: metrics.trough, minimum: metrics.minimum, value: gtk_adjustment_get_value(view.adjustment),
                upper: gtk_adjustment_get_upper(view.adjustment), page: gtk_adjustment_get_page_size(view.adjustment))
            #expect(sent == exact, "the thumb GTK draws is the one for the list's exact offset")
            let trough = try #require(gtk_widget_get_first_child(gtk_widget_get_first_child(scrollbar)))
            let slider = try #require(gtk_widget_get_first_child(trough))
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(slider, trough, &bounds) != 0, gtk_widget_get_height(slider) > 0 else { continue }
            let drawn = (top: Int(bounds.origin.y) - exact.offset, extra: Int(bounds.size.height) - exact.length)
            if margins == nil { margins = drawn }
            #expect(drawn == margins!, "GTK's slider at \(bounds.origin.y) + \(bounds.size.height), computed \(exact)")
            placements.insert(exact.offset)
        }
        #expect(placements.count > 3, "the thumb moved: \(placements.sorted())")
        #expect(view.adjustmentUpdatesSkipped > 10, "frames that left the thumb in place sent nothing: \(view.adjustmentUpdatesSkipped)")
    }
}
