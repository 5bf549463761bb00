import CPangoCairo
import FlickCore

/// The same text work done with bare Pango/Cairo calls and nothing of Flick's: the floor
/// that Flick's overhead is measured against. One instance per thread.
final class RawPangoBaseline {
    private let fontMap = pango_cairo_font_map_new()!
    private let context: OpaquePointer

    init() {
        context = pango_font_map_create_context(fontMap)!
        pango_cairo_context_set_resolution(context, 72)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// Lays out `text` at `width` points and returns the height (forces the layout).
    func layoutHeight(_ text: String, width: Double, fontSize: Double) -> Double {
        let layout = makeLayout(text, width: width, fontSize: fontSize)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.height) / Double(PANGO_SCALE)
    }

    /// Lays out and draws `text` into a fresh ARGB surface at `scale`.
    func layoutAndRaster(_ text: String, width: Double, fontSize: Double, scale: Double) {
        let layout = makeLayout(text, width: width, fontSize: fontSize)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let height = Double(logical.height) / Double(PANGO_SCALE)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((width * scale).rounded(.up)), Int32((height * scale).rounded(.up)))
        let cairo = cairo_create(surface)
        cairo_scale(cairo, scale, scale)
        pango_cairo_show_layout(cairo, layout)
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    private func makeLayout(_ text: String, width: Double, fontSize: Double) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        let description = pango_font_description_new()
        pango_font_description_set_family(description, "Flick Sans")
        pango_font_description_set_absolute_size(description, fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_text(layout, text, -1)
        return layout
    }
}
