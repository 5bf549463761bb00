import CPangoCairo
import FlickCore
import FlickRaster

/// One worker's text machinery: its own Pango font map and context.
///
/// Pango font maps are not thread-safe: two threads sharing one corrupted memory in every
/// measured run (docs/PLATFORM-NOTES.md). So each `QueuePool` worker creates one `TextContext` on its
/// own queue and never lets it leave; it is deliberately not `Sendable`. The `TextLayout`s it
/// makes are immutable values that any thread may read, hit-test and draw.
public final class TextContext {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let pango: OpaquePointer
    private let parser = RichTextParser()
    /// Pango layouts made by this context (truncation search included): lets tests and the
    /// benchmark see that drawing never lays out again.
    public private(set) var pangoLayoutCount = 0
    /// UTF-8 bytes handed to Pango by this context, over all its layouts: the work a text
    /// costs, which `limits` bound per layout whatever the text holds.
    public private(set) var pangoInputBytes = 0
    /// How much of a text with a line limit is parsed and laid out. Default `.standard`.
    public var limits = TextLimits.standard
    /// Whether truncation probes the last line alone before searching with full layouts
    /// (tests turn it off to compare the two).
    var probesLastLineFirst = true

    /// Creates a font map and context with Flick's pinned fonts and rendering options.
    /// - Throws: `FontSetupError` when the pinned fonts are not installed.
    public init() throws(FontSetupError) {
        try FontSetup.ensure()
        fontMap = pango_cairo_font_map_new()!
        pango = pango_font_map_create_context(fontMap)!
        // Points are layout units: 72 dpi makes 1 pt = 1 unit at scale 1; scale is applied
        // when drawing, so one layout serves every display scale.
        pango_cairo_context_set_resolution(pango, 72)
        // Unhinted, unrounded metrics: positions do not depend on scale or machine.
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(pango, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(pango, 0)
        pango_context_set_language(pango, pango_language_from_string("zh-cn"))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pango))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// Parses `source` with `parser` (default: the context's own) and lays it out; see
    /// `layout(_:style:width:)`. Only what `style` can show in `width` is parsed (`limits`).
    public func layout(parsing source: String, parser: RichTextParser? = nil, style: TextStyle, width: Double) -> TextLayout {
        let capacity = limits.capacity(for: style, width: max(1, width))
        return layout((parser ?? self.parser).parse(source, fitting: capacity), style: style, width: width)
    }

    /// What `style` can show in `width` points under this context's `limits` (nil: no line
    /// limit, no cap). Cut a field to it before building a `RichText`, so even that is bounded.
    public func capacity(for style: TextStyle, width: Double) -> TextCapacity? {
        limits.capacity(for: style, width: max(1, width))
    }

    /// Lays out `text` to wrap within `width` points, truncating past `style.maxLines` with
    /// `style.truncationToken`. Text beyond what the lines can show (`limits`) is cut first and
    /// never reaches Pango; a cut text ends with the token too. Runs on this context's worker;
    /// costs ~435 µs for a 140-char paragraph (measured by `flick bench`), and a bounded amount
    /// whatever the text's length. The result never needs Pango again.
    public func layout(_ text: RichText, style: TextStyle, width: Double) -> TextLayout {
        let width = max(1, width)
        let text = limits.capacity(for: style, width: width).map { text.cut(to: $0) } ?? text
        let layout = makePangoLayout(text, style: style, width: width)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let lineCount = Int(pango_layout_get_line_count(layout))
        if let maxLines = style.maxLines, maxLines > 0, lineCount > maxLines || text.isCut {
            return truncatedLayout(
                text, style: style, width: width, full: layout, searchLine: min(maxLines, lineCount) - 1, maxLines: maxLines)
        }
        if text.isCut {
            // No line limit: the text was cut by its producer; say so with the token.
            let ended = text.prefix(bytes: text.displayText.utf8.count, appending: style.truncationToken)
            let layout = makePangoLayout(ended, style: style, width: width)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            return TextLayout(snapshotOf: layout, text: ended, style: style, width: width, isTruncated: true)
        }
        return TextLayout(snapshotOf: layout, text: text, style: style, width: width)
    }

