import FlickCore
import FlickRaster

/// Rich text laid out once for a width: size, lines, glyph clusters and shaped glyphs.
///
/// Made by `TextContext.layout` on a worker; immutable afterwards, so any thread may measure,
/// hit-test or draw it, and drawing never lays out again (YYTextLayout's contract). Every
/// coordinate is in points relative to the layout's top-left corner.
public final class TextLayout: Sendable {
    /// The text as laid out: with the truncation token when truncated.
    public let text: RichText
    public let style: TextStyle
    /// The width it was laid out to wrap within.
    public let width: Double
    /// Size of the laid-out text: the widest line and the sum of line heights and spacing.
    public let size: Size
    public let lines: [TextLine]
    /// Clusters sorted by byte offset.
    public let clusters: [TextCluster]
    /// Whether `maxLines` cut the text.
    public let isTruncated: Bool
    let glyphRuns: [GlyphRun]

    init(
        text: RichText, style: TextStyle, width: Double, size: Size, lines: [TextLine], clusters: [TextCluster],
        glyphRuns: [GlyphRun], isTruncated: Bool
    ) {
        self.text = text
        self.style = style
        self.width = width
        self.size = size
        self.lines = lines
        self.clusters = clusters
        self.glyphRuns = glyphRuns
        self.isTruncated = isTruncated
    }

    /// Number of glyphs drawn (emoji and ligatures count once).
    public var glyphCount: Int { glyphRuns.reduce(0) { $0 + $1.glyphs.count } }

    // MARK: Hit-testing

    /// The cluster under `point`, or the nearest one on the nearest line when `point` is
    /// beside the text. `nil` only for an empty layout.
    public func cluster(nearest point: Point) -> TextCluster? {
        guard !lines.isEmpty else { return nil }
        let lineIndex = lines.firstIndex { point.y < $0.rect.maxY } ?? lines.count - 1
        let onLine = clusters.filter { $0.line == lineIndex }
        if let inside = onLine.first(where: { point.x >= $0.rect.minX && point.x < $0.rect.maxX }) { return inside }
        // Beside every glyph (or on a zero-width cluster such as a line-end space): the nearest
        // edge wins, then the nearest centre.
        return onLine.min { a, b in
            let (da, db) = (distance(point.x, a.rect), distance(point.x, b.rect))
            return da != db ? da < db : abs(point.x - a.rect.midX) < abs(point.x - b.rect.midX)
        }
    }

    /// The display byte offset of the character under or nearest `point`.
    public func byteIndex(at point: Point) -> Int? {
        cluster(nearest: point)?.byteRange.lowerBound
    }

    /// The cluster whose box contains `point` (expanded by `slop` points on every side, for
    /// fingers), or `nil` when the point is on no glyph.
    public func cluster(at point: Point, slop: Double = 0) -> TextCluster? {
        clusters.first { $0.rect.insetBy(dx: -slop, dy: -slop).contains(point) }
    }

    /// The link run drawn under `point`, hit-tested against laid-out glyphs (seed 001): a tap
    /// in the empty space after a line's end is not a tap on the link before it.
    public func link(at point: Point, slop: Double = 0) -> RichTextRun? {
        guard let cluster = cluster(at: point, slop: slop) else { return nil }
        guard let run = text.run(atByte: cluster.byteRange.lowerBound), run.isLink else { return nil }
        return run
    }

    /// Boxes covering `byteRange`, one per line it touches (union of its clusters there).
    public func rects(for byteRange: Range<Int>) -> [Rect] {
        var boxes: [Int: Rect] = [:]
        for cluster in clusters where cluster.byteRange.overlaps(byteRange) {
            boxes[cluster.line] = boxes[cluster.line].map { $0.union(cluster.rect) } ?? cluster.rect
        }
        return boxes.keys.sorted().compactMap { boxes[$0] }
    }

    private func distance(_ x: Double, _ rect: Rect) -> Double {
        if x < rect.minX { return rect.minX - x }
        if x >= rect.maxX { return x - rect.maxX }
        return 0
    }
}
