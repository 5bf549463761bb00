import FlickCore
import FlickRaster
import FlickText

/// Every gap, size, colour and font of a timeline cell, named. Layout and rendering code
/// reads these and holds no bare numbers of its own; a change here is a visual change, so
/// bump `version` with it (it is part of every layout cache key).
///
/// Defaults follow a phone timeline at 375 pt (VVebo's Weibo cell, seeds 000/003).
public struct LayoutSpec: Hashable, Sendable {
    /// Part of layout cache keys: bump whenever a default below changes.
    public var version = 1

    // MARK: Cell
    /// Space between the cell edge and its content; default 12 pt each side.
    public var cellInsets = EdgeInsets(top: 12, left: 12, bottom: 0, right: 12)
    /// Gap drawn between two cells (a grey band, like Weibo); default 8 pt.
    public var separatorHeight = 8.0
    public var cellBackground = Color.white
    public var separatorColor = Color(hex: 0xF2F2F2)

    // MARK: Header
    /// Avatar side; default 40 pt.
    public var avatarSize = 40.0
    /// Gap between avatar and name column; default 10 pt.
    public var avatarToText = 10.0
    /// Name font: 15 pt medium, Weibo orange for verified users' names is not used; dark grey.
    public var nameStyle = TextStyle(fontSize: 15, weight: .medium, color: Color(hex: 0x333333), lineSpacing: 0, maxLines: 1)
    /// Verified badge side (a blue circle with a tick); default 14 pt.
    public var badgeSize = 14.0
    /// Gap between name and badge; default 4 pt.
    public var nameToBadge = 4.0
    /// Time + source line: 12 pt light grey.
    public var metaStyle = TextStyle(fontSize: 12, color: Color(hex: 0x939393), lineSpacing: 0, maxLines: 1)
    /// Gap between name line and meta line; default 2 pt.
    public var nameToMeta = 2.0
    /// Gap between the header (avatar) and the body text; default 10 pt.
    public var headerToBody = 10.0
    /// Narrowest the name and meta column may get: a cell narrower than insets + avatar +
    /// `avatarToText` + `moreButtonWidth` + this is laid out at that width instead; default
    /// 40 pt (two or three name characters), so the column never reaches zero or below.
    public var minimumNameColumnWidth = 40.0

    // MARK: Body
    /// Body text: 16 pt, 4 pt line spacing, at most `maxBodyLines` lines then "…全文".
    public var bodyStyle = TextStyle(fontSize: 16, color: Color(hex: 0x333333), lineSpacing: 4)
    /// Lines of body text before truncation; default 12 (Weibo folds long posts behind 全文).
    public var maxBodyLines = 12
    /// The token ending a truncated body; tapping it opens the full text.
    public var fullTextToken = RichText(
        displayText: "…全文", runs: [RichTextRun(kind: .fullText, displayRange: 0..<"…全文".utf8.count, target: "full-text")])

    // MARK: Pictures
    /// Gap between grid pictures; default 4 pt.
    public var pictureGap = 4.0
    /// Gap between text and pictures; default 8 pt.
    public var textToPictures = 8.0
    /// Columns of the picture grid (4 pictures use 2 × 2); default 3.
    public var gridColumns = 3
    /// A post with exactly this many pictures shows them in `squareGridColumns` columns;
    /// default 4 (Weibo's 2 × 2: 3 + 1 would leave a lone picture on the second row).
    public var squareGridCount = 4
    /// Columns for `squareGridCount` pictures; default 2. Tiles keep the `gridColumns` size.
    public var squareGridColumns = 2
    /// A single picture fits within this share of the content width; default 2/3.
    public var singlePictureMaxWidthRatio = 2.0 / 3.0
    /// A single picture is at most this tall; default 240 pt.
    public var singlePictureMaxHeight = 240.0
    /// …and at least this tall, so panoramas stay visible; default 80 pt.
    public var singlePictureMinHeight = 80.0
    /// Aspect (w/h) assumed when the feed gives no size hint; default 1 (square).
    public var defaultPictureAspect = 1.0
    /// Placeholder fill of a picture slot until its image arrives.
    public var picturePlaceholder = Color(hex: 0xEDEDED)
    /// Corner radius of pictures; default 4 pt (pre-rendered by the image pipeline, not masked).
    public var pictureCornerRadius = 4.0

