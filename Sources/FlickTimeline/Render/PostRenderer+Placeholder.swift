import FlickCore
import FlickRaster

extension PostRenderer {
    /// A generic skeleton tile, `placeholderTileHeight` points tall, for rows whose layout is
    /// not ready: the compositor repeats it down the row so no row is ever blank. Made once
    /// per width and scale.
    public func placeholderTile(width: Double, scale: DisplayScale) -> Bitmap {
        let height = spec.cellInsets.top + spec.avatarSize + spec.headerToBody + 2 * spec.bodyStyle.fontSize * 1.5
        let canvas = Canvas(size: Size(width: width, height: height), scale: scale)
        canvas.fill(canvas.bounds, spec.cellBackground)
        let avatar = Rect(x: spec.cellInsets.left, y: spec.cellInsets.top, width: spec.avatarSize, height: spec.avatarSize)
        canvas.fillEllipse(in: avatar, spec.skeletonColor)
        let left = avatar.maxX + spec.avatarToText
        let barHeight = spec.nameStyle.fontSize * spec.skeletonBarHeightRatio
        canvas.fillRoundedRect(Rect(x: left, y: avatar.minY + 6, width: 96, height: barHeight), radius: spec.skeletonCornerRadius, spec.skeletonColor)
        canvas.fillRoundedRect(Rect(x: left, y: avatar.maxY - 6 - barHeight, width: 160, height: barHeight), radius: spec.skeletonCornerRadius, spec.skeletonColor)
        let bodyTop = avatar.maxY + spec.headerToBody
        let lineHeight = spec.bodyStyle.fontSize * 1.5
        for line in 0..<2 {
            let y = bodyTop + Double(line) * lineHeight + (lineHeight - lineHeight * spec.skeletonBarHeightRatio) / 2
            let barWidth = (width - spec.cellInsets.horizontal) * (line == 0 ? 1 : 0.7)
            canvas.fillRoundedRect(
                Rect(x: spec.cellInsets.left, y: y, width: barWidth, height: lineHeight * spec.skeletonBarHeightRatio),
                radius: spec.skeletonCornerRadius, spec.skeletonColor)
        }
        return canvas.makeBitmap()
    }
}
