import CFlickGTK
import CGtk4

/// Where GTK 4.8's `GtkScrollbar` draws its thumb for an adjustment, in whole logical pixels
/// along the trough: `GtkRange`'s own arithmetic (`gtk_range_compute_slider_position`: the
/// length is the trough's share `page / upper`, at least the slider's minimum; the offset is
/// the rest of the trough times `value / (upper − page)`, both truncated to integers).
///
/// Moving the adjustment makes GTK re-allocate the scrollbar, and under X11 any allocation in
/// a window makes GDK recompute the toplevel's size, five synchronous round trips to the X
/// server (monitor geometry and work area) that leave the main thread waiting on the server
/// every frame. The list's thumb moves a logical pixel every tens of points of scrolling, so
/// the list sends the adjustment only when the thumb would move (and when it comes to rest):
/// the scrollbar shows exactly what it showed, without a relayout per frame. Plain value.
struct ScrollbarThumb: Equatable {
    let offset: Int
    let length: Int

    /// The thumb for `value` in `0 … upper − page` on a trough `trough` pixels long whose
    /// slider is at least `minimum` pixels.
    init(trough: Int, minimum: Int, value: Double, upper: Double, page: Double) {
        var length = upper != 0 ? Int(Double(trough) * (page / upper)) : minimum
        length = min(max(length, minimum), trough)
        var offset = 0
        if upper - page != 0 { offset = Int(Double(trough - length) * (value / (upper - page))) }
        self.offset = min(max(offset, 0), trough)
        self.length = length
    }

    /// The trough and the slider's minimum length of a vertical `GtkScrollbar` (its range's
    /// first child is the trough, whose first child is the slider), nil before it is laid out
    /// or when GTK's widget tree is not that one. Main thread.
    @MainActor
    static func metrics(of scrollbar: UnsafeMutablePointer<GtkWidget>) -> (trough: Int, minimum: Int)? {
        guard let range = gtk_widget_get_first_child(scrollbar), let trough = gtk_widget_get_first_child(range),
            let slider = gtk_widget_get_first_child(trough)
        else { return nil }
        let length = Int(gtk_widget_get_height(trough))
        guard length > 0 else { return nil }
        var minimum: Int32 = 0
        gtk_widget_measure(slider, GTK_ORIENTATION_VERTICAL, -1, &minimum, nil, nil, nil)
        return (length, Int(minimum))
    }
}
