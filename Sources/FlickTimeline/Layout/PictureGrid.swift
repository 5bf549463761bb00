import FlickCore

/// Frames of a post's pictures inside a content column: one picture aspect-fit from its size
/// hint (so the cell's height is right before the image arrives), 2–9 in a grid of
/// `gridColumns` columns, `squareGridCount` (4) in `squareGridColumns` (2 × 2). Pure; any thread.
struct PictureGrid {
    let spec: LayoutSpec
    let scale: DisplayScale

    /// Frames relative to `origin`, pixel-aligned, and the total height they take.
    func frames(for pictures: [Picture], origin: Point, width: Double) -> (frames: [Rect], height: Double) {
        switch pictures.count {
        case 0:
            return ([], 0)
        case 1:
            let size = singleSize(aspect: pictures[0].aspectRatio ?? spec.defaultPictureAspect, width: width)
            let frame = Rect(origin: origin, size: size).pixelAligned(scale)
            return ([frame], frame.height)
        default:
            let columns = pictures.count == spec.squareGridCount ? spec.squareGridColumns : spec.gridColumns
            let side = scale.floor((width - spec.pictureGap * Double(spec.gridColumns - 1)) / Double(spec.gridColumns))
            let step = side + spec.pictureGap
            let frames = pictures.indices.map { index in
                Rect(
                    x: origin.x + Double(index % columns) * step, y: origin.y + Double(index / columns) * step,
                    width: side, height: side
                ).pixelAligned(scale)
            }
            let rows = (pictures.count + columns - 1) / columns
            return (frames, Double(rows) * side + Double(rows - 1) * spec.pictureGap)
        }
    }

    /// Aspect-fit inside (max width, max height), but never shorter than the minimum height:
    /// a panorama gets a wide, short box and is cropped by aspect-fill.
    private func singleSize(aspect rawAspect: Double, width: Double) -> Size {
        let aspect = rawAspect.isFinite && rawAspect > 0 ? rawAspect : spec.defaultPictureAspect
        let maxWidth = width * spec.singlePictureMaxWidthRatio
        var w = maxWidth
        var h = w / aspect
        if h > spec.singlePictureMaxHeight {
            h = spec.singlePictureMaxHeight
            w = h * aspect
        }
        if h < spec.singlePictureMinHeight {
            h = spec.singlePictureMinHeight
            w = min(width, h * aspect)
        }
        return Size(width: scale.round(w), height: scale.round(h))
    }
}
