import FlickCore
import FlickRaster
@testable import FlickText
import Foundation
import Testing

/// One text shape a hostile (or just unlucky) post can hold, at megabyte scale.
enum HostileText: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case oneCharacter, spaces, newlines, noBreakOpportunities, cjkWithoutSpaces, emoji, zwjFamilies, zeroWidthSpaces
    case longURL, urlThenClosingParentheses, manyLongURLs, deepCombining, rtlOverrides, nestedEmbeddings, megabyteText

    static let megabyte = 1 << 20

    var text: String {
        let n = Self.megabyte
        return switch self {
        case .oneCharacter: String(repeating: "a", count: n)
        case .spaces: String(repeating: " ", count: n)
        case .newlines: String(repeating: "\n", count: n)
        case .noBreakOpportunities: String(repeating: "x", count: n)
        case .cjkWithoutSpaces: String(repeating: "字", count: n / 3)
        case .emoji: String(repeating: "😀", count: n / 4)
        case .zwjFamilies: String(repeating: "👨‍👩‍👧‍👦", count: n / 25)
        case .zeroWidthSpaces: String(repeating: "a\u{200B}", count: n / 4)
        case .longURL: "https://example.com/" + String(repeating: "a", count: n)
        case .urlThenClosingParentheses: "http://a" + String(repeating: ")", count: n)
        case .manyLongURLs: String(repeating: "https://e.com/" + String(repeating: "a", count: 8_000) + " ", count: n / 8_000)
        case .deepCombining: "e" + String(repeating: "\u{301}", count: n / 2)
        case .rtlOverrides: String(repeating: "\u{202E}abc ", count: n / 7)
        case .nestedEmbeddings: String(repeating: "\u{202B}\u{202A}", count: n / 6) + "text"
        case .megabyteText: String(repeating: "很长的文字 long words ", count: n / 30)
        }
    }

    var testDescription: String { rawValue }
}

/// Laying out and drawing a text costs what its lines can show, whatever it holds: asserted
/// on work counts (bytes handed to Pango, layouts made) and produced output, not on time.
@Suite("Text layout on hostile text")
struct HostileTextLayoutTests {
    static let width = 351.0
    static let token = RichText(
        displayText: "…全文", runs: [RichTextRun(kind: .fullText, displayRange: 0..<"…全文".utf8.count, target: "full-text")])
    /// The timeline body: 16 pt, 12 lines, then "…全文".
    static let bodyStyle = TextStyle(fontSize: 16, lineSpacing: 4, maxLines: 12, truncationToken: token)

    @Test(arguments: HostileText.allCases)
    func layoutAndDrawingAreBoundedByWhatTheLinesCanShow(_ shape: HostileText) throws {
        let context = try TextContext()
        let source = shape.text
        let capacity = try #require(context.capacity(for: Self.bodyStyle, width: Self.width))
        #expect(capacity.characters < 1_500 && capacity.bytes < 7_000, "12 lines of 351 pt at 16 pt")

        let layout = context.layout(parsing: source, style: Self.bodyStyle, width: Self.width)

        // Work: a handful of Pango layouts, none of them over the capacity (plus the token).
        let perLayout = capacity.bytes + Self.token.displayText.utf8.count
        #expect(context.pangoLayoutCount <= 3 + Int(log2(Double(capacity.characters)).rounded(.up)))
        #expect(context.pangoInputBytes <= context.pangoLayoutCount * perLayout, "\(context.pangoInputBytes) bytes to Pango")
        #expect(context.pangoInputBytes < source.utf8.count / 2, "a fraction of the text is laid out")
        // Output: cut, ends with the tappable token, within the lines and the width.
        #expect(layout.text.displayText.utf8.count <= perLayout)
        #expect(layout.isTruncated)
        #expect(layout.text.links.last?.kind == .fullText)
        #expect(layout.lines.count <= 12)
        #expect(layout.size.width <= Self.width + 0.01)
        #expect(layout.glyphCount <= perLayout)
        #expect(layout.text.displayText.allSatisfy { $0.unicodeScalars.count <= capacity.scalarsPerCharacter })
        // Drawing: one bounded canvas, whatever the text.
        let canvas = Canvas(size: Size(width: Self.width, height: layout.size.height), scale: .two)
        layout.draw(in: canvas, at: .zero)
        #expect(canvas.makeBitmap().pixelSize.height <= 2 * 12 * 30)
    }

