/// A measured cell height for one post content under one layout: the persisted part of the
/// layout cache, so a relaunch can size the list before laying anything out.
public struct LayoutHeight: Sendable, Hashable {
    public let postID: String
    /// The `Post.contentVersion` the height was measured for; an edit makes it stale.
    public let contentVersion: UInt64
    /// Everything else the height depends on, chosen by the layout code, e.g. `"w375@2x-f1.0"`.
    public let layoutKey: String
    /// In points.
    public let height: Double

    public init(postID: String, contentVersion: UInt64, layoutKey: String, height: Double) {
        self.postID = postID
        self.contentVersion = contentVersion
        self.layoutKey = layoutKey
        self.height = height
    }
}
