import FlickCore

/// A rectangle in device pixels of the window (integer, half-open). Pure value; any thread.
public struct PixelRect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The common part, or an empty rect.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    public func offsetBy(dy: Int) -> PixelRect { PixelRect(x: x, y: y + dy, width: width, height: height) }
}

/// One layer of a frame as the software path places it: which bitmap (by identity), where it
/// lands and what clips it, in device pixels. Pure value; any thread.
public struct PlacedLayer: Hashable, Sendable {
    /// The bitmap's identity. Valid only while the frame's bitmaps are held (the presenter
    /// keeps the previous frame's layers alive, so an identity cannot be reused meanwhile).
    public let identity: ObjectIdentifier
    /// The destination rectangle (the bitmap's size at the display's scale).
    public let rect: PixelRect
    /// The clip the layer is cut to, when it has one.
    public let clip: PixelRect?

    public init(identity: ObjectIdentifier, rect: PixelRect, clip: PixelRect?) {
        self.identity = identity
        self.rect = rect
        self.clip = clip
    }

    /// The pixels the layer can touch inside `bounds`.
    public func visible(in bounds: PixelRect) -> PixelRect {
        let inBounds = rect.intersection(bounds)
        return clip.map { inBounds.intersection($0) } ?? inBounds
    }

    func shifted(by dy: Int) -> PlacedLayer {
        PlacedLayer(identity: identity, rect: rect.offsetBy(dy: dy), clip: clip?.offsetBy(dy: dy))
    }
}

/// What the software present path redraws this frame: the previous frame's pixels are moved
/// by `dy` rows (a scroll-blit), then only `bands` (whole-width row ranges) are drawn again
/// from this frame's layers. Pure function of the two frames' layers; any thread.
///
/// Why it is exact: after the shift, a pixel outside every band is covered by the same layers,
/// in the same order, at the same offsets as it was (each of this frame's layers there is
/// matched one to one with a previous layer showing the same bitmap, moved by exactly `dy`,
/// with its clip moved the same way), and uncovered pixels are the background in both. Rows
/// exposed by the shift, layers that are new, gone, moved differently (inserts, a row that
/// grew) or reordered, and the previous frame's overlays (the HUD drawn over the list) are
/// all in bands.
public struct ScrollBlitPlan: Hashable, Sendable {
    /// Rows to move the previous frame by (positive: content moves down the window).
    public let dy: Int
    /// Row ranges to redraw, sorted and disjoint.
    public let bands: [Range<Int>]
    /// Whether the whole window is redrawn (no usable previous frame).
    public let isFull: Bool

    /// The full redraw of a window `height` pixels tall.
    public static func full(height: Int) -> ScrollBlitPlan {
        ScrollBlitPlan(dy: 0, bands: height > 0 ? [0..<height] : [], isFull: true)
    }

    init(dy: Int, bands: [Range<Int>], isFull: Bool) {
        self.dy = dy
        self.bands = bands
        self.isFull = isFull
    }