    // MARK: Retweet
    /// Gap between body and the retweet box; default 8 pt.
    public var bodyToRetweet = 8.0
    /// Padding inside the retweet box; default 10 pt.
    public var retweetInsets = EdgeInsets(all: 10)
    public var retweetBackground = Color(hex: 0xF7F7F7)
    /// Retweeted text: 15 pt, 3 pt line spacing, same truncation rule.
    public var retweetStyle = TextStyle(fontSize: 15, color: Color(hex: 0x5D5D5D), lineSpacing: 3)

    // MARK: Counters
    /// Gap between content and the counters bar; default 8 pt.
    public var contentToCounters = 8.0
    /// Counters bar height; default 36 pt.
    public var countersHeight = 36.0
    /// Counter label: 13 pt grey.
    public var counterStyle = TextStyle(fontSize: 13, color: Color(hex: 0x808080), lineSpacing: 0, maxLines: 1)
    /// Counter icon side; default 16 pt.
    public var counterIconSize = 16.0
    /// Gap between a counter's icon and its label; default 4 pt.
    public var counterIconToLabel = 4.0
    public var counterIconColor = Color(hex: 0x808080)
    /// Hairline above the counters bar.
    public var countersDividerColor = Color(hex: 0xEDEDED)
    /// Thickness of that hairline in device pixels, not points; default 1 (one pixel at
    /// every scale, the sharpest line a display can show).
    public var countersDividerPixels = 1.0
    /// Width of the "•••" more button; default 28 pt.
    public var moreButtonWidth = 28.0

    // MARK: Icons
    /// Outline width of the counter and more icons as a share of the icon side; default 1/12
    /// (1.3 pt at the 16 pt counter icon: a light outline that stays visible at scale 1).
    public var iconStrokeRatio = 1.0 / 12.0
    /// Thinnest icon stroke; default 1 pt, so a small icon at scale 1 keeps a whole-pixel line.
    public var iconMinimumStroke = 1.0
    /// Fill of the verified badge; default Weibo's verified blue 0x2D8CF0.
    public var verifiedBadgeColor = Color(hex: 0x2D8CF0)
    /// The tick drawn on the badge; default white.
    public var verifiedTickColor = Color.white
    /// Tick width as a share of the badge side; default 1/8, bolder than `iconStrokeRatio`
    /// because the badge (14 pt) is smaller than a counter icon and must read as a tick.
    public var verifiedTickStrokeRatio = 1.0 / 8.0

    // MARK: Interaction
    /// Points of tolerance around link glyphs and the more button when hit-testing a tap;
    /// default 2 pt (a finger is wider than a glyph; more would steal taps from neighbours).
    public var hitSlop = 2.0

    // MARK: Skeleton
    public var skeletonColor = Color(hex: 0xEBEBEB)
    /// Corner radius of skeleton bars; default 3 pt.
    public var skeletonCornerRadius = 3.0
    /// Skeleton bars are this share of a text line's height; default 0.6.
    public var skeletonBarHeightRatio = 0.6

    // MARK: Placeholder tile (rows with no layout yet)
    /// Width of the placeholder's name bar; default 96 pt (a typical short name).
    public var placeholderNameBarWidth = 96.0
    /// Width of the placeholder's time/source bar; default 160 pt.
    public var placeholderMetaBarWidth = 160.0
    /// Inset of the header bars from the avatar's top and bottom; default 6 pt.
    public var placeholderHeaderBarInset = 6.0
    /// Body lines the placeholder shows; default 2, the last at `placeholderLastLineRatio` width.
    public var placeholderBodyLines = 2
    /// Share of the content width the last placeholder body line takes; default 0.7.
    public var placeholderLastLineRatio = 0.7
    /// Line height of placeholder body lines as a multiple of the body font size; default 1.5
    /// (close to Noto Sans CJK's line height plus the body's line spacing).
    public var placeholderLineHeightRatio = 1.5

    public init() {}

    /// The spec with every font scaled by `fontScale` (Dynamic Type-style accessibility sizes).
    public func scalingFonts(by fontScale: Double) -> LayoutSpec {
        guard fontScale != 1 else { return self }
        var spec = self
        for path in [\LayoutSpec.nameStyle, \.metaStyle, \.bodyStyle, \.retweetStyle, \.counterStyle] {
            spec[keyPath: path].fontSize *= fontScale
            spec[keyPath: path].lineSpacing *= fontScale
        }
        spec.avatarSize *= fontScale
        spec.badgeSize *= fontScale
        spec.counterIconSize *= fontScale
        spec.countersHeight *= fontScale
        return spec
    }
}
