import Flick

/// A post's layout is a `Flick` cell layout: its height, its image slots as image requests,
/// and its targets as hit regions (labelled as `describe` says), so the list routes taps and
/// loads images for it like for any kind.
extension PostLayout: CellLayout {
    public var images: [RowImageRequest] {
        imageSlots.map { RowImageRequest(url: $0.url, frame: $0.frame, processors: $0.processors) }
    }

    public var hitRegions: [HitRegion] {
        targets.map { HitRegion(label: describe($0), rects: rects(of: $0)) }
    }

    /// The target whose boxes are `region`'s (a region the list reports back when pressed).
    public func target(of region: HitRegion) -> PostHit? {
        targets.first { rects(of: $0) == region.rects && describe($0) == region.label }
    }
}
