import FlickCore
import FlickRaster
import FlickText

/// Rasterizes a `PostLayout` into one bitmap on a worker (seed 002 "优化三": the whole cell
/// — background, name, meta, text, counters, icons — drawn off the main thread into one
/// image, so the main thread only composites). Avatar and picture slots get a placeholder
/// fill; the images themselves are separate layers composited on top.
///
/// Any thread; reads only the immutable layout. Never lays text out.
public struct PostRenderer: Sendable {
    public let spec: LayoutSpec

    public init(spec: LayoutSpec = LayoutSpec()) {
        self.spec = spec
    }

    /// The full cell. `highlight` draws the pressed state of a link (seed 001).
    public func render(_ layout: PostLayout, highlight: PostHit? = nil) -> Bitmap {
        let canvas = Canvas(size: layout.size, scale: DisplayScale(layout.key.scale), opaqueBackground: spec.cellBackground)
        draw(layout, in: canvas, highlight: highlight)
        return canvas.makeBitmap()
    }

    /// The full cell with images drawn into their slots: for `flick render --images` and the
    /// naive baseline, where there are no separate image layers. Missing images keep the
    /// placeholder.
    public func render(_ layout: PostLayout, images: [ImageSlot.Role: Bitmap], highlight: PostHit? = nil) -> Bitmap {
        let canvas = Canvas(size: layout.size, scale: DisplayScale(layout.key.scale), opaqueBackground: spec.cellBackground)
        draw(layout, in: canvas, highlight: highlight)
        for slot in layout.imageSlots {
            if let image = images[slot.role] { canvas.draw(image, in: slot.frame) }
        }
        return canvas.makeBitmap()
    }

    /// Draws the cell into `canvas` at its origin; the canvas must already hold the cell
    /// background (`Canvas(size:scale:opaqueBackground:)` paints it in the same pass).
    public func draw(_ layout: PostLayout, in canvas: Canvas, highlight: PostHit? = nil) {
        canvas.fill(layout.separator, spec.separatorColor)

        canvas.fillEllipse(in: layout.avatarFrame, spec.picturePlaceholder)
        draw(layout.name, in: canvas, region: .name, highlight: highlight)
        if let badge = layout.badgeFrame { Icon.verified.draw(in: canvas, rect: badge, color: spec.verifiedBadgeColor, spec: spec) }
        layout.meta.layout.draw(in: canvas, at: layout.meta.frame.origin)
        Icon.more.draw(in: canvas, rect: layout.moreFrame, color: spec.counterIconColor, spec: spec)

        if let body = layout.body { draw(body, in: canvas, region: .body, highlight: highlight) }
        for slot in layout.pictures { drawPlaceholder(slot, in: canvas) }

        if let retweet = layout.retweet {
            canvas.fill(retweet.frame, spec.retweetBackground)
            if let text = retweet.text { draw(text, in: canvas, region: .retweet, highlight: highlight) }
            for slot in retweet.pictures { drawPlaceholder(slot, in: canvas) }
        }

        canvas.fill(layout.countersDivider, spec.countersDividerColor)
        for counter in layout.counters {
            if highlight == .counter(counter.kind) { canvas.fill(counter.hitFrame, spec.bodyStyle.highlightColor) }
            icon(for: counter.kind).draw(in: canvas, rect: counter.iconFrame, color: spec.counterIconColor, spec: spec)
            counter.label.layout.draw(in: canvas, at: counter.label.frame.origin)
        }
    }

    /// The skeleton: grey bars at each text line, a circle at the avatar, boxes at pictures.
    /// Made from the layout alone, no glyphs, so it costs a small fraction of `render` and can
    /// be shown at once for any row whose full render is not ready (never a blank row).
    public func renderSkeleton(_ layout: PostLayout) -> Bitmap {
        let canvas = Canvas(size: layout.size, scale: DisplayScale(layout.key.scale), opaqueBackground: spec.cellBackground)
        drawSkeleton(layout, in: canvas)
        return canvas.makeBitmap()
    }

    /// Draws the skeleton into `canvas`, which must already hold the cell background.
    public func drawSkeleton(_ layout: PostLayout, in canvas: Canvas) {
        let scale = DisplayScale(layout.key.scale)
        canvas.fill(layout.separator, spec.separatorColor)
        canvas.fillEllipse(in: layout.avatarFrame, spec.skeletonColor)
        // The retweet box first: its text bars and pictures are drawn on top of it.
        if let retweet = layout.retweet { canvas.fill(retweet.frame, spec.retweetBackground) }
        for placed in layout.texts.map(\.text) {
            for line in placed.layout.lines where line.rect.width > 0 {
                let height = line.rect.height * spec.skeletonBarHeightRatio
                let bar = Rect(
                    x: placed.frame.minX + line.rect.minX, y: placed.frame.minY + line.rect.midY - height / 2,
                    width: line.rect.width, height: height)
                // Square, pixel-aligned bars take Cairo's rectangle fast path: a rounded path is
                // tessellated and antialiased, ~10× the cost, which made up most of a skeleton.
                canvas.fill(bar.pixelAligned(scale), spec.skeletonColor)
            }
        }
        for slot in layout.pictures + (layout.retweet?.pictures ?? []) {
            canvas.fill(slot.frame, spec.skeletonColor)
        }
        canvas.fill(layout.countersDivider, spec.countersDividerColor)
    }

    private func draw(_ placed: PlacedText, in canvas: Canvas, region: TextRegion, highlight: PostHit?) {
        var link: RichTextRun? = nil
        if case .link(let run, let hitRegion) = highlight, hitRegion == region { link = run }
        placed.layout.draw(in: canvas, at: placed.frame.origin, highlightedLink: link)
    }

    private func drawPlaceholder(_ slot: ImageSlot, in canvas: Canvas) {
        canvas.fillRoundedRect(slot.frame, radius: spec.pictureCornerRadius, spec.picturePlaceholder)
    }

    private func icon(for kind: CounterKind) -> Icon {
        switch kind {
        case .reposts: .repost
        case .comments: .comment
        case .likes: .like
        }
    }
}
