import Flick

/// The chat's look, every size and colour in one place.
public struct ChatStyle: Sendable, Hashable {
    /// Behind the bubbles: iMessage-like light grey.
    public var background = Color(hex: 0xF2F2F7)
    /// The reader's bubbles, and the other person's.
    public var mineBubble = Color(hex: 0x3478F6)
    public var theirBubble = Color(hex: 0xFFFFFF)
    public var mineText = Color(hex: 0xFFFFFF)
    public var theirText = Color(hex: 0x1C1C1E)
    /// Links on the blue bubble must read as links on blue: pale yellow.
    public var mineLinks = LinkColors(mention: Color(hex: 0xFFF3B0), topic: Color(hex: 0xFFF3B0), url: Color(hex: 0xFFF3B0), fullText: Color(hex: 0xFFF3B0))
    /// Text size 16 pt: chat text is read closer than a feed's.
    public var fontSize = 16.0
    /// Lines a bubble shows at most: 60, several screens of text, and a line limit is what lets
    /// the text layer bound its work (`TextLimits`) whatever a message holds.
    public var maxLines = 60
    /// A bubble is at most this share of the width, so sides stay readable.
    public var maxBubbleShare = 0.72
    /// Space from the screen edge to a bubble, and inside a bubble around its text.
    public var sideMargin = 12.0
    public var padding = 10.0
    /// Space above and below each bubble.
    public var rowGap = 3.0
    public var cornerRadius = 17.0
    /// A picture in a bubble, points.
    public var photoSize = Size(width: 200, height: 150)
    /// The day separator's height and its pill.
    public var separatorHeight = 34.0
    public var separatorFill = Color(hex: 0xDADAE0)
    public var separatorText = Color(hex: 0x3C3C43)

    public init() {}
    public static let standard = ChatStyle()
}
