import FlickRaster

/// What pressing a row shows: a replacement for the row's cell bitmap (drawn in its place,
/// under the row's image layers) and layers over everything in the row (e.g. a dimmed
/// avatar, whose image covers the cell). Made on a worker, kept in the row's `RowNode` and
/// composited by the engine like any other layer.
public struct PressedAppearance: Sendable {
    public var cell: Bitmap?
    /// In row coordinates.
    public var overlays: [RowImageLayer]

    public init(cell: Bitmap? = nil, overlays: [RowImageLayer] = []) {
        self.cell = cell
        self.overlays = overlays
    }
}
