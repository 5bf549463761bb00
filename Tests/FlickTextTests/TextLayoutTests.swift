import CPangoCairo
import FlickCore
import FlickRaster
@testable import FlickText
import Testing

@Suite("TextLayout")
struct TextLayoutTests {
    static let paragraph =
        "今天天气不错 @小明Alice 看看 #Swift on Linux# 的新进展 https://www.swift.org/blog/ [微笑] 😀 VVebo 异步绘制整个 cell，滑动时按需加载 @bob_42 #性能优化# 👨‍👩‍👧‍👦 end"

    @Test func centreOfEveryLinkHitTestsToThatLink() throws {
        let context = try TextContext()
        for width in [120.0, 200, 345] {
            let layout = context.layout(parsing: Self.paragraph, style: TextStyle(), width: width)
            #expect(layout.text.links.count == 5)
            for link in layout.text.links {
                let boxes = layout.rects(for: link.displayRange)
                #expect(!boxes.isEmpty)
                for box in boxes {
                    #expect(layout.link(at: box.center) == link, "width \(width): \(layout.text.text(of: link))")
                }
            }
        }
    }

    @Test func everyClusterCentreMapsBackToItsOwnIndexAsPangoDoes() throws {
        let context = try TextContext()
        let text = RichTextParser().parse(Self.paragraph)
        let style = TextStyle()
        let layout = context.layout(text, style: style, width: 220)
        let pango = context.makePangoLayout(text, style: style, width: 220)
        defer { g_object_unref(UnsafeMutableRawPointer(pango)) }
        #expect(layout.clusters.count > 40)
        for cluster in layout.clusters {
            let centre = cluster.rect.center
            #expect(layout.byteIndex(at: centre) == cluster.byteRange.lowerBound)
            var index: Int32 = 0
            var trailing: Int32 = 0
            pango_layout_xy_to_index(
                pango, Int32(centre.x * Double(PANGO_SCALE)), Int32(centre.y * Double(PANGO_SCALE)), &index, &trailing)
            #expect(Int(index) == cluster.byteRange.lowerBound, "Pango and Flick agree at \(centre)")
        }
    }

    @Test func tapBesideTheTextIsNotALinkTap() throws {
        let context = try TextContext()
        let layout = context.layout(parsing: "text @mention", style: TextStyle(), width: 300)
        let line = try #require(layout.lines.first)
        #expect(layout.link(at: Point(x: 290, y: line.rect.midY)) == nil)
        #expect(layout.link(at: Point(x: 5, y: line.rect.midY)) == nil)
    }

    @Test func measuredHeightEqualsTheLineExtent() throws {
        let context = try TextContext()
        let style = TextStyle(lineSpacing: 4)
        let layout = context.layout(parsing: Self.paragraph, style: style, width: 200)
        #expect(layout.lines.count > 3)
        let first = try #require(layout.lines.first)
        let last = try #require(layout.lines.last)
        #expect(first.rect.minY == 0)
        #expect(abs(last.rect.maxY - layout.size.height) < 0.01)
        let stacked = layout.lines.reduce(0) { $0 + $1.rect.height } + style.lineSpacing * Double(layout.lines.count - 1)
        #expect(abs(stacked - layout.size.height) < 0.01)
        for pair in zip(layout.lines, layout.lines.dropFirst()) {
            #expect(abs(pair.1.rect.minY - pair.0.rect.maxY - style.lineSpacing) < 0.01)
        }
    }

    @Test func drawnInkStaysInsideTheMeasuredBoxAndReachesTheLastLine() throws {
        let context = try TextContext()
        let layout = context.layout(parsing: "第一行 first line\n第二行 second\n第三行 third gjpq", style: TextStyle(), width: 300)
        let scale = DisplayScale.two
        let canvas = Canvas(size: Size(width: 300, height: layout.size.height), scale: scale)
        layout.draw(in: canvas, at: .zero)
        let bitmap = canvas.makeBitmap()
        var inkMaxY = -1
        var inkMinY = Int.max
        for y in 0..<bitmap.pixelSize.height {
            for x in 0..<bitmap.pixelSize.width where bitmap.pixel(x: x, y: y).alpha > 40 {
                inkMaxY = max(inkMaxY, y)
                inkMinY = min(inkMinY, y)
            }
        }
        let lastLine = try #require(layout.lines.last)
        #expect(Double(inkMaxY) / scale.value > lastLine.rect.minY, "the last line is drawn")
        #expect(Double(inkMaxY) / scale.value < layout.size.height)
        #expect(inkMinY >= 0)
        #expect(layout.lines.count == 3)
    }

    @Test func drawingNeverLaysOutAgain() throws {
        let context = try TextContext()
        let layout = context.layout(parsing: Self.paragraph, style: TextStyle(), width: 300)
        let before = context.pangoLayoutCount
        let canvas = Canvas(size: Size(width: 300, height: layout.size.height), scale: .two)
        for _ in 0..<5 { layout.draw(in: canvas, at: .zero, highlightedLink: layout.text.links.first) }
        #expect(context.pangoLayoutCount == before)
        #expect(before == 1)
    }

