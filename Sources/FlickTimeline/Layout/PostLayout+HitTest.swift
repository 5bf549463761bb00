import FlickCore
import FlickText

extension PostLayout {
    /// What `point` (cell points) hits, most specific first: a link in a text, the avatar,
    /// a picture, a counter, the more button, the name. Any thread.
    ///
    /// - Parameter slop: points of tolerance around link glyphs and the more button, for
    ///   fingers; default `LayoutSpec.hitSlop` (2 pt). Pass the layouter's `spec.hitSlop`
    ///   when the spec is not the default.
    public func hit(at point: Point, slop: Double = LayoutSpec().hitSlop) -> PostHit? {
        for (region, placed) in texts {
            guard let region, placed.frame.insetBy(dx: -slop, dy: -slop).contains(point) else { continue }
            let local = Point(x: point.x - placed.frame.minX, y: point.y - placed.frame.minY)
            if let link = placed.layout.link(at: local, slop: slop) { return .link(link, region) }
        }
        if avatarFrame.contains(point) { return .avatar }
        for slot in imageSlots where slot.role != .avatar && slot.frame.contains(point) { return .picture(slot.role) }
        for counter in counters where counter.hitFrame.contains(point) { return .counter(counter.kind) }
        if moreFrame.insetBy(dx: -slop, dy: -slop).contains(point) { return .more }
        if name.frame.contains(point) { return .name }
        return nil
    }
}
