import FlickCore

/// What the list will want soon, told to its data source once per frame (main thread) so a
/// source backed by storage can read ahead (seed 004 §4, "数据虚拟化"). A value: the source may
/// hand it to a loading queue.
public struct RowDemand: Sendable, Hashable {
    /// Rows on screen now.
    public let visible: Range<Int>
    /// Rows the list lays out and draws ahead of the scroll (the preload range; during a fast
    /// fling, the range around the landing zone).
    public let preload: Range<Int>
    /// During a fast fling or scroll-to-top, the rows the scroll will rest on; nil otherwise.
    public let landing: Range<Int>?
    /// Cell width, points, and display scale the rows are laid out for.
    public let width: Double
    public let scale: DisplayScale

    public init(visible: Range<Int>, preload: Range<Int>, landing: Range<Int>?, width: Double, scale: DisplayScale) {
        self.visible = visible
        self.preload = preload
        self.landing = landing
        self.width = width
        self.scale = scale
    }
}

/// Something a data source learned about a row without laying it out, as the row's data came
/// into memory: its kind (for per-kind estimated heights) and, when an earlier run persisted
/// it, its exact height. The engine takes hints on the main thread once per frame and applies
/// them without moving the row on screen.
public struct RowHint: Sendable, Hashable {
    public let row: Int
    /// The row's kind, `0..<ListDataSource.rowKindCount`, if known.
    public let kind: Int?
    /// The row's exact height in points at `width`, if known.
    public let height: Double?
    /// The cell width `height` belongs to; a hint for another width is ignored.
    public let width: Double

    public init(row: Int, kind: Int?, height: Double?, width: Double) {
        self.row = row
        self.kind = kind
        self.height = height
        self.width = width
    }
}
