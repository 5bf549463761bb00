import FlickCore
import FlickRaster

/// One ready bitmap placed in the viewport: the unit a display shows (CALayer.contents in the
/// seeds). The compositor lists a frame's layers in drawing order; the headless display blits
/// them into a framebuffer, a window uploads each bitmap as a texture once and reuses it.
public struct DisplayLayer: Sendable {
    public enum Role: Sendable, Hashable {
        /// A row's full cell bitmap (current or the previous one while a reload renders).
        case cell
        /// A row's skeleton, shown until its full render is ready.
        case skeleton
        /// The generic placeholder tile, for rows with no layout yet.
        case placeholder
        /// An image (avatar, picture) over a drawn cell: loaded, or the error tile.
        case image
        /// A deleted row's last bitmap, collapsing away (update animations).
        case departing
        /// Focus ring or selection tint over a row: shared tiles, never part of a cell.
        case decoration
        /// A section header stuck to the top edge over the rows of its section.
        case stickyHeader
        /// A list accessory: refresh header, paging footer or floating badge.
        case accessory(ListAccessory.Placement)
    }

    public let bitmap: Bitmap
    /// Top-left corner in viewport points, on whole device pixels.
    public let origin: Point
    /// Part of the viewport the layer may touch (placeholder tiles are cut at the row's end).
    public let clip: Rect?
    public let role: Role
    /// The list row this layer belongs to.
    public let row: Int
    /// Whether every pixel is opaque, so a display may copy rather than blend.
    public let isOpaque: Bool

    public init(bitmap: Bitmap, origin: Point, clip: Rect? = nil, role: Role, row: Int, isOpaque: Bool) {
        self.bitmap = bitmap
        self.origin = origin
        self.clip = clip
        self.role = role
        self.row = row
        self.isOpaque = isOpaque
    }

    /// Where the layer lands in the viewport, points.
    public var frame: Rect { Rect(origin: origin, size: bitmap.pointSize) }
}

/// An image shown over a row's cell, in the row's coordinates.
public struct RowImageLayer: Sendable {
    public let bitmap: Bitmap
    /// Where it goes in the cell, points (the slot's frame).
    public let frame: Rect
    public let isOpaque: Bool

    public init(bitmap: Bitmap, frame: Rect, isOpaque: Bool) {
        self.bitmap = bitmap
        self.frame = frame
        self.isOpaque = isOpaque
    }
}
