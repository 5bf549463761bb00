import FlickRaster

/// Font weight for a `TextStyle`.
public enum FontWeight: Hashable, Sendable {
    case regular
    case medium
    case bold
}

/// Colours for each kind of link.
public struct LinkColors: Hashable, Sendable {
    public var mention: Color
    public var topic: Color
    public var url: Color
    public var fullText: Color

    public init(mention: Color, topic: Color, url: Color, fullText: Color) {
        self.mention = mention
        self.topic = topic
        self.url = url
        self.fullText = fullText
    }

    /// Weibo-like blue for everything tappable.
    public static let standard = LinkColors(
        mention: Color(hex: 0x2A6BB8), topic: Color(hex: 0x2A6BB8), url: Color(hex: 0x2A6BB8), fullText: Color(hex: 0x2A6BB8))
}

/// How a piece of rich text looks. Plain value, part of layout cache keys.
public struct TextStyle: Hashable, Sendable {
    /// Font family; default "Flick Sans" (the pinned Noto Sans CJK SC + Noto Color Emoji stack).
    public var fontFamily: String
    /// Font size in points; default 15, the body size of a phone timeline.
    public var fontSize: Double
    public var weight: FontWeight
    /// Colour of plain runs; default near-black #333333.
    public var color: Color
    public var linkColors: LinkColors
    /// Extra points between lines; default 3.
    public var lineSpacing: Double
    /// Lines shown at most; past it the text is cut and `truncationToken` appended. `nil`: no limit.
    public var maxLines: Int?
    /// What ends a truncated text; default a plain "…".
    public var truncationToken: RichText
    /// Fill behind a pressed link (seed 001's highlight); default translucent blue.
    public var highlightColor: Color
    /// Corner radius of the pressed-link highlight, points; default 2.
    public var highlightCornerRadius: Double

    public init(
        fontFamily: String = "Flick Sans", fontSize: Double = 15, weight: FontWeight = .regular,
        color: Color = Color(hex: 0x333333), linkColors: LinkColors = .standard, lineSpacing: Double = 3,
        maxLines: Int? = nil, truncationToken: RichText = RichText(plain: "…"),
        highlightColor: Color = Color(hex: 0x2A6BB8, alpha: 0.22), highlightCornerRadius: Double = 2
    ) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.weight = weight
        self.color = color
        self.linkColors = linkColors
        self.lineSpacing = lineSpacing
        self.maxLines = maxLines
        self.truncationToken = truncationToken
        self.highlightColor = highlightColor
        self.highlightCornerRadius = highlightCornerRadius
    }

    /// The colour a run of `kind` is drawn in.
    public func color(for kind: RichTextKind) -> Color {
        switch kind {
        case .plain, .emoticon, .emoji: color
        case .mention: linkColors.mention
        case .topic: linkColors.topic
        case .url: linkColors.url
        case .fullText: linkColors.fullText
        }
    }
}
