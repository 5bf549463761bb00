import Flick

/// A post's layout is a `Flick` cell layout: its height, its image slots as image requests,
/// and its targets as hit regions (labelled as `describe` says), so the list routes taps and
/// loads images for it like for any kind.
extension PostLayout: CellLayout {
    public var images: [RowImageRequest] {
        imageSlots.map { RowImageRequest(url: $0.url, frame: $0.frame, processors: $0.processors) }
    }

    public var hitRegions: [HitRegion] {
        targets.map { HitRegion(target: Self.hitTarget(of: $0), label: describe($0), rects: rects(of: $0)) }
    }

    /// A post's target as the list's typed `HitTarget`: links with their kind and value, the
    /// other parts by name ("avatar", "name", "picture", "reposts", "more").
    public static func hitTarget(of target: PostHit) -> HitTarget {
        switch target {
        case .link(let run, _): .link(kind: run.kind, value: run.target)
        case .avatar: .part("avatar")
        case .name: .part("name")
        case .picture(let role): .part("picture \(role)")
        case .counter(let kind): .part("\(kind)")
        case .more: .part("more")
        }
    }

    /// The target whose boxes are `region`'s (a region the list reports back when pressed).
    public func target(of region: HitRegion) -> PostHit? {
        targets.first { rects(of: $0) == region.rects && Self.hitTarget(of: $0) == region.target }
    }
}
