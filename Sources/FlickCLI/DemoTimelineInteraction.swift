import Flick
import FlickCore
import FlickList
import FlickRaster
import FlickText
import FlickTimeline
import FlickWindow

/// Taps in the timeline window: mentions, topics, URLs and "…全文" highlight in the cell
/// (the kind's own pressed drawing, seed 001), avatars and pictures dim over their image layer,
/// counters highlight their third of the bar; a tap names what it hit (`PostLayout.describe`).
/// The list is a `CellList` like any client's; this interaction reads the post layout behind a
/// cell (`CellLayoutBox.layout(as:)`) for the timeline's own pressed looks.
struct TimelineInteraction: RowInteraction {
    typealias Source = CellSource<String>

    let renderer: PostRenderer

    /// Geometry only (`PostLayout.hit`, with the renderer's spec's `hitSlop` for fingers);
    /// main thread at press time.
    func target(at point: Point, in layout: CellLayoutBox) -> PostHit? {
        layout.layout(as: PostLayout.self)?.hit(at: point, slop: renderer.spec.hitSlop)
    }

    /// Worker, lane user-interactive: a full cell render (~0.35 ms) or a small dimming layer.
    func pressedAppearance(of target: PostHit, in box: CellLayoutBox, context: TextContext?) -> PressedAppearance {
        guard let layout = box.layout(as: PostLayout.self) else { return PressedAppearance() }
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

    func describe(_ target: PostHit, in layout: CellLayoutBox) -> String {
        layout.layout(as: PostLayout.self)?.describe(target) ?? "\(target)"
    }

    /// Viewport-independent rects (cell points) a pressed target covers: the highlight's boxes.
    static func rects(of target: PostHit, in layout: CellLayoutBox) -> [Rect] {
        layout.layout(as: PostLayout.self)?.rects(of: target) ?? []
    }

    /// A translucent black shape over an image slot (the pressed look of an image button).
    private func dimming(_ frame: Rect, scale: DisplayScale, circle: Bool) -> RowImageLayer {
        let canvas = Canvas(size: frame.size, scale: scale)
        let shade = Color(hex: 0x000000, alpha: 0.28)
        if circle { canvas.fillEllipse(in: canvas.bounds, shade) } else { canvas.fillRoundedRect(canvas.bounds, radius: renderer.spec.pictureCornerRadius, shade) }
        return RowImageLayer(bitmap: canvas.makeBitmap(), frame: frame, isOpaque: false)
    }
}

/// Tab walks the links of a post — name, body and retweet links — in reading order.
extension TimelineInteraction {
    /// The targets Tab visits in a post, in reading order (both hosts ask through `HostKeys`).
    func focusTargets(in box: CellLayoutBox) -> [(target: PostHit, rects: [Rect])] {
        guard let layout = box.layout(as: PostLayout.self) else { return [] }
        return layout.texts.flatMap { region, placed -> [(target: PostHit, rects: [Rect])] in
            guard let region else { return [] }
            return placed.layout.text.links.map { run in
                let target = PostHit.link(run, region)
                return (target, layout.rects(of: target))
            }
        }
    }
}

/// Assistive technology: a post says itself (`PostSpeech`, through the cell's kind); a link
/// is named by what it says, a URL by its full address.
extension TimelineInteraction {
    func accessibleLabel(of cell: Cell<String>) -> String? { cell.accessibleLabel }

    func accessibleName(of target: PostHit, in box: CellLayoutBox) -> String {
        box.layout(as: PostLayout.self)?.accessibleName(of: target) ?? describe(target, in: box)
    }
}

/// Find: the boxes of a query's matches in a post, for the highlight.
extension TimelineInteraction {
    func findRects(for query: SearchQuery, in box: CellLayoutBox) -> [Rect] {
        box.layout(as: PostLayout.self)?.rects(matching: query) ?? []
    }
}
