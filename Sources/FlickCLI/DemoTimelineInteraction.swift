import FlickCore
import FlickList
import FlickRaster
import FlickText
import FlickTimeline
import FlickWindow

/// Taps in the timeline window: mentions, topics, URLs and "…全文" highlight in the cell
/// (`PostRenderer.render(_:highlight:)`, seed 001), avatars and pictures dim over their
/// image layer, counters highlight their third of the bar; a tap names what it hit.
struct TimelineInteraction: RowInteraction {
    typealias Source = TimelineDataSource

    let renderer: PostRenderer

    /// Geometry only (`PostLayout.hit`, with the renderer's spec's `hitSlop` for fingers);
    /// main thread at press time.
    func target(at point: Point, in layout: PostLayout) -> PostHit? {
        layout.hit(at: point, slop: renderer.spec.hitSlop)
    }

    /// Worker, lane user-interactive: a full cell render (~0.35 ms) or a small dimming layer.
    func pressedAppearance(of target: PostHit, in layout: PostLayout, context: TextContext?) -> PressedAppearance {
        let scale = DisplayScale(layout.key.scale)
        switch target {
        case .avatar:
            return PressedAppearance(overlays: [dimming(layout.avatarFrame, scale: scale, circle: true)])
        case .picture(let role):
            guard let slot = layout.imageSlots.first(where: { $0.role == role }) else { return PressedAppearance() }
            return PressedAppearance(overlays: [dimming(slot.frame, scale: scale, circle: false)])
        case .link, .counter, .name, .more:
            return PressedAppearance(cell: renderer.render(layout, highlight: target))
        }
    }

    func describe(_ target: PostHit, in layout: PostLayout) -> String {
        let post = "post \(layout.key.postID)"
        switch target {
        case .link(let run, let region):
            let text = Self.placedText(region, in: layout).map { $0.layout.text.text(of: run) } ?? run.target
            switch run.kind {
            case .mention: return "mention \(text) in \(post)"
            case .topic: return "topic \(text) in \(post)"
            case .url: return "link \(run.target.isEmpty ? text : run.target) in \(post)"
            case .fullText: return "全文 (full text) of \(post)"
            default: return "\(text) in \(post)"
            }
        case .avatar: return "avatar of \(layout.name.layout.text.displayText)"
        case .name: return "name \(layout.name.layout.text.displayText)"
        case .picture(let role): return "picture \(role) of \(post)"
        case .counter(let kind): return "\(kind) of \(post)"
        case .more: return "more menu of \(post)"
        }
    }

    /// The text a link region refers to.
    static func placedText(_ region: TextRegion, in layout: PostLayout) -> PlacedText? {
        switch region {
        case .name: layout.name
        case .body: layout.body
        case .retweet: layout.retweet?.text
        }
    }

    /// Viewport-independent rects (cell points) a pressed target covers: the highlight's boxes.
    static func rects(of target: PostHit, in layout: PostLayout) -> [Rect] {
        switch target {
        case .link(let run, let region):
            guard let placed = placedText(region, in: layout) else { return [] }
            return placed.layout.rects(for: run.displayRange).map { $0.offsetBy(dx: placed.frame.minX, dy: placed.frame.minY) }
        case .avatar: return [layout.avatarFrame]
        case .picture(let role): return layout.imageSlots.filter { $0.role == role }.map(\.frame)
        case .counter(let kind): return layout.counters.filter { $0.kind == kind }.map(\.hitFrame)
        case .more: return [layout.moreFrame]
        case .name: return [layout.name.frame]
        }
    }

    /// A translucent black shape over an image slot (the pressed look of an image button).
    private func dimming(_ frame: Rect, scale: DisplayScale, circle: Bool) -> RowImageLayer {
        let canvas = Canvas(size: frame.size, scale: scale)
        let shade = Color(hex: 0x000000, alpha: 0.28)
        if circle { canvas.fillEllipse(in: canvas.bounds, shade) } else { canvas.fillRoundedRect(canvas.bounds, radius: renderer.spec.pictureCornerRadius, shade) }
        return RowImageLayer(bitmap: canvas.makeBitmap(), frame: frame, isOpaque: false)
    }
}
