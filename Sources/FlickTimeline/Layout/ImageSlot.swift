import FlickCore
import FlickRaster

/// A place in a cell where an image is composited as its own layer (VVebo draws text into
/// the cell bitmap but keeps avatars and pictures as separate image layers).
public struct ImageSlot: Hashable, Sendable {
    /// Which image of the post this is.
    public enum Role: Hashable, Sendable {
        case avatar
        case picture(Int)
        case retweetPicture(Int)
    }

    public let role: Role
    /// Image URL as the feed gives it (absolute, or relative to the feed).
    public let url: String
    /// Where the image goes, in cell points; pixel-aligned.
    public let frame: Rect
    /// Processing done on a worker before display: aspect-fill to the slot's pixel size, then
    /// circle or rounded corners (seed 002 "优化二").
    public let processors: [ImageProcessor]
    /// Device pixels the processed image should have.
    public let pixelSize: PixelSize
}