    @Test func ordinaryTextIsNotCut() throws {
        let context = try TextContext()
        let paragraph = String(repeating: "今天天气不错 @小明 看看 #Swift# https://swift.org ", count: 3)
        let capacity = try #require(context.capacity(for: Self.bodyStyle, width: Self.width))
        let text = RichTextParser().parse(paragraph, fitting: capacity)
        #expect(!text.isCut)
        #expect(text == RichTextParser().parse(paragraph), "within the capacity, parsing is unchanged")
        let layout = context.layout(parsing: paragraph, style: Self.bodyStyle, width: Self.width)
        #expect(!layout.isTruncated)
    }

    @Test func aLongURLFollowedByTextKeepsItsTargetAndTheText() throws {
        let context = try TextContext()
        let url = "https://example.com/" + String(repeating: "x", count: 5_000)
        let layout = context.layout(parsing: url + " " + String(repeating: "字", count: 3_000), style: Self.bodyStyle, width: Self.width)
        #expect(layout.text.links.first?.target == url, "the whole address, longer than the capacity")
        #expect(layout.lines.count == 12, "and the text after it fills the lines")
        #expect(layout.text.links.last?.kind == .fullText)
    }

    @Test func aLinkRunningIntoTheCutIsLeftOut() throws {
        let capacity = TextCapacity(characters: 10, bytes: 40)
        // The source is cut past 40 + maxURLLength bytes, inside the second URL's run.
        let source = "see https://a.com and https://b.com/" + String(repeating: "b", count: 20_000)
        let text = RichTextParser().parse(source, fitting: capacity)
        #expect(text.isCut)
        #expect(text.links.map(\.target) == ["https://a.com"], "no link to a cut-off address")
    }

    /// Before the cap, a name of a million characters went to Pango whole; Pango kept it on one
    /// line and the glyph positions summed past Int32 Pango units, trapping.
    @Test func aMillionCharacterNameLaysOutOnOneShortLine() throws {
        let context = try TextContext()
        let style = TextStyle(fontSize: 15, weight: .medium, lineSpacing: 0, maxLines: 1)
        let layout = context.layout(RichText(plain: String(repeating: "x", count: 1_000_000)), style: style, width: 250)
        #expect(layout.lines.count == 1)
        #expect(layout.isTruncated)
        #expect(layout.text.displayText.hasSuffix("…"))
        #expect(layout.size.width <= 250.01)
        #expect(context.pangoInputBytes < 20_000, "\(context.pangoInputBytes) bytes to Pango")
    }

    /// Without a line limit nothing is cut: a million glyphs on one line must still not trap
    /// (positions are summed in 64 bits).
    @Test func glyphPositionsPastTheRangeOfPangoUnitsDoNotTrap() throws {
        let context = try TextContext()
        let layout = context.layout(RichText(plain: String(repeating: "x", count: 1_000_000)), style: TextStyle(), width: 351)
        #expect(layout.glyphCount > 0)
        #expect(!layout.isTruncated)
    }

    @Test func aByteCutDropsTheCharacterItSplit() {
        let family = "👨‍👩‍👧‍👦"  // 25 bytes
        let capacity = TextCapacity(characters: 100, bytes: 60)
        let kept = capacity.cut(String(repeating: family, count: 10))
        #expect(kept.isCut)
        #expect(kept.text == family + family, "two whole families, not a third cut in half")
        let marks = capacity.cut("e" + String(repeating: "\u{301}", count: 1_000))
        #expect(marks.isCut)
        #expect(marks.text.utf8.count <= 60, "a single huge character is cut by bytes")
        #expect(capacity.cut("short").isCut == false)
    }

