/// The feed store keeps the layout cache's heights across launches.
extension FeedStore: LayoutHeightStoring {
    public func persistHeights(_ heights: [LayoutHeight]) throws {
        _ = try saveHeights(heights)
    }
}
