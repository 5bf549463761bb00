import FlickCore

/// Everything a cell layout depends on: the cache key of `LayoutCache` (seed 004: heights are
/// cached per width, so portrait and landscape never share an entry; an edited post's new
/// content version misses).
public struct PostLayoutKey: Hashable, Sendable, CustomStringConvertible {
    public let postID: String
    public let contentVersion: UInt64
    /// Cell width in points.
    public let width: Double
    public let scale: Double
    /// Accessibility font multiplier (1 = default sizes).
    public let fontScale: Double
    /// `LayoutSpec.version`: a visual change to the spec invalidates old layouts.
    public let layoutVersion: Int

    public init(postID: String, contentVersion: UInt64, width: Double, scale: Double, fontScale: Double, layoutVersion: Int) {
        self.postID = postID
        self.contentVersion = contentVersion
        self.width = width
        self.scale = scale
        self.fontScale = fontScale
        self.layoutVersion = layoutVersion
    }

    /// The part of the key that is not the post: how persisted heights are filed in the store.
    public var environmentKey: String {
        Self.environmentKey(width: width, scale: scale, fontScale: fontScale, layoutVersion: layoutVersion)
    }

    /// The environment key of every post laid out with these values.
    public static func environmentKey(width: Double, scale: Double, fontScale: Double, layoutVersion: Int) -> String {
        "w\(width)@\(scale)x,f\(fontScale),v\(layoutVersion)"
    }

    public var description: String { "\(postID)#\(contentVersion) \(environmentKey)" }
}
