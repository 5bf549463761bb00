import FlickRaster

/// Checks, end to end, that focus and selection never cost a raster: when either changes, the
/// bitmap each visible row shows is noted; for the next frames, a row that shows another bitmap
/// while its item's version is the same was drawn again because of the change and is counted
/// (`rastersCausedBySelection`, which must stay 0). A new width (every row is laid out again)
/// ends the watch. Main thread, with the engine.
struct SelectionRasterWatch {
    /// Frames a change is watched for: 12, past any worker's raster of a visible row (a few
    /// frames) on a loaded machine.
    static let frames = 12

    private var watched: [AnyHashable: (bitmap: ObjectIdentifier, version: UInt64)] = [:]
    private var framesLeft = 0
    /// Rows seen drawn again because of a selection or focus change, so far.
    private(set) var count = 0
    /// Whether frames after a change are still being checked.
    var isWatching: Bool { framesLeft > 0 }

    mutating func start(_ shown: [(id: AnyHashable, bitmap: Bitmap, version: UInt64)]) {
        for entry in shown where watched[entry.id] == nil {
            watched[entry.id] = (ObjectIdentifier(entry.bitmap), entry.version)
        }
        framesLeft = Self.frames
    }

    /// One frame's rows: counts those drawn again with the same version.
    mutating func check(_ shown: [(id: AnyHashable, bitmap: Bitmap, version: UInt64)]) {
        guard framesLeft > 0 else { return }
        for entry in shown {
            guard let before = watched[entry.id], before.version == entry.version else { continue }
            if before.bitmap != ObjectIdentifier(entry.bitmap) {
                count += 1
                watched[entry.id] = nil
            }
        }
        framesLeft -= 1
        if framesLeft == 0 { watched.removeAll() }
    }

    mutating func stop() {
        watched.removeAll()
        framesLeft = 0
    }
}

extension ListEngine {
    /// Visible rows redrawn because focus or selection changed (see `SelectionRasterWatch`);
    /// 0 by design.
    public var rastersCausedBySelection: Int { selectionWatch.count }

    /// The visible rows' current bitmaps, by item.
    private func shownBitmaps() -> [(id: AnyHashable, bitmap: Bitmap, version: UInt64)] {
        lastContents.compactMap { entry in
            guard let id = store.rowIDs[entry.row], let node = store.nodes[id], let full = node.full, !node.fullIsStale else { return nil }
            return (AnyHashable(id), full, node.version)
        }
    }

    func watchBitmapsAfterSelectionChange() { selectionWatch.start(shownBitmaps()) }

    /// Called at the end of each frame; costs nothing unless a change is being watched.
    func checkSelectionWatch() {
        guard selectionWatch.isWatching else { return }
        selectionWatch.check(shownBitmaps())
    }
}

/// What a run left of focus and selection, for reports (`focusedItem`, `selectedCount`,
/// `rastersCausedBySelection`). Plain value.
public struct SelectionStatistics: Sendable, Hashable {
    /// The focused item's identity as text (nil: no focus, or its row not loaded).
    public var focusedItem: String?
    public var selectedCount = 0
    public var rastersCausedBySelection = 0

    public init() {}
}

extension ListEngine {
    /// The report's view of focus and selection now.
    public var selectionStatistics: SelectionStatistics {
        var statistics = SelectionStatistics()
        statistics.focusedItem = focusedItem.map { "\($0)" }
        statistics.selectedCount = selectedCount
        statistics.rastersCausedBySelection = rastersCausedBySelection
        return statistics
    }
}
