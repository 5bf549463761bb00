import FlickCore
import FlickRaster

extension PostRenderer {
    /// The skeleton of a post of `kind` (nil: kind not known yet, drawn as text only) for a
    /// cell of `size` before its layout exists: what the finished cell looks like without its
    /// content — avatar circle, name and meta bars, body bars filling the height, a picture
    /// box (one picture), a row or more of grid squares (grid), or the retweet box with its
    /// bars (retweet), then the counters divider and the separator at the bottom. Every size
    /// comes from `LayoutSpec`, like the layout's own skeleton (`renderSkeleton`).
    ///
    /// Any thread (the list draws it on a worker, once per kind and size class); Cairo only,
    /// no text is laid out.
    public func renderKindSkeleton(_ kind: PostKind?, size: Size, scale: DisplayScale) -> Bitmap {
        let canvas = Canvas(size: size, scale: scale, opaqueBackground: spec.cellBackground)
        drawKindSkeleton(kind, in: canvas)
        return canvas.makeBitmap()
    }

    /// Draws that skeleton into `canvas` (its bounds are the cell; it already holds the cell
    /// background). Any thread.
    public func drawKindSkeleton(_ kind: PostKind?, in canvas: Canvas) {
        KindSkeletonPainter(spec: spec, size: canvas.bounds.size, scale: canvas.scale, canvas: canvas).paint(kind)
    }
}

/// Draws one kind skeleton into a canvas holding the cell background. One use; any thread.
private struct KindSkeletonPainter {
    let spec: LayoutSpec
    let size: Size
    let scale: DisplayScale
    let canvas: Canvas

    var left: Double { spec.cellInsets.left }
    var contentWidth: Double { size.width - spec.cellInsets.horizontal }
    var bodyLineHeight: Double { spec.bodyStyle.fontSize * spec.placeholderLineHeightRatio }

    func paint(_ kind: PostKind?) {
        let separatorTop = max(0, size.height - spec.separatorHeight)
        canvas.fill(Rect(x: 0, y: separatorTop, width: size.width, height: spec.separatorHeight).pixelAligned(scale), spec.separatorColor)
        let dividerY = scale.floor(max(0, separatorTop - spec.countersHeight))
        canvas.fill(Rect(x: left, y: dividerY, width: contentWidth, height: spec.countersDividerPixels / scale.value), spec.countersDividerColor)
        let avatar = Rect(x: left, y: spec.cellInsets.top, width: spec.avatarSize, height: spec.avatarSize).pixelAligned(scale)
        canvas.fillEllipse(in: avatar, spec.skeletonColor)
        let barHeight = spec.nameStyle.fontSize * spec.skeletonBarHeightRatio
        let nameLeft = avatar.maxX + spec.avatarToText
        let inset = spec.placeholderHeaderBarInset
        bar(Rect(x: nameLeft, y: avatar.minY + inset, width: spec.placeholderNameBarWidth, height: barHeight))
        bar(Rect(x: nameLeft, y: avatar.maxY - inset - barHeight, width: spec.placeholderMetaBarWidth, height: barHeight))

        let top = avatar.maxY + spec.headerToBody
        let bottom = dividerY - spec.contentToCounters
        guard bottom > top else { return }
        switch kind {
        case nil, .textOnly?:
            textBars(top: top, bottom: bottom, left: left, width: contentWidth, lineHeight: bodyLineHeight)
        case .singlePicture?:
            let height = min(spec.singlePictureMaxHeight, max(spec.singlePictureMinHeight, bottom - top - bodyLineHeight - spec.textToPictures))
            let boxTop = max(top, bottom - height)
            textBars(top: top, bottom: boxTop - spec.textToPictures, left: left, width: contentWidth, lineHeight: bodyLineHeight)
            box(Rect(x: left, y: boxTop, width: contentWidth * spec.singlePictureMaxWidthRatio, height: bottom - boxTop))
        case .pictureGrid?:
            let columns = Double(spec.gridColumns)
            let side = scale.floor((contentWidth - spec.pictureGap * (columns - 1)) / columns)
            let fitting = Int((bottom - top - bodyLineHeight - spec.textToPictures + spec.pictureGap) / (side + spec.pictureGap))
            let rows = min(3, max(1, fitting))
            let gridTop = max(top, bottom - Double(rows) * side - Double(rows - 1) * spec.pictureGap)
            textBars(top: top, bottom: gridTop - spec.textToPictures, left: left, width: contentWidth, lineHeight: bodyLineHeight)
            for index in 0..<(rows * spec.gridColumns) {
                let x = left + Double(index % spec.gridColumns) * (side + spec.pictureGap)
                let y = gridTop + Double(index / spec.gridColumns) * (side + spec.pictureGap)
                box(Rect(x: x, y: y, width: side, height: min(side, bottom - y)))
            }
        case .retweet?:
            let bodyBottom = min(bottom, top + 2 * bodyLineHeight)
            textBars(top: top, bottom: bodyBottom, left: left, width: contentWidth, lineHeight: bodyLineHeight)
            let frame = Rect(x: left, y: bodyBottom + spec.bodyToRetweet, width: contentWidth, height: bottom - bodyBottom - spec.bodyToRetweet)
            guard frame.height > 0 else { return }
            canvas.fill(frame.pixelAligned(scale), spec.retweetBackground)
            let inner = frame.inset(by: spec.retweetInsets)
            textBars(
                top: inner.minY, bottom: inner.maxY, left: inner.minX, width: inner.width,
                lineHeight: spec.retweetStyle.fontSize * spec.placeholderLineHeightRatio)
        }
    }

    /// Body bars one line apart from `top` while a whole line fits above `bottom`, the last
    /// one shorter, as a paragraph ends.
    private func textBars(top: Double, bottom: Double, left: Double, width: Double, lineHeight: Double) {
        let lines = Int((bottom - top) / lineHeight)
        guard lines > 0, width > 0 else { return }
        let height = lineHeight * spec.skeletonBarHeightRatio
        for line in 0..<lines {
            let isLast = line == lines - 1 && lines > 1
            let y = top + Double(line) * lineHeight + (lineHeight - height) / 2
            // Square, pixel-aligned bars take Cairo's rectangle fast path (as `drawSkeleton`).
            canvas.fill(Rect(x: left, y: y, width: width * (isLast ? spec.placeholderLastLineRatio : 1), height: height).pixelAligned(scale), spec.skeletonColor)
        }
    }

    private func bar(_ rect: Rect) {
        canvas.fillRoundedRect(rect, radius: spec.skeletonCornerRadius, spec.skeletonColor)
    }

    private func box(_ rect: Rect) {
        guard rect.height > 0 else { return }
        canvas.fill(rect.pixelAligned(scale), spec.skeletonColor)
    }
}
