import FlickCore
import FlickRaster

/// The generated images a feed's posts point at: avatars and pictures of several formats,
/// sizes and aspects, referenced by URLs relative to the feed.
public struct ImagePool: Hashable, Sendable {
    /// One generated image file.
    public struct Entry: Hashable, Sendable {
        /// URL relative to the feed, e.g. `images/p07.webp`.
        public let url: String
        public let pixelSize: PixelSize
        public let format: ImageFormat

        public init(url: String, pixelSize: PixelSize, format: ImageFormat) {
            self.url = url
            self.pixelSize = pixelSize
            self.format = format
        }
    }

    public let avatars: [Entry]
    public let pictures: [Entry]

    public init(avatars: [Entry], pictures: [Entry]) {
        self.avatars = avatars
        self.pictures = pictures
    }

    public static let empty = ImagePool(avatars: [], pictures: [])
}
