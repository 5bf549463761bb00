import FlickCore
import FlickRaster
import FlickText

/// Computes `PostLayout`s. Runs on a worker with that worker's `TextContext` (seed 002
/// "优化一": frames and heights computed off the main thread, once, then cached).
///
/// Every frame goes through `DisplayScale` alignment; every size comes from `LayoutSpec`.
public struct PostLayouter: Sendable {
    public let spec: LayoutSpec
    public let parser: RichTextParser
    public let counts: CountFormatter

    public init(spec: LayoutSpec = LayoutSpec(), parser: RichTextParser = RichTextParser(), counts: CountFormatter = CountFormatter()) {
        self.spec = spec
        self.parser = parser
        self.counts = counts
    }

    /// The key a layout of `post` at this width, scale and font scale is cached under.
    public func key(for post: Post, width: Double, scale: DisplayScale, fontScale: Double = 1) -> PostLayoutKey {
        PostLayoutKey(
            postID: post.id, contentVersion: post.contentVersion, width: width, scale: scale.value, fontScale: fontScale,
            layoutVersion: spec.version)
    }

    /// The environment part of `key(for:…)`: how heights of every post laid out with these
    /// values are filed in the store.
    public func environmentKey(width: Double, scale: DisplayScale, fontScale: Double = 1) -> String {
        PostLayoutKey.environmentKey(width: width, scale: scale.value, fontScale: fontScale, layoutVersion: spec.version)
    }

    /// Lays out `post` for a cell `width` points wide. Call on the worker that owns `context`.
    public func layout(_ post: Post, width: Double, scale: DisplayScale, fontScale: Double = 1, context: TextContext) -> PostLayout {
        var pass = LayoutPass(
            spec: spec.scalingFonts(by: fontScale), scale: scale, width: max(width, minimumWidth), context: context,
            parser: parser, counts: counts)
        return pass.run(post, key: key(for: post, width: width, scale: scale, fontScale: fontScale))
    }

    /// Narrower cells are laid out at this width (the content column must stay positive).
    var minimumWidth: Double {
        spec.cellInsets.horizontal + spec.avatarSize + spec.avatarToText + spec.moreButtonWidth + spec.minimumNameColumnWidth
    }
}

/// One layout computation, top to bottom; `y` is the running cursor in points.
private struct LayoutPass {
    let spec: LayoutSpec
    let scale: DisplayScale
    let width: Double
    let context: TextContext
    let parser: RichTextParser
    let counts: CountFormatter

    var contentLeft: Double { spec.cellInsets.left }
    var contentWidth: Double { width - spec.cellInsets.horizontal }

    mutating func run(_ post: Post, key: PostLayoutKey) -> PostLayout {
        let avatarFrame = Rect(x: contentLeft, y: spec.cellInsets.top, width: spec.avatarSize, height: spec.avatarSize)
            .pixelAligned(scale)
        let avatar = post.user.avatar.map { url in
            imageSlot(.avatar, url: url, frame: avatarFrame, corner: .circle(borderWidth: 0, borderColor: .clear))
        }
        let header = headerTexts(post, avatarFrame: avatarFrame)
        var y = avatarFrame.maxY + spec.headerToBody

        let body = place(bodyText(post.text, style: spec.bodyStyle), at: Point(x: contentLeft, y: y), width: contentWidth)
        if let body { y = body.frame.maxY }

        let grid = PictureGrid(spec: spec, scale: scale)
        var pictures: [ImageSlot] = []
        if !post.pics.isEmpty {
            y += spec.textToPictures
            let placed = grid.frames(for: post.pics, origin: Point(x: contentLeft, y: y), width: contentWidth)
            pictures = zip(post.pics.indices, placed.frames).map { index, frame in
                imageSlot(.picture(index), url: post.pics[index].url, frame: frame, corner: .roundedCorners(radius: spec.pictureCornerRadius))
            }
            y += placed.height
        }

        var retweet: RetweetBox? = nil
        if let original = post.retweeted {
            y += spec.bodyToRetweet
            let box = retweetBox(original, top: y, grid: grid)
            retweet = box
            y = box.frame.maxY
        }

        y = scale.ceil(y + spec.contentToCounters)
        let divider = Rect(x: contentLeft, y: y, width: contentWidth, height: spec.countersDividerPixels / scale.value)
        let counterSlots = counters(post, top: y)
        let separator = Rect(x: 0, y: y + spec.countersHeight, width: width, height: spec.separatorHeight).pixelAligned(scale)
        return PostLayout(
            key: key, kind: post.kind, size: Size(width: width, height: separator.maxY), avatar: avatar,
            avatarFrame: avatarFrame, name: header.name, badgeFrame: header.badge, meta: header.meta,
            moreFrame: header.more, body: body, pictures: pictures, retweet: retweet, countersDivider: divider,
            counters: counterSlots, separator: separator)
    }

