import FlickCore
import FlickText

/// A text layout and where its top-left corner sits in the cell.
public struct PlacedText: Sendable {
    /// `origin` pixel-aligned; `size` the layout's size rounded up to whole pixels.
    public let frame: Rect
    public let layout: TextLayout
}

/// Which text of a cell a link is in.
public enum TextRegion: Hashable, Sendable {
    case name
    case body
    case retweet
}

/// What a point in a cell hits (for taps and the pressed highlight).
public enum PostHit: Hashable, Sendable {
    case link(RichTextRun, TextRegion)
    case avatar
    case name
    case picture(ImageSlot.Role)
    case counter(CounterKind)
    case more
}

/// The three counters of the bar.
public enum CounterKind: Hashable, Sendable, CaseIterable {
    case reposts
    case comments
    case likes

    /// The label shown when the count is zero.
    public var zeroLabel: String {
        switch self {
        case .reposts: "转发"
        case .comments: "评论"
        case .likes: "赞"
        }
    }
}

/// One counter: its icon and its abbreviated count.
public struct CounterSlot: Sendable {
    public let kind: CounterKind
    public let iconFrame: Rect
    public let label: PlacedText
    /// The tappable third of the bar.
    public let hitFrame: Rect
}

/// The inset box of a retweet: the original's text and pictures.
public struct RetweetBox: Sendable {
    public let frame: Rect
    public let text: PlacedText?
    public let pictures: [ImageSlot]
}
