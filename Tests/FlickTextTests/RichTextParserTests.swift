import FlickText
import Testing

@Suite("RichTextParser")
struct RichTextParserTests {
    let parser = RichTextParser()

    /// (kind, display text) of every non-plain run.
    func tokens(_ source: String) -> [(RichTextKind, String)] {
        let text = parser.parse(source)
        return text.runs.filter { $0.kind != .plain }.map { ($0.kind, text.text(of: $0)) }
    }

    func kinds(_ source: String) -> [RichTextKind] { tokens(source).map(\.0) }

    @Test func emptyTextHasNoRuns() {
        let text = parser.parse("")
        #expect(text.displayText.isEmpty)
        #expect(text.runs.isEmpty)
    }

    @Test func runsCoverTheDisplayTextWithoutGaps() {
        let text = parser.parse("今天 @小明 看 #话题# https://a.com/x [微笑] 👍🏽 end")
        var expectedStart = 0
        for run in text.runs {
            #expect(run.displayRange.lowerBound == expectedStart)
            expectedStart = run.displayRange.upperBound
        }
        #expect(expectedStart == text.displayText.utf8.count)
    }

    @Test func mixedCJKLatinAndEmojiFindsEveryToken() {
        let found = tokens("今天天气不错 @bob 看看 #Swift# https://example.com/x [微笑] 😀")
        #expect(found.map(\.0) == [.mention, .topic, .url, .emoticon, .emoji])
        #expect(found.map(\.1) == ["@bob", "#Swift#", "example.com/x", "🙂", "😀"])
    }

    @Test func mentionTakesCJKNamesAndStopsAtPunctuation() {
        let text = parser.parse("你好@小明Alice_2-x，再见")
        let mention = try! #require(text.links.first)
        #expect(mention.kind == .mention)
        #expect(mention.target == "小明Alice_2-x")
    }

    @Test func mentionNameIsAtMostThirtyCharacters() {
        let name = String(repeating: "a", count: 40)
        let mention = try! #require(parser.parse("@" + name).links.first)
        #expect(mention.target.count == RichTextParser.maxMentionLength)
    }

    @Test func atSignInsideAURLIsPartOfTheURL() {
        #expect(kinds("see https://example.com/@bob/status now") == [.url])
        #expect(parser.parse("see https://example.com/@bob/status now").links.first?.target == "https://example.com/@bob/status")
    }

    @Test func emailAddressIsNotAMention() {
        #expect(kinds("mail bob@example.com") == [])
    }

    @Test func hashInsideAURLIsPartOfTheURL() {
        let text = parser.parse("文档 https://example.com/page#section 看")
        #expect(text.links.map(\.kind) == [.url])
        #expect(text.links.first?.target == "https://example.com/page#section")
    }

    @Test func topicNeverSpansAURL() {
        #expect(kinds("#a https://x.com/#b# c") == [.url])
    }

    @Test func unmatchedHashStaysPlainText() {
        #expect(kinds("just a # sign and #unclosed") == [])
        #expect(parser.parse("just a # sign").displayText == "just a # sign")
    }

    @Test func topicMustStayOnOneLine() {
        #expect(kinds("#first\nsecond#") == [])
        #expect(kinds("#第一# and ##") == [.topic])
    }

    @Test func topicLongerThanTheLimitIsPlain() {
        let long = String(repeating: "话", count: RichTextParser.maxTopicLength + 1)
        #expect(kinds("#\(long)#") == [])
        let fits = String(repeating: "话", count: RichTextParser.maxTopicLength)
        #expect(kinds("#\(fits)#") == [.topic])
    }

    @Test func unknownEmoticonStaysPlainBracketsIncluded() {
        let text = parser.parse("hi [不存在的表情] [微笑]")
        #expect(text.displayText == "hi [不存在的表情] 🙂")
        #expect(text.runs.filter { $0.kind == .emoticon }.map(\.target) == ["微笑"])
    }

    @Test func standardEmoticonTableHasAtLeastFiftyShortcodes() {
        #expect(EmoticonTable.standard.entries.count >= 50)
        for (code, emoji) in EmoticonTable.standard.entries {
            #expect((1...RichTextParser.maxEmoticonLength).contains(code.count), "\(code)")
            #expect(emoji.first?.unicodeScalars.first?.properties.isEmoji == true, "\(code) → \(emoji)")
        }
    }

    @Test func emojiSequencesAreSingleRuns() {
        for emoji in ["👨‍👩‍👧‍👦", "👍🏽", "🇨🇳", "1️⃣", "❤️", "🏳️‍🌈"] {
            let text = parser.parse("a \(emoji) b")
            let runs = text.runs.filter { $0.kind == .emoji }
            #expect(runs.count == 1, "\(emoji)")
            #expect(runs.first.map { text.text(of: $0) } == emoji)
        }
    }

    @Test func plainDigitsAndSymbolsAreNotEmoji() {
        #expect(kinds("123 # * © ™ abc") == [])
    }

    @Test func urlEndsAtWhitespaceCJKPunctuationAndTrailingPeriod() {
        #expect(parser.parse("go https://a.com/x，好").links.first?.target == "https://a.com/x")
        #expect(parser.parse("go https://a.com/x. Next").links.first?.target == "https://a.com/x")
        #expect(parser.parse("看https://a.com/x看").links.first?.target == "https://a.com/x")
        #expect(parser.parse("(see https://en.wikipedia.org/wiki/Swift_(language))").links.first?.target
            == "https://en.wikipedia.org/wiki/Swift_(language)")
    }

    @Test func longURLIsShortenedForDisplayButKeepsItsTarget() {
        let url = "https://example.com/" + String(repeating: "x", count: 5_000)
        let text = parser.parse(url)
        let link = try! #require(text.links.first)
        #expect(link.target == url)
        #expect(text.text(of: link).count == URLShortener().maxCharacters)
        #expect(text.text(of: link).hasSuffix("…"))
    }

    @Test func schemeAloneIsNotAURL() {
        #expect(kinds("http:// and https://") == [])
    }

    @Test func runLookupByByteOffsetFindsTheRightRun() {
        let text = parser.parse("ab @cd ef")
        let mention = try! #require(text.links.first)
        #expect(text.run(atByte: mention.displayRange.lowerBound) == mention)
        #expect(text.run(atByte: mention.displayRange.upperBound - 1) == mention)
        #expect(text.run(atByte: 0)?.kind == .plain)
        #expect(text.run(atByte: text.displayText.utf8.count) == nil)
    }

    @Test func prefixCutsRunsAndAppendsTheToken() {
        let text = parser.parse("hello @world again")
        let token = RichText(displayText: "…全文", runs: [RichTextRun(kind: .fullText, displayRange: 0..<"…全文".utf8.count)])
        let cut = text.prefix(bytes: 9, appending: token)
        #expect(cut.displayText == "hello @wo…全文")
        #expect(cut.links.map(\.kind) == [.mention, .fullText])
        #expect(cut.text(of: cut.links[1]) == "…全文")
    }
}
