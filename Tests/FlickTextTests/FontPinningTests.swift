import CPangoCairo
@testable import FlickText
import Testing

/// The pinned fontconfig (Resources/flick-fonts.conf, installed by `FontSetup`) decides which
/// font draws what: Noto Sans CJK SC for Latin and CJK, so both share one line height, and
/// Noto Color Emoji for emoji.
@Suite("Font pinning")
struct FontPinningTests {
    static let textFamily = "Noto Sans CJK SC"
    static let emojiFamily = "Noto Color Emoji"

    /// One shaped run of a layout: the text it covers and the family of the font Pango chose.
    struct FontRun: CustomStringConvertible {
        let text: String
        let family: String

        var hasEmoji: Bool { text.unicodeScalars.contains { $0.properties.isEmojiPresentation } }
        var description: String { "\"\(text)\" → \(family)" }
    }

    /// The runs of the Pango layout `context` builds for `source` (the one `TextLayout`
    /// snapshots its glyph runs from), each with its font's family.
    static func fontRuns(of source: String, in context: TextContext) -> [FontRun] {
        let text = RichText(plain: source)
        let layout = context.makePangoLayout(text, style: TextStyle(), width: 2_000)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        let bytes = Array(text.displayText.utf8)
        var runs: [FontRun] = []
        repeat {
            guard let item = pango_layout_iter_get_run_readonly(iterator)?.pointee.item?.pointee,
                let font = item.analysis.font, let description = pango_font_describe(font)
            else { continue }
            defer { pango_font_description_free(description) }
            let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
            let start = Int(item.offset)
            let run = String(decoding: bytes[start..<(start + Int(item.length))], as: UTF8.self)
            runs.append(FontRun(text: run, family: family))
        } while pango_layout_iter_next_run(iterator) != 0
        return runs
    }

    @Test func latinAndCJKUseNotoSansCJKAndEmojiUseNotoColorEmoji() throws {
        let context = try TextContext()
        let runs = Self.fontRuns(of: "Hello 你好 😀 world 世界 🚀 Swift 中文", in: context)
        for word in ["Hello", "你好", "😀", "world", "世界", "🚀", "Swift", "中文"] {
            #expect(runs.contains { $0.text.contains(word) }, "\(word) is in a run: \(runs)")
        }
        #expect(runs.contains { $0.hasEmoji } && runs.contains { !$0.hasEmoji }, "\(runs)")
        for run in runs {
            #expect(run.family == (run.hasEmoji ? Self.emojiFamily : Self.textFamily), "\(run)")
        }
    }

    @Test func aLatinOnlyLineIsDrawnInTheCJKFontToo() throws {
        let context = try TextContext()
        let runs = Self.fontRuns(of: "Latin only line, no CJK at all", in: context)
        #expect(!runs.isEmpty)
        #expect(runs.allSatisfy { $0.family == Self.textFamily }, "\(runs)")
    }
}
