import FlickCore
import FlickRaster
import FlickTestSupport
import FlickText
import Testing

/// Rendered paragraphs compared with committed reference PNGs (fonts pinned by Flick's own
/// fontconfig file). Look at the PNGs in References/ to see what is asserted.
@Suite("Text reference images")
struct TextReferenceImageTests {
    static let paragraphs: [(name: String, text: String)] = [
        ("mixed", "今天天气不错 @小明Alice 看看 #Swift on Linux# 的新进展 https://www.swift.org/blog/ [微笑][赞] 😀"),
        ("emoji", "家庭 👨‍👩‍👧‍👦 肤色 👍🏽 国旗 🇨🇳🇯🇵 键帽 1️⃣ 爱心 ❤️ [doge][笑cry]"),
        ("long-cjk", "VVebo 的思路：异步绘制整个 cell，滑动时按需加载，只画停下来的那几行。Flick 在后台线程把整个 cell 光栅化成一张位图，主线程只负责合成。"),
    ]

    static func render(_ text: String, scale: DisplayScale, highlightFirstLink: Bool) throws -> Bitmap {
        let context = try TextContext()
        let layout = context.layout(parsing: text, style: TextStyle(), width: 300)
        let canvas = Canvas(size: Size(width: 320, height: scale.ceil(layout.size.height) + 20), scale: scale)
        canvas.fill(canvas.bounds, .white)
        layout.draw(
            in: canvas, at: Point(x: 10, y: 10), highlightedLink: highlightFirstLink ? layout.text.links.first : nil)
        return canvas.makeBitmap()
    }

    @Test(arguments: [1.0, 2.0])
    func paragraphsMatchTheirReferences(scale: Double) throws {
        for paragraph in Self.paragraphs {
            let bitmap = try Self.render(paragraph.text, scale: DisplayScale(scale), highlightFirstLink: true)
            let outcome = try ReferenceImage().compare(bitmap, named: "text-\(paragraph.name)@\(Int(scale))x")
            #expect(outcome == .matches, "\(paragraph.name) @\(scale)x: \(outcome)")
        }
    }

    @Test func colourEmojiAreDrawnInColour() throws {
        let bitmap = try Self.render("🇨🇳 ❤️ 😀", scale: .two, highlightFirstLink: false)
        var saturated = 0
        for y in 0..<bitmap.pixelSize.height {
            for x in 0..<bitmap.pixelSize.width {
                let p = bitmap.pixel(x: x, y: y)
                let spread = Int(max(p.red, p.green, p.blue)) - Int(min(p.red, p.green, p.blue))
                if spread > 120 { saturated += 1 }
            }
        }
        #expect(saturated > 500, "colour glyphs, not grey outlines")
    }
}
