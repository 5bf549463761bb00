import FlickCore

/// One laid-out line: its box in layout points and the display bytes it shows.
public struct TextLine: Hashable, Sendable {
    /// Logical box (ascent to descent, full line height), in layout points.
    public let rect: Rect
    /// Baseline y, in layout points.
    public let baseline: Double
    /// UTF-8 byte range of `RichText.displayText` on this line.
    public let byteRange: Range<Int>
}

/// One cluster of glyphs (a grapheme or ligature) as laid out: the unit of hit-testing.
public struct TextCluster: Hashable, Sendable {
    /// Logical box in layout points.
    public let rect: Rect
    /// Display bytes the cluster draws.
    public let byteRange: Range<Int>
    /// Index into `TextLayout.lines`.
    public let line: Int
}
