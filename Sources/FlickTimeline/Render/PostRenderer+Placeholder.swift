import FlickCore
import FlickRaster

extension PostRenderer {
    /// A generic skeleton tile for rows whose layout is not ready: avatar, name and meta bars,
    /// `placeholderBodyLines` body bars. The compositor repeats it down the row so no row is
    /// ever blank. Made once per width and scale; every size comes from `LayoutSpec`.
    public func placeholderTile(width: Double, scale: DisplayScale) -> Bitmap {
        let lineHeight = spec.bodyStyle.fontSize * spec.placeholderLineHeightRatio
        let height = spec.cellInsets.top + spec.avatarSize + spec.headerToBody + Double(spec.placeholderBodyLines) * lineHeight
        let canvas = Canvas(size: Size(width: width, height: height), scale: scale, opaqueBackground: spec.cellBackground)
        let avatar = Rect(x: spec.cellInsets.left, y: spec.cellInsets.top, width: spec.avatarSize, height: spec.avatarSize)
        canvas.fillEllipse(in: avatar, spec.skeletonColor)
        let left = avatar.maxX + spec.avatarToText
        let inset = spec.placeholderHeaderBarInset
        let barHeight = spec.nameStyle.fontSize * spec.skeletonBarHeightRatio
        bar(Rect(x: left, y: avatar.minY + inset, width: spec.placeholderNameBarWidth, height: barHeight), canvas)
        bar(Rect(x: left, y: avatar.maxY - inset - barHeight, width: spec.placeholderMetaBarWidth, height: barHeight), canvas)
        let bodyTop = avatar.maxY + spec.headerToBody
        let bodyBarHeight = lineHeight * spec.skeletonBarHeightRatio
        for line in 0..<spec.placeholderBodyLines {
            let isLast = line == spec.placeholderBodyLines - 1 && spec.placeholderBodyLines > 1
            let y = bodyTop + Double(line) * lineHeight + (lineHeight - bodyBarHeight) / 2
            let barWidth = (width - spec.cellInsets.horizontal) * (isLast ? spec.placeholderLastLineRatio : 1)
            bar(Rect(x: spec.cellInsets.left, y: y, width: barWidth, height: bodyBarHeight), canvas)
        }
        return canvas.makeBitmap()
    }

    private func bar(_ rect: Rect, _ canvas: Canvas) {
        canvas.fillRoundedRect(rect, radius: spec.skeletonCornerRadius, spec.skeletonColor)
    }
}
