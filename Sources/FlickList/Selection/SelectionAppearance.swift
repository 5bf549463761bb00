import FlickCore
import FlickRaster

/// How focus and selection look: drawn by the compositor *over* the rows' bitmaps as layers of
/// small shared tiles, never baked into a cell, so moving the focus or changing the selection
/// re-rasterizes nothing. Plain value; the list's configuration holds one.
public struct SelectionAppearance: Sendable, Hashable {
    /// Laid over a selected row; default GNOME's accent blue at 18 %: the row's content stays
    /// readable (text contrast drops by less than a fifth) while the selection is plain to see.
    public var selectedTint = Color(red: 0.208, green: 0.518, blue: 0.894, alpha: 0.18)
    /// The focus ring's colour; default the same accent, opaque (GTK's focus outline colour).
    public var ringColor = Color(red: 0.208, green: 0.518, blue: 0.894, alpha: 1)
    /// The ring's width, points; default 2 pt, GTK's focus outline width, visible at 1× and @2x.
    public var ringWidth = 2.0
    /// How far inside the row's edges the ring is drawn, points; default 1 pt so neighbouring
    /// rows (or the viewport's edge) never cut it.
    public var ringInset = 1.0
    /// Laid over each find match in a row on screen; default a light yellow at 45 % (the
    /// find highlight of GNOME's editors): the text under it stays black on yellow.
    public var findMatchTint = Color(red: 0.988, green: 0.914, blue: 0.310, alpha: 0.45)
    /// Over the current match, stronger; default orange at 50 %, told apart from the others
    /// at a glance.
    public var findCurrentTint = Color(red: 0.961, green: 0.475, blue: 0.0, alpha: 0.5)

    public init() {}
}

/// The shared tiles focus and selection are drawn with, made once per appearance, width and
/// scale on the main thread (a few hundred KB at most), and the layers that place them.
@MainActor
final class SelectionTiles {
    let appearance: SelectionAppearance
    let width: Double
    let scale: DisplayScale
    /// A translucent band the selection tint repeats down a row with.
    private let tint: Bitmap
    /// An opaque strip as wide as the viewport, the ring's top and bottom edges (clipped).
    private let horizontal: Bitmap
    /// An opaque strip the ring's sides repeat down a row with.
    private let vertical: Bitmap

    /// Height of the repeated tiles, points: 128 pt keeps a tall row to a handful of layers.
    static let tileHeight = 128.0
    /// Height of the find highlight's tiles, points: 32 pt covers a line of text in one layer.
    static let matchTileHeight = 32.0
    /// The find highlight's bands, made the first time a find shows a match.
    private lazy var match = Self.solid(Size(width: width, height: Self.matchTileHeight), appearance.findMatchTint, scale: scale)
    private lazy var currentMatch = Self.solid(Size(width: width, height: Self.matchTileHeight), appearance.findCurrentTint, scale: scale)

    init(appearance: SelectionAppearance, width: Double, scale: DisplayScale) {
        self.appearance = appearance
        self.width = width
        self.scale = scale
        tint = Self.solid(Size(width: width, height: Self.tileHeight), appearance.selectedTint, scale: scale)
        horizontal = Self.solid(Size(width: width, height: appearance.ringWidth), appearance.ringColor, scale: scale)
        vertical = Self.solid(Size(width: appearance.ringWidth, height: Self.tileHeight), appearance.ringColor, scale: scale)
    }

    /// The tint over a row `height` points tall at `top`, cut at the row's end.
    func tintLayers(row: Int, top: Double, height: Double) -> [DisplayLayer] {
        repeated(tint, x: 0, top: top, height: height, clipWidth: width, row: row, opaque: false)
    }

    /// A ring around `rect` (viewport points): two clipped horizontal strips and two repeated
    /// vertical ones, inset so the ring lies inside the rectangle.
    func ringLayers(around rect: Rect, row: Int) -> [DisplayLayer] {
        let inset = appearance.ringInset
        let line = appearance.ringWidth
        let box = Rect(
            x: scale.round(rect.minX + inset), y: scale.round(rect.minY + inset), width: scale.round(rect.width - 2 * inset),
            height: scale.round(rect.height - 2 * inset))
        guard box.width > 2 * line, box.height > 2 * line else { return [] }
        func strip(y: Double) -> DisplayLayer {
            DisplayLayer(
                bitmap: horizontal, origin: Point(x: box.minX, y: y), clip: Rect(x: box.minX, y: y, width: box.width, height: line),
                role: .decoration, row: row, isOpaque: true)
        }
        var layers = [strip(y: box.minY), strip(y: box.maxY - line)]
        let sideTop = box.minY + line
        let sideHeight = box.height - 2 * line
        layers += repeated(vertical, x: box.minX, top: sideTop, height: sideHeight, clipWidth: line, row: row, opaque: true)
        layers += repeated(vertical, x: box.maxX - line, top: sideTop, height: sideHeight, clipWidth: line, row: row, opaque: true)
        return layers
    }

    /// A find match's box (viewport points), the current match's stronger.
    func matchLayers(over box: Rect, row: Int, current: Bool) -> [DisplayLayer] {
        let tile = current ? currentMatch : match
        let clip = Rect(x: scale.round(box.minX), y: scale.round(box.minY), width: scale.round(box.width), height: scale.round(box.height))
        var layers: [DisplayLayer] = []
        var y = clip.minY
        while y < clip.maxY {
            layers.append(DisplayLayer(bitmap: tile, origin: Point(x: 0, y: y), clip: clip, role: .decoration, row: row, isOpaque: false))
            y += Self.matchTileHeight
        }
        return layers
    }

    private func repeated(_ tile: Bitmap, x: Double, top: Double, height: Double, clipWidth: Double, row: Int, opaque: Bool) -> [DisplayLayer] {
        let clip = Rect(x: x, y: top, width: clipWidth, height: height)
        var layers: [DisplayLayer] = []
        var y = top
        while y < top + height {
            layers.append(DisplayLayer(bitmap: tile, origin: Point(x: x, y: y), clip: clip, role: .decoration, row: row, isOpaque: opaque))
            y += Self.tileHeight
        }
        return layers
    }

    private static func solid(_ size: Size, _ color: Color, scale: DisplayScale) -> Bitmap {
        let canvas = Canvas(size: size, scale: scale)
        canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), color)
        return canvas.makeBitmap()
    }
}
