import CPangoCairo
import FlickCore
import FlickRaster

/// Glyph ids with these bits set are Pango's empty or unknown-character placeholders.
private let pangoGlyphEmpty: UInt32 = 0x0FFF_FFFF
private let pangoGlyphUnknownFlag: UInt32 = 0x1000_0000

extension TextLayout {
    /// Copies everything drawing and hit-testing need out of a Pango layout, so the layout
    /// (and the font map behind it) can stay on its worker.
    convenience init(snapshotOf layout: OpaquePointer, text: RichText, style: TextStyle, width: Double, isTruncated: Bool = false) {
        let lines = Self.readLines(layout)
        let clusters = Self.readClusters(layout, lines: lines)
        let runs = Self.readGlyphRuns(layout, text: text, style: style)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let usedWidth = lines.map(\.rect.maxX).max() ?? 0
        let size = Size(width: usedWidth, height: points(logical.height))
        self.init(
            text: text, style: style, width: width, size: size, lines: lines, clusters: clusters, glyphRuns: runs,
            isTruncated: isTruncated)
    }

    private static func readLines(_ layout: OpaquePointer) -> [TextLine] {
        var lines: [TextLine] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator)?.pointee else { break }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let start = Int(line.start_index)
            lines.append(
                TextLine(
                    rect: rect(logical), baseline: points(pango_layout_iter_get_baseline(iterator)),
                    byteRange: start..<(start + Int(line.length))))
        } while pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    private static func readClusters(_ layout: OpaquePointer, lines: [TextLine]) -> [TextCluster] {
        var starts: [(start: Int, rect: Rect)] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard pango_layout_iter_get_run_readonly(iterator) != nil else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_cluster_extents(iterator, nil, &logical)
            starts.append((Int(pango_layout_iter_get_index(iterator)), rect(logical)))
        } while pango_layout_iter_next_cluster(iterator) != 0
        starts.sort { $0.start < $1.start }
        var clusters: [TextCluster] = []
        clusters.reserveCapacity(starts.count)
        var lineIndex = 0
        for (i, entry) in starts.enumerated() {
            while lineIndex < lines.count - 1, entry.start >= lines[lineIndex].byteRange.upperBound { lineIndex += 1 }
            let lineEnd = lines.isEmpty ? entry.start + 1 : lines[lineIndex].byteRange.upperBound
            let next = i + 1 < starts.count ? starts[i + 1].start : lineEnd
            let end = max(entry.start + 1, min(next, lineEnd))
            clusters.append(TextCluster(rect: entry.rect, byteRange: entry.start..<end, line: lineIndex))
        }
        return clusters
    }

    private static func readGlyphRuns(_ layout: OpaquePointer, text: RichText, style: TextStyle) -> [GlyphRun] {
        var runs: [GlyphRun] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator)?.pointee,
                let item = run.item?.pointee, let glyphs = run.glyphs?.pointee,
                let font = item.analysis.font,
                let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font))
            else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let baseline = pango_layout_iter_get_baseline(iterator)
            // Summed in 64 bits: Pango units are 1/1024 pt in an Int32, which a run's advances
            // overflow past ~2 M points (a line of a million glyphs trapped here).
            var x = Int(logical.x)
            var positioned: [cairo_glyph_t] = []
            positioned.reserveCapacity(Int(max(0, glyphs.num_glyphs)))
            for info in UnsafeBufferPointer(start: glyphs.glyphs, count: Int(max(0, glyphs.num_glyphs))) {
                defer { x += Int(info.geometry.width) }
                if info.glyph == pangoGlyphEmpty || info.glyph & pangoGlyphUnknownFlag != 0 { continue }
                positioned.append(
                    cairo_glyph_t(
                        index: UInt(info.glyph), x: points(x + Int(info.geometry.x_offset)),
                        y: points(Int(baseline) + Int(info.geometry.y_offset))))
            }
            guard !positioned.isEmpty else { continue }
            let kind = text.run(atByte: Int(item.offset))?.kind ?? .plain
            runs.append(GlyphRun(font: scaledFont, glyphs: positioned, color: style.color(for: kind)))
        } while pango_layout_iter_next_run(iterator) != 0
        return runs
    }
}

/// Pango units (1/1024 point) to points.
private func points(_ units: Int32) -> Double { Double(units) / Double(PANGO_SCALE) }
private func points(_ units: Int) -> Double { Double(units) / Double(PANGO_SCALE) }

private func rect(_ r: PangoRectangle) -> Rect {
    Rect(x: points(r.x), y: points(r.y), width: points(r.width), height: points(r.height))
}
