import FlickText
import FlickTestSupport
import Foundation
import Testing

/// Hostile shapes for every token kind: each parse must be linear in the text's length.
///
/// Linearity is a property of time, so each parse runs on its own thread under one
/// deliberately generous deadline: 200,000 characters parse in ~0.3 s in a debug build on this
/// 2-core machine, so 10 s leaves >30× headroom for a loaded shared machine, while the
/// quadratic trailing-`)` trim this guards against ran for over 10 minutes on the first case
/// without finishing (each step copied the whole URL twice). A parse past the deadline is a
/// failure, not a hang: the test stops waiting for it. Everything else asserted is output.
@Suite("RichTextParser on hostile text")
struct RichTextParserLinearityTests {
    static let length = 200_000
    /// Under a sanitizer every access is instrumented (ThreadSanitizer: 5–15× slower, and more on a
    /// loaded machine: `make sanitize` saw these parses pass 10 s), so the deadline is 300 s there —
    /// still far below the quadratic case, which did not finish in 10 minutes uninstrumented.
    static let deadline = Sanitizers.areActive ? 300.0 : 10.0
    let parser = RichTextParser()

    /// Parses `source` on a thread of its own, waiting at most `deadline`; checks that the runs
    /// cover the text. `nil` (and a recorded failure) when the parse did not finish in time.
    func parse(_ source: String, _ label: String) -> RichText? {
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox()
        let parser = parser
        Thread.detachNewThread {
            result.text = parser.parse(source)
            done.signal()
        }
        guard done.wait(timeout: .now() + Self.deadline) == .success, let text = result.text else {
            Issue.record("\(label): no result within \(Self.deadline) s for \(source.utf8.count) bytes")
            return nil
        }
        var end = 0
        for run in text.runs {
            #expect(run.displayRange.lowerBound == end, "\(label): runs leave a gap")
            end = run.displayRange.upperBound
        }
        #expect(end == text.displayText.utf8.count, "\(label): runs do not cover the text")
        return text
    }

    /// Hands the parse result from its thread to the test (written before the semaphore is
    /// signalled, read after the wait: the semaphore orders the two).
    final class ResultBox: @unchecked Sendable {
        var text: RichText?
    }

    @Test func aURLFollowedByALongRunOfClosingParenthesesIsLinear() {
        let text = parse("http://a" + String(repeating: ")", count: Self.length), "url + )))")
        #expect(text?.links.map(\.target) == ["http://a"], "the sentence's parentheses are not the URL's")
        #expect(text?.displayText == "a" + String(repeating: ")", count: Self.length))
    }

    @Test func balancedParenthesesStayInsideTheURL() {
        let inner = String(repeating: "(", count: 1_000) + String(repeating: ")", count: 1_000)
        let text = parse("http://a/" + inner + ")))", "balanced")
        #expect(text?.links.first?.target == "http://a/" + inner)
    }

    @Test func aRunOfURLCharactersLongerThanTheLimitIsPlainText() {
        let run = "https://example.com/" + String(repeating: "a", count: Self.length)
        let text = parse(run + " after https://b.com", "overlong url")
        #expect(text?.links.map(\.target) == ["https://b.com"], "only the URL within the limit is a link")
        #expect(text?.displayText.hasPrefix(run) == true)
        let longest = "https://example.com/" + String(repeating: "a", count: RichTextParser.maxURLLength - 20)
        #expect(parser.parse(longest).links.first?.target == longest, "a URL of exactly the limit is still a link")
    }

    @Test func repeatedSchemesAreScannedOnce() {
        let text = parse(String(repeating: "http://", count: Self.length / 7), "http://http://…")
        #expect(text?.links.isEmpty == true, "one overlong run")
        let short = parse(String(repeating: "http://a ", count: Self.length / 9), "many short urls")
        #expect(short?.links.count == Self.length / 9)
    }

    @Test func mentionsTopicsAndEmoticonsAtEveryPositionAreLinear() {
        let n = Self.length
        #expect(parse(String(repeating: "@", count: n), "@@@")?.links.isEmpty == true)
        #expect(parse(String(repeating: "@a", count: n / 2), "@a@a")?.links.count == 1, "@a@a… is one mention, then an e-mail-like tail")
        #expect(parse("@" + String(repeating: "名", count: n), "@ + long name")?.links.first?.target.count == RichTextParser.maxMentionLength)
        #expect(parse(String(repeating: "#", count: n), "###")?.links.isEmpty == true)
        #expect(parse(String(repeating: "#a", count: n / 2), "#a#a")?.links.count == n / 4)
        #expect(parse("#" + String(repeating: "话", count: n), "unclosed topic")?.links.isEmpty == true)
        #expect(parse(String(repeating: "[", count: n), "[[[")?.runs.allSatisfy { $0.kind == .plain } == true)
        #expect(parse(String(repeating: "[微笑", count: n / 3), "unclosed emoticons")?.runs.allSatisfy { $0.kind == .plain } == true)
        #expect(parse(String(repeating: "[微笑]", count: n / 4), "emoticons")?.runs.count == n / 4)
    }

    @Test func longRunsOfOneCharacterAndEmojiAreLinear() {
        for (label, character) in [("a", "a"), ("space", " "), ("newline", "\n"), ("CJK", "字"), ("emoji", "😀"), ("flag", "🇨🇳")] {
            let text = parse(String(repeating: character, count: Self.length), label)
            #expect(text?.displayText.count == Self.length, "\(label)")
        }
        let combining = parse("e" + String(repeating: "\u{301}", count: Self.length), "deep combining")
        #expect(combining?.displayText.count == 1, "one grapheme")
        let overrides = parse(String(repeating: "\u{202E}ab\u{202C}", count: Self.length / 4), "RTL overrides")
        #expect(overrides?.links.isEmpty == true)
    }
}