    // MARK: Header

    private func headerTexts(_ post: Post, avatarFrame: Rect) -> (name: PlacedText, badge: Rect?, meta: PlacedText, more: Rect) {
        let left = avatarFrame.maxX + spec.avatarToText
        let more = Rect(
            x: width - spec.cellInsets.right - spec.moreButtonWidth, y: avatarFrame.minY, width: spec.moreButtonWidth,
            height: spec.counterIconSize
        ).pixelAligned(scale)
        let columnWidth = more.minX - left
        let badgeSpace = post.user.verified ? spec.nameToBadge + spec.badgeSize : 0
        let nameWidth = max(1, columnWidth - badgeSpace)
        let nameField = kept(post.user.name, style: spec.nameStyle, width: nameWidth)
        let nameLayout = context.layout(
            RichText(plain: Self.withoutDirectionControls(String(nameField.text)), isCut: nameField.isCut), style: spec.nameStyle,
            width: nameWidth)
        let source = post.source.map { kept($0, style: spec.metaStyle, width: columnWidth) }
        let metaText = MetaLine.text(createdAt: post.createdAt, source: source.map { String($0.text) })
        let metaLayout = context.layout(
            RichText(plain: metaText, isCut: source?.isCut ?? false), style: spec.metaStyle, width: columnWidth)
        let blockHeight = nameLayout.size.height + spec.nameToMeta + metaLayout.size.height
        let top = avatarFrame.minY + max(0, (avatarFrame.height - blockHeight) / 2)
        let name = placed(nameLayout, at: Point(x: left, y: top))
        let meta = placed(metaLayout, at: Point(x: left, y: top + nameLayout.size.height + spec.nameToMeta))
        let badge = post.user.verified
            ? Rect(
                x: name.frame.minX + nameLayout.size.width + spec.nameToBadge,
                y: name.frame.midY - spec.badgeSize / 2, width: spec.badgeSize, height: spec.badgeSize
            ).pixelAligned(scale)
            : nil
        return (name, badge, meta, more)
    }

    // MARK: Text

    /// The body parsed as far as its lines can show (`TextLimits`): a megabyte of text costs
    /// what twelve lines cost, and ends with "…全文" like any long body.
    private func bodyText(_ raw: String, style: TextStyle) -> (RichText, TextStyle)? {
        guard !raw.isEmpty else { return nil }
        let style = truncating(style)
        return (parser.parse(raw, fitting: context.capacity(for: style, width: contentWidth)), style)
    }

    /// `field` cut to what `style` can show in `width` points, before anything copies it.
    private func kept(_ field: String, style: TextStyle, width: Double) -> (text: Substring, isCut: Bool) {
        context.capacity(for: style, width: width)?.cut(field) ?? (field[...], false)
    }

    private func truncating(_ style: TextStyle) -> TextStyle {
        var style = style
        style.maxLines = spec.maxBodyLines
        style.truncationToken = spec.fullTextToken
        return style
    }

    private func place(_ text: (RichText, TextStyle)?, at origin: Point, width: Double) -> PlacedText? {
        guard let (richText, style) = text else { return nil }
        return placed(context.layout(richText, style: style, width: width), at: origin)
    }

    private func placed(_ layout: TextLayout, at origin: Point) -> PlacedText {
        let aligned = origin.pixelAligned(scale)
        return PlacedText(frame: Rect(origin: aligned, size: layout.size.pixelCeiled(scale)), layout: layout)
    }

    // MARK: Retweet

