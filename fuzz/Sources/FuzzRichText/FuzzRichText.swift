import FuzzDriver
import FlickText

/// The fuzz test: text (lossy UTF-8) parsed by `RichTextParser` and laid out by a
/// `TextContext` under the standard `TextLimits`, in one of the timeline's shapes (a one-line
/// name, a 12-line body cut with "…全文"). The first byte picks the shape and the width so one
/// corpus covers them all. Work is bounded by the limits whatever the text; a slow input is
/// a finding (-timeout).
nonisolated(unsafe) let context: TextContext = {
    do { return try TextContext() } catch { fatalError("fuzz: text setup failed: \(error)") }
}()

let shapes: [TextStyle] = [
    TextStyle(fontSize: 15, weight: .medium, lineSpacing: 0, maxLines: 1),
    TextStyle(
        fontSize: 16, lineSpacing: 4, maxLines: 12,
        truncationToken: RichText(
            displayText: "…全文", runs: [RichTextRun(kind: .fullText, displayRange: 0..<"…全文".utf8.count, target: "full")])),
    TextStyle(fontSize: 12, lineSpacing: 0, maxLines: 2),
]
let widths: [Double] = [343, 120, 1, 0.5]

func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    guard let selector = input.first.map(Int.init) else { return 0 }
    let text = String(decoding: input.dropFirst(), as: UTF8.self)
    let style = shapes[selector % shapes.count]
    let width = widths[(selector / shapes.count) % widths.count]
    let rich = RichTextParser().parse(text)
    let layout = context.layout(rich, style: style, width: width)
    _ = context.layout(parsing: text, style: style, width: width)
    _ = layout.size
    return 0
}