    @Test func maxLinesTruncatesWithTheTokenAndKeepsItTappable() throws {
        let context = try TextContext()
        let token = RichText(displayText: "…全文", runs: [RichTextRun(kind: .fullText, displayRange: 0..<"…全文".utf8.count)])
        let long = String(repeating: "很长的一段文字 with words ", count: 40)
        let layout = context.layout(parsing: long, style: TextStyle(maxLines: 4, truncationToken: token), width: 300)
        #expect(layout.isTruncated)
        #expect(layout.lines.count == 4)
        #expect(layout.text.displayText.hasSuffix("…全文"))
        let tokenRun = try #require(layout.text.links.last)
        #expect(tokenRun.kind == .fullText)
        let box = try #require(layout.rects(for: tokenRun.displayRange).last)
        #expect(layout.link(at: box.center) == tokenRun)
        #expect(box.maxY <= layout.size.height + 0.01)
        #expect(box.minY >= layout.lines[3].rect.minY - 0.01, "the token sits on the last allowed line")
        let untruncated = context.layout(parsing: "short", style: TextStyle(maxLines: 4, truncationToken: token), width: 300)
        #expect(!untruncated.isTruncated)
    }

    @Test func truncationHandlesNewlinesInsideTheKeptLines() throws {
        let context = try TextContext()
        let text = (1...20).map { "第\($0)行" }.joined(separator: "\n")
        let layout = context.layout(parsing: text, style: TextStyle(maxLines: 3), width: 300)
        #expect(layout.lines.count == 3)
        #expect(layout.text.displayText.hasSuffix("…"))
    }

    @Test func unbreakableRunsWrapInsideTheWidth() throws {
        let context = try TextContext()
        let width = 200.0
        let url = "https://example.com/" + String(repeating: "abc", count: 1_700)
        let raw = RichText(plain: url)
        let cjk = RichText(plain: String(repeating: "字", count: 3_000))
        for text in [raw, cjk] {
            let layout = context.layout(text, style: TextStyle(), width: width)
            #expect(layout.lines.count > 10)
            #expect(layout.size.width <= width + 0.01)
            for cluster in layout.clusters { #expect(cluster.rect.maxX <= width + 0.01) }
        }
    }

    @Test func cjkAndLatinLinesShareOneLineHeight() throws {
        let context = try TextContext()
        let latin = context.layout(parsing: "Latin only line", style: TextStyle(), width: 300)
        let cjk = context.layout(parsing: "中文一行", style: TextStyle(), width: 300)
        #expect(abs(latin.size.height - cjk.size.height) < 0.01)
    }

    @Test func emptyTextLaysOutToOneEmptyLine() throws {
        let context = try TextContext()
        let layout = context.layout(.empty, style: TextStyle(), width: 300)
        let oneLine = context.layout(parsing: "x", style: TextStyle(), width: 300)
        #expect(layout.lines.count == 1)
        #expect(layout.lines.first?.byteRange == 0..<0)
        #expect(abs(layout.size.height - oneLine.size.height) < 0.01, "the empty line is as tall as a line of text")
        #expect(layout.glyphCount == 0)
        #expect(layout.size.width == 0)
        #expect(layout.text.links.isEmpty)
    }

    @Test func highlightPaintsBehindTheLinkOnly() throws {
        let context = try TextContext()
        let style = TextStyle(highlightColor: Color(hex: 0x00FF00, alpha: 1))
        let layout = context.layout(parsing: "plain text @mention plain", style: style, width: 300)
        let link = try #require(layout.text.links.first)
        let box = try #require(layout.rects(for: link.displayRange).first)
        let canvas = Canvas(size: Size(width: 300, height: layout.size.height), scale: .one)
        layout.draw(in: canvas, at: .zero, highlightedLink: link)
        let bitmap = canvas.makeBitmap()
        var greenInside = 0
        var greenOutside = 0
        for y in 0..<bitmap.pixelSize.height {
            for x in 0..<bitmap.pixelSize.width {
                let p = bitmap.pixel(x: x, y: y)
                guard p.green > 200, p.red < 60, p.blue < 60 else { continue }
                if box.insetBy(dx: -1, dy: -1).contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                    greenInside += 1
                } else {
                    greenOutside += 1
                }
            }
        }
        #expect(greenInside > 50)
        #expect(greenOutside == 0)
    }

    @Test func linkRunsAreDrawnInTheLinkColour() throws {
        let context = try TextContext()
        let blue = Color(hex: 0x0000FF)
        let style = TextStyle(color: .black, linkColors: LinkColors(mention: blue, topic: blue, url: blue, fullText: blue))
        let layout = context.layout(parsing: "@someone", style: style, width: 300)
        let canvas = Canvas(size: Size(width: 300, height: layout.size.height), scale: .two)
        layout.draw(in: canvas, at: .zero)
        let bitmap = canvas.makeBitmap()
        var bluish = 0
        var dark = 0
        for y in 0..<bitmap.pixelSize.height {
            for x in 0..<bitmap.pixelSize.width {
                let p = bitmap.pixel(x: x, y: y)
                guard p.alpha > 200 else { continue }
                if p.blue > 200, p.red < 40 { bluish += 1 } else if p.blue < 40 { dark += 1 }
            }
        }
        #expect(bluish > 100)
        #expect(dark == 0)
    }
}