    /// - Parameters:
    ///   - previous: the layers of the frame now in the window, in drawing order; `nil` when
    ///     the window's pixels are not a previous frame (first frame, new surface, new
    ///     background): then the plan is a full redraw.
    ///   - current: this frame's layers, in drawing order.
    ///   - previousOverlays: what was drawn over the previous frame's list (HUD, tints).
    ///   - bounds: the window, pixels (origin 0, 0).
    public init(previous: [PlacedLayer]?, current: [PlacedLayer], previousOverlays: [PixelRect], bounds: PixelRect) {
        guard let previous, bounds.height > 0 else {
            self = .full(height: bounds.height)
            return
        }
        let dy = Self.scrollDelta(previous: previous, current: current, bounds: bounds)
        guard abs(dy) < bounds.height else {
            self = .full(height: bounds.height)
            return
        }
        var dirty: [Range<Int>] = []
        func mark(_ rect: PixelRect) {
            let cut = rect.intersection(bounds)
            if !cut.isEmpty { dirty.append(cut.y..<cut.maxY) }
        }
        if dy > 0 { dirty.append(0..<dy) }
        if dy < 0 { dirty.append((bounds.height + dy)..<bounds.height) }
        // Match this frame's layers to the previous ones moved by dy, in drawing order: each
        // takes the first previous layer not taken yet that equals it moved. A frame has tens
        // of layers, so plain scans (no hashing, no allocation per layer) are the cheap way.
        var taken = Array(repeating: false, count: previous.count)
        var matched = Array(repeating: false, count: previous.count)
        var lastMatched = -1
        for layer in current {
            if let index = previous.indices.first(where: { !taken[$0] && previous[$0].identity == layer.identity && previous[$0].shifted(by: dy) == layer }) {
                taken[index] = true
                if index > lastMatched {
                    matched[index] = true
                    lastMatched = index
                    continue
                }
            }
            mark(layer.visible(in: bounds))
        }
        for (index, layer) in previous.enumerated() where !matched[index] {
            mark(layer.shifted(by: dy).visible(in: bounds))
        }
        for overlay in previousOverlays { mark(overlay.offsetBy(dy: dy)) }
        let bands = Self.merged(dirty)
        self.init(dy: dy, bands: bands, isFull: bands == [0..<bounds.height] && dy == 0)
    }

    /// Rows redrawn.
    public var redrawnRows: Int { bands.reduce(0) { $0 + $1.count } }

    /// The scroll between two frames: the move shared by the most pixels among layers whose
    /// bitmap appears once in each frame at the same x and size (rows, mostly); 0 when none.
    static func scrollDelta(previous: [PlacedLayer], current: [PlacedLayer], bounds: PixelRect) -> Int {
        // The one layer showing `identity` in `layers`, nil when none or several do.
        func only(_ identity: ObjectIdentifier, in layers: [PlacedLayer]) -> PlacedLayer? {
            var found: PlacedLayer?
            for layer in layers where layer.identity == identity {
                guard found == nil else { return nil }
                found = layer
            }
            return found
        }
        var weights: [(dy: Int, area: Int)] = []
        for now in current {
            guard let then = only(now.identity, in: previous), only(now.identity, in: current) != nil,
                then.rect.x == now.rect.x, then.rect.width == now.rect.width, then.rect.height == now.rect.height
            else { continue }
            let visible = now.visible(in: bounds)
            let area = visible.isEmpty ? 0 : visible.width * visible.height
            let dy = now.rect.y - then.rect.y
            if let slot = weights.firstIndex(where: { $0.dy == dy }) { weights[slot].area += area } else { weights.append((dy, area)) }
        }
        let best = weights.max { a, b in a.area != b.area ? a.area < b.area : abs(a.dy) > abs(b.dy) }
        return best.map { $0.area > 0 ? $0.dy : 0 } ?? 0
    }

    /// Sorted, overlapping or touching ranges joined.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, range.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                out.append(range)
            }
        }
        return out
    }
}

extension PlacedLayer {
    /// Where `layer` lands at `scale`, device pixels: its origin rounded to whole pixels, its
    /// bitmap's size at the display's scale, its clip in pixels — rounded outward: a clip edge
    /// inside a pixel still draws part of that pixel, so the pixel is the layer's (rounded to
    /// the nearest pixel instead, a row cut at 60.4 px left pixel row 60 out of the rows a
    /// plan redraws, and the window kept its old content there).
    public init(_ layer: DisplayLayer, scale: DisplayScale) {
        let bitmap = layer.bitmap
        let d = LayerPlacement.destination(origin: layer.origin, pixelSize: bitmap.pixelSize, bitmapScale: bitmap.scale, scale: scale)
        let clip = layer.clip.map { rect -> PixelRect in
            let c = rect.integral(scale).pixelRect(scale)
            return PixelRect(x: c.x, y: c.y, width: c.width, height: c.height)
        }
        self.init(identity: ObjectIdentifier(bitmap), rect: PixelRect(x: d.x, y: d.y, width: d.width, height: d.height), clip: clip)
    }
}
