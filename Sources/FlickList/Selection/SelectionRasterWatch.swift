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

    /// Each row's bitmap when a change was noted, and the frame its watch ends: a row is
    /// watched for `frames` frames after the change that noted it, no longer (a held key makes
    /// changes without pause, and a row that left the screen long ago may come back drawn anew
    /// for reasons of its own — eviction — that are not the selection's).
    private var watched: [AnyHashable: (bitmap: ObjectIdentifier, version: UInt64, until: Int)] = [:]
    private var frame = 0
    /// Rows seen drawn again because of a selection or focus change, so far.
    private(set) var count = 0
    /// Whether frames after a change are still being checked.
    var isWatching: Bool { !watched.isEmpty }

    mutating func start(_ shown: [(id: AnyHashable, bitmap: Bitmap, version: UInt64)]) {
        for entry in shown where watched[entry.id] == nil {
            watched[entry.id] = (ObjectIdentifier(entry.bitmap), entry.version, frame + Self.frames)
        }
    }

    /// One frame's rows: counts those drawn again with the same version.
    mutating func check(_ shown: [(id: AnyHashable, bitmap: Bitmap, version: UInt64)]) {
        guard !watched.isEmpty else { return }
        for entry in shown {
            guard let before = watched[entry.id], before.version == entry.version else { continue }
            if before.bitmap != ObjectIdentifier(entry.bitmap) {
                count += 1
                watched[entry.id] = nil
            }
        }
        frame += 1
        watched = watched.filter { $0.value.until > frame }
    }

    mutating func stop() {
        watched.removeAll()
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