    /// Truncation probes the last line alone first (a fraction of the work); what it keeps is
    /// what the search over full layouts keeps.
    @Test func probingTheLastLineKeepsWhatTheFullSearchKeeps() throws {
        let fast = try TextContext()
        let full = try TextContext()
        full.probesLastLineFirst = false
        let texts = [
            String(repeating: "今天天气不错 @小明Alice 看看 #Swift# https://swift.org [微笑] 😀 ", count: 12),
            String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 40),
            String(repeating: "字", count: 400), String(repeating: "x", count: 900), String(repeating: "👍🏽 ", count: 300),
            String(repeating: "مرحبا بالعالم mixed ", count: 60), String(repeating: "long-unbreakable-word", count: 60),
            String(repeating: "短行\n", count: 30), "https://example.com/" + String(repeating: "a", count: 3_000),
        ]
        for (index, source) in texts.enumerated() {
            for width in [120.0, 240, 351] {
                let a = fast.layout(parsing: source, style: Self.bodyStyle, width: width)
                let b = full.layout(parsing: source, style: Self.bodyStyle, width: width)
                #expect(a.text == b.text && a.lines.count == b.lines.count, "text \(index) at \(width)")
            }
        }
        #expect(fast.pangoInputBytes < full.pangoInputBytes, "\(fast.pangoInputBytes) vs \(full.pangoInputBytes) bytes to Pango")
    }

    /// A character of thousands of combining marks keeps 32 of them (Pango's cost grows
    /// faster than linearly with a cluster); the runs after it keep their text and targets.
    @Test func aDeepCombiningCharacterIsTrimmedAndLinksAfterItStay() throws {
        let zalgo = "e" + String(repeating: "\u{301}", count: 5_000)
        let text = RichTextParser().parse(zalgo + " @bob")
        let trimmed = text.cut(to: TextCapacity(characters: 100, bytes: 100_000))
        #expect(trimmed.isCut)
        #expect(trimmed.displayText.first?.unicodeScalars.count == TextLimits.standard.maxScalarsPerCharacter)
        let mention = try #require(trimmed.links.first)
        #expect(trimmed.text(of: mention) == "@bob" && mention.target == "bob")
        #expect(trimmed.runs.last?.displayRange.upperBound == trimmed.displayText.utf8.count)
        let parsed = RichTextParser().parse(zalgo + " @bob", fitting: TextCapacity(characters: 100, bytes: 1_000))
        #expect(parsed.displayText.first?.unicodeScalars.count == TextLimits.standard.maxScalarsPerCharacter)
    }

    /// `TextLimits.minimumAdvance` (0.2 em) must stay well under the narrowest printing
    /// character of the pinned fonts, so the cut lands past the last line shown.
    @Test func theNarrowestPrintingCharacterIsWiderThanTheAssumedAdvance() throws {
        let context = try TextContext()
        let style = TextStyle(fontSize: 16)
        var narrowest = (character: "", em: Double.infinity)
        let candidates = (0x21...0x7E).map { String(UnicodeScalar($0)!) } + ["。", "，", "、", "·", "ı", "ˈ", "ʻ"]
        for character in candidates {
            let layout = context.layout(RichText(plain: String(repeating: character, count: 100)), style: style, width: 100_000)
            let em = layout.size.width / 100 / style.fontSize
            if em < narrowest.em { narrowest = (character, em) }
        }
        #expect(narrowest.em >= 1.25 * TextLimits.standard.minimumAdvance, "\(narrowest.character) is \(narrowest.em) em")
        print("[measure] narrowest printing character: \(narrowest.character) at \(narrowest.em) em")
    }
}