    /// A configured PangoLayout for `text` (caller unrefs). Internal so tests can compare
    /// Flick's hit-testing with Pango's own.
    func makePangoLayout(_ text: RichText, style: TextStyle, width: Double) -> OpaquePointer {
        pangoLayoutCount += 1
        pangoInputBytes += text.displayText.utf8.count
        let layout = pango_layout_new(pango)!
        let description = pango_font_description_new()
        pango_font_description_set_family(description, style.fontFamily)
        pango_font_description_set_absolute_size(description, style.fontSize * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, style.weight.pango)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_width(layout, Int32((width * Double(PANGO_SCALE)).rounded(.down)))
        // WORD_CHAR: break between words, and inside a word only when it alone is wider than
        // the line, so a 5,000-character URL or 3,000 CJK characters still wrap. Narrower than
        // one em no word fits anyway: wrap by character, because Pango 1.50's WORD_CHAR aborts
        // the process on some texts at such widths (found by `make fuzz`: " \u{0599}\u{FFFD}"
        // under 1.9 pt), where CHAR does not.
        pango_layout_set_wrap(layout, width < style.fontSize ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        pango_layout_set_spacing(layout, Int32((style.lineSpacing * Double(PANGO_SCALE)).rounded()))
        text.displayText.withCString { pango_layout_set_text(layout, $0, Int32(text.displayText.utf8.count)) }
        let attributes = pango_attr_list_new()
        for run in text.runs where style.color(for: run.kind) != style.color {
            let color = style.color(for: run.kind)
            insert(pango_attr_foreground_new(color.pango16(\.red), color.pango16(\.green), color.pango16(\.blue)), run, attributes)
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        return layout
    }

    private func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ run: RichTextRun, _ list: OpaquePointer?) {
        guard let attribute else { return }
        attribute.pointee.start_index = UInt32(run.displayRange.lowerBound)
        attribute.pointee.end_index = UInt32(run.displayRange.upperBound)
        pango_attr_list_insert(list, attribute)  // takes ownership
    }

    /// Cuts `text` so that it plus the truncation token fits in `maxLines`: the longest prefix
    /// (on character boundaries) found by binary search within line `searchLine` of `full` (the
    /// last allowed line, or the text's last line when it was cut shorter than that).
    private func truncatedLayout(
        _ text: RichText, style: TextStyle, width: Double, full: OpaquePointer, searchLine: Int, maxLines: Int
    ) -> TextLayout {
        let lastLine = pango_layout_get_line_readonly(full, Int32(searchLine))!.pointee
        let lineStart = Int(lastLine.start_index)
        let lineEnd = lineStart + Int(lastLine.length)
        var boundaries: [Int] = []
        var offset = 0
        for character in text.displayText {
            offset += character.utf8.count
            if offset > lineEnd { break }
            if offset >= lineStart, !character.isNewline { boundaries.append(offset) }
        }
        boundaries.insert(lineStart, at: 0)
        // Fast path: lines before `searchLine` do not change when the text is cut after their
        // end, so a cut fits when the last line's part of it plus the token fits in the lines
        // left. Each probe lays out that one line, not all of them (a 12-line body: ~6 probes
        // of one line instead of ~6 layouts of twelve); the result is checked with one full
        // layout, and the full search below runs if the check fails.
        if probesLastLineFirst, let cut = lastLineSearch(
            text, from: lineStart, boundaries: boundaries, style: style, width: width, lines: maxLines - searchLine)
        {
            let candidate = text.prefix(bytes: cut, appending: style.truncationToken)
            let layout = makePangoLayout(candidate, style: style, width: width)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            if pango_layout_get_line_count(layout) <= maxLines {
                return TextLayout(snapshotOf: layout, text: candidate, style: style, width: width, isTruncated: true)
            }
        }
        var low = 0
        var high = boundaries.count - 1
        var best: (layout: OpaquePointer, text: RichText)? = nil
        while low <= high {
            let mid = (low + high) / 2
            let candidate = text.prefix(bytes: boundaries[mid], appending: style.truncationToken)
            let layout = makePangoLayout(candidate, style: style, width: width)
            if pango_layout_get_line_count(layout) <= maxLines {
                if let previous = best { g_object_unref(UnsafeMutableRawPointer(previous.layout)) }
                best = (layout, candidate)
                low = mid + 1
            } else {
                g_object_unref(UnsafeMutableRawPointer(layout))
                high = mid - 1
            }
        }
        guard let best else {
            // Not even the token fits after the last line's start: show the lines that fit, untruncated.
            let candidate = text.prefix(bytes: lineStart, appending: .empty)
            let layout = makePangoLayout(candidate, style: style, width: width)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            return TextLayout(snapshotOf: layout, text: candidate, style: style, width: width, isTruncated: true)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(best.layout)) }
        return TextLayout(snapshotOf: best.layout, text: best.text, style: style, width: width, isTruncated: true)
    }
}

extension TextContext {
    /// The longest of `boundaries` whose text from `lineStart` plus the truncation token lays
    /// out in at most `lines` lines of `width`, or nil when not even the token fits.
    fileprivate func lastLineSearch(
        _ text: RichText, from lineStart: Int, boundaries: [Int], style: TextStyle, width: Double, lines: Int
    ) -> Int? {
        let tail = text.suffix(fromByte: lineStart)
        var low = 0
        var high = boundaries.count - 1
        var best: Int?
        while low <= high {
            let mid = (low + high) / 2
            let probe = tail.prefix(bytes: boundaries[mid] - lineStart, appending: style.truncationToken)
            let layout = makePangoLayout(probe, style: style, width: width)
            let fits = pango_layout_get_line_count(layout) <= lines
            g_object_unref(UnsafeMutableRawPointer(layout))
            if fits {
                best = boundaries[mid]
                low = mid + 1
            } else {
                high = mid - 1
            }
        }
        return best
    }
}

extension FontWeight {
    var pango: PangoWeight {
        switch self {
        case .regular: PANGO_WEIGHT_NORMAL
        case .medium: PANGO_WEIGHT_MEDIUM
        case .bold: PANGO_WEIGHT_BOLD
        }
    }
}

extension Color {
    func pango16(_ channel: KeyPath<Color, Double>) -> UInt16 {
        UInt16((min(max(self[keyPath: channel], 0), 1) * 65535).rounded())
    }
}
