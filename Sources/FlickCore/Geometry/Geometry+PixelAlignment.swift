extension Point {
    /// Both coordinates moved to the nearest device-pixel boundary.
    public func pixelAligned(_ scale: DisplayScale) -> Point {
        Point(x: scale.round(x), y: scale.round(y))
    }
}

extension Size {
    /// Both sides rounded up to whole device pixels.
    public func pixelCeiled(_ scale: DisplayScale) -> Size {
        Size(width: scale.ceil(width), height: scale.ceil(height))
    }
}

extension Rect {
    /// Each edge moved to its nearest device-pixel boundary. The rect keeps its place and
    /// roughly its size; two rects that shared an edge still share it after rounding.
    /// Use for frames of content laid out side by side.
    public func pixelAligned(_ scale: DisplayScale) -> Rect {
        let x0 = scale.round(minX)
        let y0 = scale.round(minY)
        return Rect(x: x0, y: y0, width: scale.round(maxX) - x0, height: scale.round(maxY) - y0)
    }

    /// The smallest pixel-aligned rect that covers this one (min edges floored, max edges
    /// ceiled): use for dirty regions and bitmaps that must hold every touched pixel.
    public func integral(_ scale: DisplayScale) -> Rect {
        let x0 = scale.floor(minX)
        let y0 = scale.floor(minY)
        return Rect(x: x0, y: y0, width: scale.ceil(maxX) - x0, height: scale.ceil(maxY) - y0)
    }

    /// Whether all four edges lie on device-pixel boundaries.
    public func isPixelAligned(_ scale: DisplayScale) -> Bool {
        scale.isAligned(minX) && scale.isAligned(minY) && scale.isAligned(maxX) && scale.isAligned(maxY)
    }

    /// The rect in whole device pixels (x, y, width, height), for placing bitmaps.
    public func pixelRect(_ scale: DisplayScale) -> (x: Int, y: Int, width: Int, height: Int) {
        let x0 = scale.pixels(minX)
        let y0 = scale.pixels(minY)
        return (x0, y0, scale.pixels(maxX) - x0, scale.pixels(maxY) - y0)
    }
}
