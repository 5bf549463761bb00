import CPangoCairo
import FlickRaster

/// Shaped glyphs of one font and colour, positioned in layout points: what Pango produced,
/// kept so drawing never shapes or lays out again.
///
/// Holds a reference to a `cairo_scaled_font_t`. Cairo's scaled fonts are immutable,
/// reference-counted atomically and guard their glyph caches with their own mutex, so a run
/// may be drawn on any thread (unlike the Pango font map that produced it).
final class GlyphRun: @unchecked Sendable {
    let font: OpaquePointer
    let glyphs: [cairo_glyph_t]
    let color: Color

    init(font: OpaquePointer, glyphs: [cairo_glyph_t], color: Color) {
        self.font = cairo_scaled_font_reference(font)
        self.glyphs = glyphs
        self.color = color
    }

    deinit {
        cairo_scaled_font_destroy(font)
    }
}
