/// The feed store keeps the layout cache's heights across launches.
extension FeedStore: LayoutHeightStoring {
    /// A damaged or unreadable heights table reads as "unknown": the list estimates and lays
    /// out again rather than trusting it.
    public func persistedHeight(postID: String, contentVersion: UInt64, layoutKey: String) -> Double? {
        try? height(for: postID, version: contentVersion, layoutKey: layoutKey)
    }

    public func persistHeights(_ heights: [LayoutHeight]) throws {
        _ = try saveHeights(heights)
    }
}
