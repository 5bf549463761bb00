import FlickCore
import FlickText

/// Every frame of one timeline cell, computed once on a worker and read anywhere after:
/// the seeds' "frames and height cached in the model", as a typed immutable value instead of
/// VVebo's string-keyed dictionaries. All frames are in cell points, pixel-aligned at
/// `key.scale`, and lie inside `bounds`. Text layouts are kept, so drawing never lays out.
public final class PostLayout: Sendable {
    public let key: PostLayoutKey
    public let kind: PostKind
    /// Full cell size including the separator band; height is a whole number of pixels.
    public let size: Size
    public let avatar: ImageSlot?
    public let avatarFrame: Rect
    public let name: PlacedText
    public let badgeFrame: Rect?
    public let meta: PlacedText
    public let moreFrame: Rect
    public let body: PlacedText?
    public let pictures: [ImageSlot]
    public let retweet: RetweetBox?
    public let countersDivider: Rect
    public let counters: [CounterSlot]
    public let separator: Rect

    init(
        key: PostLayoutKey, kind: PostKind, size: Size, avatar: ImageSlot?, avatarFrame: Rect, name: PlacedText,
        badgeFrame: Rect?, meta: PlacedText, moreFrame: Rect, body: PlacedText?, pictures: [ImageSlot],
        retweet: RetweetBox?, countersDivider: Rect, counters: [CounterSlot], separator: Rect
    ) {
        self.key = key
        self.kind = kind
        self.size = size
        self.avatar = avatar
        self.avatarFrame = avatarFrame
        self.name = name
        self.badgeFrame = badgeFrame
        self.meta = meta
        self.moreFrame = moreFrame
        self.body = body
        self.pictures = pictures
        self.retweet = retweet
        self.countersDivider = countersDivider
        self.counters = counters
        self.separator = separator
    }

    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// Cell height in points (what the list's height index stores).
    public var height: Double { size.height }

    /// Every image to load for this cell: avatar, pictures, retweeted pictures.
    public var imageSlots: [ImageSlot] {
        (avatar.map { [$0] } ?? []) + pictures + (retweet?.pictures ?? [])
    }

    /// Every placed text with the region it belongs to.
    public var texts: [(region: TextRegion?, text: PlacedText)] {
        var all: [(TextRegion?, PlacedText)] = [(.name, name), (nil, meta)]
        if let body { all.append((.body, body)) }
        if let text = retweet?.text { all.append((.retweet, text)) }
        all += counters.map { (nil, $0.label) }
        return all
    }

    /// Every frame of the cell (for invariant checks and the misaligned-frame overlay).
    public var allFrames: [Rect] {
        var frames = [avatarFrame, name.frame, meta.frame, moreFrame, countersDivider, separator]
        if let badgeFrame { frames.append(badgeFrame) }
        if let body { frames.append(body.frame) }
        frames += pictures.map(\.frame)
        if let retweet {
            frames.append(retweet.frame)
            if let text = retweet.text { frames.append(text.frame) }
            frames += retweet.pictures.map(\.frame)
        }
        for counter in counters { frames += [counter.iconFrame, counter.label.frame, counter.hitFrame] }
        return frames
    }

    /// Rough bytes held (text clusters and glyphs dominate): the layout cache's cost.
    public var estimatedCost: Int {
        texts.reduce(512) { $0 + $1.text.layout.clusters.count * 48 + $1.text.layout.glyphCount * 24 }
    }
}
