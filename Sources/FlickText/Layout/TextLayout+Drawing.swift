import CPangoCairo
import FlickCore
import FlickRaster

extension TextLayout {
    /// Draws the text with its top-left corner at `origin` (points). With `highlightedLink`,
    /// first fills the link's boxes with the style's highlight colour (the pressed state of
    /// seed 001). Any thread that owns `canvas`; no layout work happens here.
    public func draw(in canvas: Canvas, at origin: Point, highlightedLink: RichTextRun? = nil) {
        if let link = highlightedLink {
            drawHighlight(for: link.displayRange, in: canvas, at: origin)
        }
        let cairo = canvas.cairo
        cairo_save(cairo)
        cairo_translate(cairo, origin.x, origin.y)
        for run in glyphRuns {
            cairo_set_scaled_font(cairo, run.font)
            cairo_set_source_rgba(cairo, run.color.red, run.color.green, run.color.blue, run.color.alpha)
            run.glyphs.withUnsafeBufferPointer { cairo_show_glyphs(cairo, $0.baseAddress, Int32($0.count)) }
        }
        cairo_restore(cairo)
    }

    /// Fills rounded boxes behind `byteRange` with the highlight colour.
    public func drawHighlight(for byteRange: Range<Int>, in canvas: Canvas, at origin: Point) {
        for box in rects(for: byteRange) {
            canvas.fillRoundedRect(
                box.offsetBy(dx: origin.x, dy: origin.y), radius: style.highlightCornerRadius, style.highlightColor)
        }
    }
}
