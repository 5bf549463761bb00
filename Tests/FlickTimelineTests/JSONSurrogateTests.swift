import Foundation
import Testing
@testable import FlickTimeline

/// Escaped UTF-16 surrogates without their pair (an emoji cut in half by a UTF-16 truncation,
/// common in real feeds): each becomes U+FFFD with a warning for its post, and the feed loads.
@Suite("JSON lone surrogates")
struct JSONSurrogateTests {
    func decode(_ text: String, extra: String = "") throws -> Feed {
        try FeedDecoder().decode(
            DataFixtures.feedJSON([DataFixtures.postJSON(id: "1", ["text": text]), DataFixtures.postJSON(id: "2")], extra: extra))
    }

    /// Before: any escape after a lone high surrogate other than `\u` rejected the whole feed
    /// ("invalid escape '\n' in a string").
    @Test(arguments: [
        (#""cut \ud83d\nnext line""#, "cut \u{FFFD}\nnext line"),
        (#""cut \ud83d\"quoted\"""#, "cut \u{FFFD}\"quoted\""),
        (#""\ud83d\\""#, "\u{FFFD}\\"),
        (#""\ud83d\/\t""#, "\u{FFFD}/\t"),
        (#""end \ud83d""#, "end \u{FFFD}"),
        (#""\ude00 low first""#, "\u{FFFD} low first"),
    ])
    func aLoneSurrogateBeforeAnyEscapeBecomesAReplacementCharacter(_ json: String, _ expected: String) throws {
        let feed = try decode(json)
        #expect(feed.posts.map(\.id) == ["1", "2"], "the feed loads, the post too")
        #expect(feed.posts.first?.text == expected)
        #expect(
            feed.warnings == [
                FeedWarning(
                    postIndex: 0, reason: "a lone UTF-16 surrogate escape (half an emoji) was replaced by U+FFFD", effect: .repaired)
            ])
    }

    /// Before: the valid pair after a lone high surrogate was lost, and `\ud800\u0041` ate the A.
    @Test func whatFollowsALoneSurrogateIsKept() throws {
        let feed = try decode(#""\ud83d\ud83d\ude00 \ud800\u0041 \udbff\udbff""#)
        #expect(feed.posts.first?.text == "\u{FFFD}😀 \u{FFFD}A \u{FFFD}\u{FFFD}")
        #expect(feed.warnings.first?.reason == "4 lone UTF-16 surrogate escapes (halves of emoji) were replaced by U+FFFD")
        #expect(feed.warnings.first?.postIndex == 0)
    }

    @Test func aLoneSurrogateInAFieldFlickIgnoresDoesNotRejectTheFeed() throws {
        let post = DataFixtures.postJSON(id: "1", ["unknown": #""\ud83d\n""#])
        let feed = try FeedDecoder().decode(DataFixtures.feedJSON([post], extra: #","ignored":"\ud83d\"""#))
        #expect(feed.posts.map(\.id) == ["1"])
    }

    @Test func pairsAndOrdinaryEscapesWarnNothing() throws {
        let feed = try decode(#""\ud83d\ude00 \u00e9 \n""#)
        #expect(feed.posts.first?.text == "😀 é \n")
        #expect(feed.warnings.isEmpty)
    }

    @Test func anInvalidEscapeAfterASurrogateIsStillInvalidJSON() {
        #expect(throws: FeedDecoder.Error.self) { try decode(#""\ud83d\x""#) }
    }

    @Test func anImportCountsTheRepairedPostAndStoresIt() throws {
        let directory = ScratchDirectory()
        let feed = directory.file("feed.json", contents: DataFixtures.feedJSON([DataFixtures.postJSON(id: "1", ["text": #""\ud83d\n""#])]))
        let store = try FeedStore(path: directory.path("feed.sqlite"))
        let report = try store.importFeed(from: feed)
        #expect(report.appended == 1 && report.repaired == 1 && report.skipped == 0)
        #expect(report.warnings.map(\.effect) == [.repaired])
        #expect(try store.posts(in: 0..<1).first?.text == "\u{FFFD}\n")
    }

    /// A string budget of exactly 0 bytes used to keep a non-empty string as "" silently.
    @Test func aBudgetOfZeroBytesDoesNotKeepAStringSilently() throws {
        var configuration = FeedReader.Configuration()
        configuration.maxPostBytes = 36  // {"text":"hello"} costs 16 + 4 + 16 = 36 before the string
        var reader = FeedReader(data: Data(#"{"posts":[{"text":"hello"}]}"#.utf8), configuration: configuration)
        #expect(try reader.nextElement() == .oversized(index: 0))
    }
}
