import FlickCore
import FlickRaster
import FlickText

/// Paragraphs of rich text stacked on a white card, as a timeline would show them.
struct RichTextSheet {
    let width: Double
    let scale: DisplayScale
    let highlightFirstLink: Bool

    private let padding = 12.0
    private let gap = 16.0

    func render(_ paragraphs: [String]) throws -> Bitmap {
        let context = try TextContext()
        let textWidth = width - 2 * padding
        let layouts = paragraphs.map { context.layout(parsing: $0, style: TextStyle(), width: textWidth) }
        let height = layouts.reduce(padding * 2) { $0 + scale.ceil($1.size.height) } + gap * Double(max(0, layouts.count - 1))
        let canvas = Canvas(size: Size(width: width, height: height), scale: scale)
        canvas.fill(canvas.bounds, .white)
        var y = padding
        for (index, layout) in layouts.enumerated() {
            if index > 0 {
                canvas.strokeLine(
                    from: Point(x: padding, y: y - gap / 2), to: Point(x: width - padding, y: y - gap / 2),
                    lineWidth: 1 / scale.value, Color(hex: 0xE5E5E5))
            }
            layout.draw(
                in: canvas, at: Point(x: padding, y: y), highlightedLink: highlightFirstLink ? layout.text.links.first : nil)
            y += scale.ceil(layout.size.height) + gap
        }
        return canvas.makeBitmap()
    }
}
