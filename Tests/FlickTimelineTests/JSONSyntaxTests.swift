import Dispatch
import Foundation
import Testing
@testable import FlickTimeline

/// The incremental reader's JSON grammar, positions and limits, via `FeedDecoder`.
@Suite("JSON syntax errors and limits")
struct JSONSyntaxTests {
    func error(_ text: String, configuration: FeedReader.Configuration = .default) -> FeedDecoder.Error? {
        do {
            _ = try FeedDecoder(configuration: configuration).decode(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    func position(_ text: String) -> (Int, Int)? {
        guard case .invalidJSON(let line, let column, _)? = error(text) else { return nil }
        return (line, column)
    }

    @Test func errorPointsAtTheOffendingCharacterByLineAndColumn() {
        let text = "{\n  \"posts\": [\n    1,\n    2 3\n  ]\n}"
        #expect(error(text) == .invalidJSON(line: 4, column: 7, reason: "expected ',' or ']' after a post, found '3'"))
    }

    @Test func columnsCountCharactersNotBytes() {
        // "小明" is 6 UTF-8 bytes but 2 columns; the stray 'x' is the 18th character of line 1.
        let position = position("{\"posts\":[],\"小明\":x}")
        #expect(position?.0 == 1 && position?.1 == 18)
    }

    @Test(arguments: [
        ("", 1, 1), ("   ", 1, 4), ("{", 1, 2), ("{\"posts\":[", 1, 11), ("{\"posts\":[{\"id\":\"a", 1, 19),
        ("{\"posts\":[]", 1, 12), ("{\"posts\":[1,", 1, 13),
    ])
    func truncatedInputReportsTheEnd(_ text: String, _ line: Int, _ column: Int) {
        guard case .invalidJSON(let l, let c, let reason)? = error(text) else {
            Issue.record("no JSON error for \(text.debugDescription)")
            return
        }
        #expect(l == line && c == column)
        #expect(reason.hasPrefix("unexpected end of input"))
    }

    @Test func trailingGarbageIsAnError() {
        #expect(error("{\"posts\":[]} x") == .invalidJSON(line: 1, column: 14, reason: "unexpected 'x' after the end of the JSON document"))
        #expect(error("{\"posts\":[]}\n\n  ") == nil)
    }

    @Test(arguments: [
        (#"{"posts":["\q"]}"#, "invalid escape '\\q' in a string"),
        (#"{"posts":["\u12G4"]}"#, "expected four hex digits after '\\u', found 'G'"),
        ("{\"posts\":[\"a\tb\"]}", "control character U+0009 in a string must be escaped"),
        (#"{"posts":[01]}"#, "expected ',' or ']' after a post, found '1'"),
        (#"{"posts":[1.]}"#, "expected a digit after '.', found ']'"),
        (#"{"posts":[-]}"#, "expected a digit, found ']'"),
        (#"{"posts":[1e+]}"#, "expected a digit after an exponent, found ']'"),
        (#"{"posts":[tru]}"#, "invalid literal, expected 'true'"),
        (#"{"posts":[1,]}"#, "expected a value, found ']'"),
        (#"{"posts" [1]}"#, "expected ':' after an object key, found '['"),
        (#"{posts:[]}"#, "expected a string key, found 'p'"),
        (#"{"posts":[{"a":1,}]}"#, "expected a string key, found '}'"),
    ])
    func malformedTokensAreNamed(_ text: String, _ reason: String) {
        guard case .invalidJSON(_, _, let found)? = error(text) else {
            Issue.record("no JSON error for \(text)")
            return
        }
        #expect(found == reason)
    }

    @Test func escapesDecodeIncludingSurrogatePairs() throws {
        let feed = try FeedDecoder().decode(
            DataFixtures.feedJSON([DataFixtures.postJSON(["text": #""a\"b\\c\/d\n\t\u00e9\ud83d\ude00\ud800x""#])]))
        #expect(feed.posts.first?.text == "a\"b\\c/d\n\té😀\u{FFFD}x")
    }

    @Test func nestingBeyondTheLimitIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(error("{\"posts\":[\(deep)]}") == .invalidJSON(line: 1, column: 73, reason: "nesting deeper than 64 levels"))
        let deepInUnknownField = "{\"x\":" + String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000) + ",\"posts\":[]}"
        guard case .invalidJSON(_, _, let reason)? = error(deepInUnknownField) else {
            Issue.record("deep nesting accepted")
            return
        }
        #expect(reason == "nesting deeper than 64 levels")
    }

    @Test func nestingWithinTheLimitIsAccepted() throws {
        var configuration = FeedReader.Configuration()
        configuration.maxDepth = 10
        let nested = String(repeating: "[", count: 6) + String(repeating: "]", count: 6)  // depths 4…9
        let feed = try FeedDecoder(configuration: configuration).decode(
            DataFixtures.feedJSON([DataFixtures.postJSON(["extra": nested])]))
        #expect(feed.posts.count == 1)
    }

    @Test func errorsArePositionedTheSameAcrossChunkBoundaries() {
        let text = "{\"posts\":[\n" + DataFixtures.postJSON(id: "a") + ",\n" + DataFixtures.postJSON(id: "b") + "\n,]}"
        let whole = error(text)
        for chunkSize in [1, 2, 3, 7, 64] {
            var configuration = FeedReader.Configuration()
            configuration.chunkSize = chunkSize
            #expect(error(text, configuration: configuration) == whole, "chunk size \(chunkSize)")
        }
        #expect(whole == .invalidJSON(line: 4, column: 2, reason: "expected a value, found ']'"))
    }

    @Test func decodingIsIdenticalForEveryChunkSize() throws {
        let data = DataFixtures.feedJSON(
            (0..<5).map { DataFixtures.postJSON(id: "\($0)", ["text": "\"小明 \\u00e9 😀 \($0)\""]) }, extra: #","next":"n""#)
        let reference = try FeedDecoder().decode(data)
        #expect(reference.posts.count == 5)
        for chunkSize in [1, 2, 5, 13] {
            var configuration = FeedReader.Configuration()
            configuration.chunkSize = chunkSize
            #expect(try FeedDecoder(configuration: configuration).decode(data) == reference, "chunk size \(chunkSize)")
        }
    }

    @Test func hugeNumberLiteralsAreBoundedAndRejectedPerPost() throws {
        let digits = String(repeating: "9", count: 100_000)
        let feed = try FeedDecoder().decode(DataFixtures.feedJSON([DataFixtures.postJSON(["likes": digits])]))
        #expect(feed.posts.isEmpty)
        let reason = try #require(feed.warnings.first?.reason)
        #expect(reason.hasPrefix(#""likes" must be an integer ≥ 0, found a number: 999"#))
        #expect(reason.count < 120)
    }

    @Test func invalidUTF8IsRepairedNotFatal() throws {
        var bytes = Array(#"{"posts":[{"id":"1","created_at":"2026-11-20T08:15:00Z","user":{"id":"u","name":""#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#""},"text":""}]}"#.utf8)
        let feed = try FeedDecoder().decode(Data(bytes))
        #expect(feed.posts.first?.user.name == "\u{FFFD}\u{FFFD}")
    }
}

extension JSONSyntaxTests {
    @Test func depthAboveTheCeilingIsClampedOnAWorkerThread() async throws {
        var configuration = FeedReader.Configuration()
        configuration.maxDepth = 1_000_000
        let deep = String(repeating: "[", count: 100_000)
        let data = Data("{\"posts\":[\(deep)".utf8)
        let decoder = FeedDecoder(configuration: configuration)
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    _ = try decoder.decode(data)
                    continuation.resume(returning: "accepted")
                } catch {
                    continuation.resume(returning: "\(error)")
                }
            }
        }
        // Posts sit at depth 3 from column 11, so depth 257 is the '[' at column 265.
        #expect(result == "invalid JSON at line 1, column 265: nesting deeper than 256 levels")
    }
}