    private func retweetBox(_ original: RetweetedPost, top: Double, grid: PictureGrid) -> RetweetBox {
        let insets = spec.retweetInsets
        let inner = Rect(x: contentLeft, y: top, width: contentWidth, height: 0).inset(by: EdgeInsets(top: insets.top, left: insets.left, bottom: 0, right: insets.right))
        // "@name: text", the name a tappable mention whatever characters it holds. The name is
        // cut to one line's worth (as in the header) and the text to what the box can show,
        // before either is copied or parsed.
        let style = truncating(spec.retweetStyle)
        let name = kept(original.user.name, style: spec.nameStyle, width: inner.width)
        let mention = "@" + Self.withoutDirectionControls(String(name.text)) + (name.isCut ? "…" : "")
        let prefix = RichText(
            displayText: mention + ": ",
            runs: [
                RichTextRun(kind: .mention, displayRange: 0..<mention.utf8.count, target: original.user.name),
                RichTextRun(kind: .plain, displayRange: mention.utf8.count..<(mention.utf8.count + 2)),
            ])
        let body = prefix.prefix(
            bytes: prefix.displayText.utf8.count,
            appending: parser.parse(original.text, fitting: context.capacity(for: style, width: inner.width)))
        let text = place((body, style), at: inner.origin, width: inner.width)
        var y = text?.frame.maxY ?? inner.minY
        var pictures: [ImageSlot] = []
        if !original.pics.isEmpty {
            y += spec.textToPictures
            let placed = grid.frames(for: original.pics, origin: Point(x: inner.minX, y: y), width: inner.width)
            pictures = zip(original.pics.indices, placed.frames).map { index, frame in
                imageSlot(
                    .retweetPicture(index), url: original.pics[index].url, frame: frame,
                    corner: .roundedCorners(radius: spec.pictureCornerRadius))
            }
            y += placed.height
        }
        let frame = Rect(x: contentLeft, y: top, width: contentWidth, height: y + insets.bottom - top).pixelAligned(scale)
        return RetweetBox(frame: frame, text: text, pictures: pictures)
    }

    /// `name` without explicit direction controls (embeddings, overrides and isolates,
    /// U+202A…U+202E, U+2066…U+2069, and the marks U+200E, U+200F, U+061C). A retweeted name is
    /// shown inside "@name: text": an unclosed right-to-left override in it would reverse the
    /// text after it, and Pango takes the paragraph's direction from the first strong
    /// character, override included, so an isolate does not contain it; in the header an
    /// override only spoofs the name ("evil" shown as "live"). Right-to-left letters keep their
    /// direction without the controls.
    static func withoutDirectionControls(_ name: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
            default: false
            }
        }
        guard name.unicodeScalars.contains(where: isControl) else { return name }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: name.unicodeScalars.lazy.filter { !isControl($0) })
        return String(scalars)
    }

    // MARK: Counters

    private func counters(_ post: Post, top: Double) -> [CounterSlot] {
        let values: [(CounterKind, Int)] = [(.reposts, post.reposts), (.comments, post.comments), (.likes, post.likes)]
        let third = contentWidth / Double(values.count)
        return values.enumerated().map { index, entry in
            let (kind, count) = entry
            let hit = Rect(x: contentLeft + Double(index) * third, y: top, width: third, height: spec.countersHeight)
            let label = context.layout(RichText(plain: counts.string(count, zeroLabel: kind.zeroLabel)), style: spec.counterStyle, width: third)
            let contentWidth = spec.counterIconSize + spec.counterIconToLabel + label.size.width
            let left = hit.midX - contentWidth / 2
            let icon = Rect(x: left, y: hit.midY - spec.counterIconSize / 2, width: spec.counterIconSize, height: spec.counterIconSize)
                .pixelAligned(scale)
            let text = placed(label, at: Point(x: icon.maxX + spec.counterIconToLabel, y: hit.midY - label.size.height / 2))
            return CounterSlot(kind: kind, iconFrame: icon, label: text, hitFrame: hit.pixelAligned(scale))
        }
    }

    // MARK: Images

    /// The slot's processing: fill the frame's pixels, cut the corner shape, then flatten onto
    /// what lies behind (the cell, or the retweet box) so the layer is opaque and copied, not
    /// blended, on the main thread.
    private func imageSlot(_ role: ImageSlot.Role, url: String, frame: Rect, corner: ImageProcessor) -> ImageSlot {
        let pixels = PixelSize(width: scale.pixels(frame.width), height: scale.pixels(frame.height))
        let behind: Color = if case .retweetPicture = role { spec.retweetBackground } else { spec.cellBackground }
        return ImageSlot(
            role: role, url: url, frame: frame, processors: [.aspectFill(pixels), corner, .flatten(onto: behind)], pixelSize: pixels)
    }
}
