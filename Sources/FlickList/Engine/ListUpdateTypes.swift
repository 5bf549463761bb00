/// The edge a list keeps still when content changes.
public enum AnchorEdge: Sendable, Hashable {
    /// A timeline: the row at the top of the viewport stays where it is.
    case top
    /// A chat: opens at the last row and stays pinned to the bottom while the reader is there;
    /// once they scroll up, the row at the top stays still as for `.top`.
    case bottom
}

/// What rows inserted above the first one do while the reader is at the very top.
public enum InsertionsAtTop: Sendable, Hashable {
    /// The reader keeps their row; the new rows wait above (counted in `rowsInsertedAbove`).
    case keepReading
    /// The new rows show at the top, pushing the rest down.
    case reveal
}

/// Where `scrollTo` puts its row in the viewport.
public enum ScrollAlignment: Sendable, Hashable {
    case top
    case center
    case bottom
}

/// What updates did to the reader's place, accumulated over an engine's life. Value.
public struct UpdateStatistics: Sendable, Hashable {
    /// Batches of changes applied (each `apply(_:)` call counts once).
    public var updatesApplied = 0
    /// Largest move, points, of the anchor row's screen y caused by an update (changes,
    /// exact heights, hints) that did not touch the anchor row itself. Should stay ≤ 0.5 px.
    public var anchorDriftMax = 0.0
    /// Updates applied during a fling that changed its velocity by more than 1% or stopped it.
    public var flingsBrokenByUpdates = 0
    /// Frames in which an update moved rows above the anchor (the drift checks that ran).
    public var anchoredUpdates = 0

    public init() {}
}

/// A `scrollTo` in progress: the row (followed through updates) and how to align it.
struct ScrollTarget {
    var row: Int
    let align: ScrollAlignment
    let animated: Bool
    /// When it stops re-aiming whatever happens (`ListEngine.scrollToLimit` after the start).
    let deadline: Double
}
