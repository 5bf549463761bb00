import FlickCore
import FlickRaster

/// What a cell shows where an image failed: a light box with a broken-picture mark, drawn on a
/// worker at the slot's size. Any thread.
public enum ErrorTile {
    public static let background = Color(hex: 0xE4E4E4)
    public static let mark = Color(hex: 0xA8A8A8)

    public static func make(size: Size, scale: DisplayScale) -> Bitmap {
        let canvas = Canvas(size: size, scale: scale, opaqueBackground: background)
        let side = min(size.width, size.height) * 0.4
        guard side >= 6 else { return canvas.makeBitmap() }
        let box = Rect(x: (size.width - side) / 2, y: (size.height - side) / 2, width: side, height: side)
        let line = max(1, side / 14)
        canvas.strokePath(
            [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY)],
            lineWidth: line, closed: true, mark)
        // A mountain with a crack through it: the picture that did not come.
        canvas.strokePath(
            [Point(x: box.minX, y: box.maxY - side * 0.2), Point(x: box.minX + side * 0.35, y: box.minY + side * 0.45),
             Point(x: box.minX + side * 0.55, y: box.minY + side * 0.65), Point(x: box.maxX, y: box.minY + side * 0.3)],
            lineWidth: line, mark)
        canvas.strokeLine(
            from: Point(x: box.minX + side * 0.2, y: box.minY - line), to: Point(x: box.maxX - side * 0.2, y: box.maxY + line),
            lineWidth: line * 1.5, background)
        return canvas.makeBitmap()
    }
}
