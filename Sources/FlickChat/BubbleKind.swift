import Flick
import Foundation

/// A message bubble: left for the other person, right for the reader; rich text with tappable
/// links, and a picture when the message has one. The two sides are two kinds (the value
/// differs), so a row not laid out yet shows a bubble skeleton on its own side.
public struct BubbleKind: CellKind, Hashable {
    public struct Layout: CellLayout {
        public let height: Double
        let bubble: Rect
        let text: TextLayout
        let textOrigin: Point
        let mine: Bool
        let photo: (frame: Rect, url: String)?
        public let hitRegions: [HitRegion]
        public let images: [RowImageRequest]
        public var skeletonBoxes: [Rect] { [bubble] }
    }

    public let style: ChatStyle
    /// The side: the reader's messages (right) or the other person's (left).
    public let mine: Bool

    public init(style: ChatStyle = .standard, mine: Bool = false) {
        self.style = style
        self.mine = mine
    }

    public var background: Color { style.background }
    public var estimatedHeight: Double { 48 }

    /// A pale bubble on this kind's side, as tall as the row (less the gaps), half the widest
    /// bubble wide.
    public func drawEstimatedSkeleton(in canvas: Canvas) {
        let bounds = canvas.bounds
        let width = (bounds.width * style.maxBubbleShare * 0.6).rounded(.down)
        let height = max(2 * style.cornerRadius, bounds.height - 2 * style.rowGap)
        let x = mine ? bounds.width - style.sideMargin - width : style.sideMargin
        var fill = mine ? style.mineBubble : style.theirBubble
        fill.alpha = mine ? 0.3 : 0.7
        canvas.fillRoundedRect(Rect(x: x, y: style.rowGap, width: width, height: height), radius: style.cornerRadius, fill)
    }

    /// Find searches what the message says and who said it.
    public func searchableText(_ message: ChatMessage) -> String? { message.author + "\u{1F}" + message.text }

    /// "alice: text", then "photo" when the message carries one.
    public func accessibleLabel(_ message: ChatMessage) -> String? {
        let said = message.author.isEmpty ? message.text : message.author + ": " + message.text
        return message.photo == nil ? said : said + ", photo"
    }

    public func layout(_ message: ChatMessage, in environment: CellEnvironment) -> Layout {
        let scale = environment.scale
        let maxBubble = (environment.width * style.maxBubbleShare).rounded(.down)
        let textStyle = TextStyle(
            fontSize: style.fontSize, color: message.mine ? style.mineText : style.theirText,
            linkColors: message.mine ? style.mineLinks : .standard, maxLines: style.maxLines)
        let text = environment.text.layout(parsing: message.text, style: textStyle, width: maxBubble - 2 * style.padding)
        let textSize = Size(width: scale.ceil(text.size.width), height: scale.ceil(text.size.height))
        let photoSize = message.photo == nil ? Size(width: 0, height: 0) : Size(
            width: min(style.photoSize.width, maxBubble - 2 * style.padding), height: style.photoSize.height)
        let contentWidth = max(textSize.width, photoSize.width)
        let bubbleSize = Size(
            width: contentWidth + 2 * style.padding,
            height: style.padding + textSize.height + (message.photo == nil ? 0 : style.padding / 2 + photoSize.height) + style.padding)
        let x = message.mine ? environment.width - style.sideMargin - bubbleSize.width : style.sideMargin
        let bubble = Rect(x: x, y: style.rowGap, width: bubbleSize.width, height: bubbleSize.height).pixelAligned(scale)
        let textOrigin = Point(x: bubble.minX + style.padding, y: bubble.minY + style.padding)
        var regions = text.text.links.map { HitRegion.link($0, in: text, at: textOrigin) }
        var photo: (Rect, String)?
        var images: [RowImageRequest] = []
        if let url = message.photo {
            let frame = Rect(
                x: bubble.minX + style.padding, y: textOrigin.y + textSize.height + style.padding / 2,
                width: photoSize.width, height: photoSize.height
            ).pixelAligned(scale)
            photo = (frame, url)
            regions.append(HitRegion(label: "photo", rects: [frame]))
            let pixels = scale.pixelSize(frame.size)
            images.append(
                RowImageRequest(
                    url: url, frame: frame,
                    processors: [.aspectFill(pixels), .roundedCorners(radius: 8), .flatten(onto: message.mine ? style.mineBubble : style.theirBubble)]))
        }
        return Layout(
            height: bubble.maxY + style.rowGap, bubble: bubble, text: text, textOrigin: textOrigin, mine: message.mine,
            photo: photo, hitRegions: regions, images: images)
    }

    public func draw(_ layout: Layout, in canvas: Canvas, state: CellState) {
        canvas.fillRoundedRect(layout.bubble, radius: style.cornerRadius, layout.mine ? style.mineBubble : style.theirBubble)
        if let photo = layout.photo {
            canvas.fillRoundedRect(photo.frame, radius: 8, Color(hex: 0xC7C7CC))  // until the picture arrives
        }
        var pressedLink: RichTextRun?
        if case .pressed(let region) = state {
            pressedLink = layout.text.text.links.first { run in
                layout.text.rects(for: run.displayRange).map { $0.offsetBy(dx: layout.textOrigin.x, dy: layout.textOrigin.y) } == region.rects
            }
        }
        layout.text.draw(in: canvas, at: layout.textOrigin, highlightedLink: pressedLink)
    }
}

/// The day separator: a centred pill with the date, the sticky header of its day.
public struct DaySeparatorKind: CellKind, Hashable {
    public struct Layout: CellLayout {
        public let height: Double
        let pill: Rect
        let text: TextLayout
        let textOrigin: Point
        public var skeletonBoxes: [Rect] { [pill] }
    }

    public let style: ChatStyle

    public init(style: ChatStyle = .standard) { self.style = style }

    public var background: Color { style.background }
    public var estimatedHeight: Double { style.separatorHeight }
    public var isSectionHeader: Bool { true }

    /// An empty pill where the date will be.
    public func drawEstimatedSkeleton(in canvas: Canvas) {
        let bounds = canvas.bounds
        let pill = Rect(x: (bounds.width - 96) / 2, y: (min(bounds.height, style.separatorHeight) - 20) / 2, width: 96, height: 20)
        canvas.fillRoundedRect(pill, radius: 10, style.separatorFill)
    }

    public func layout(_ day: ChatDay, in environment: CellEnvironment) -> Layout {
        let scale = environment.scale
        let text = environment.text.layout(
            parsing: day.label, style: TextStyle(fontSize: 12, weight: .medium, color: style.separatorText), width: environment.width)
        let size = Size(width: scale.ceil(text.size.width) + 20, height: scale.ceil(text.size.height) + 8)
        let pill = Rect(
            x: ((environment.width - size.width) / 2), y: ((style.separatorHeight - size.height) / 2), width: size.width, height: size.height
        ).pixelAligned(scale)
        return Layout(height: style.separatorHeight, pill: pill, text: text, textOrigin: Point(x: pill.minX + 10, y: pill.minY + 4))
    }

    public func draw(_ layout: Layout, in canvas: Canvas, state: CellState) {
        canvas.fillRoundedRect(layout.pill, radius: layout.pill.height / 2, style.separatorFill)
        layout.text.draw(in: canvas, at: layout.textOrigin)
    }
}
