import Foundation
import Testing
@testable import FlickTimeline

/// Field caps (PostLimits): ids and URLs over their cap skip the post, names and sources are
/// cut, NUL characters are replaced, warnings are bounded and never carry a raw control
/// character.
@Suite("Feed field caps and escaping")
struct FeedFieldCapsTests {
    func decode(_ posts: [String], configuration: FeedReader.Configuration = .default) throws -> Feed {
        try FeedDecoder(configuration: configuration).decode(DataFixtures.feedJSON(posts))
    }

    static func string(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
    }

    @Test func idsUpToTheCapLoadAndLongerOnesSkipThePost() throws {
        let atCap = String(repeating: "i", count: PostLimits.maxIDBytes)
        let over = String(repeating: "é", count: PostLimits.maxIDBytes / 2 + 1)  // 2 bytes each: 258
        let feed = try decode([
            DataFixtures.postJSON(id: atCap), DataFixtures.postJSON(id: over),
            DataFixtures.postJSON(id: "u", ["user": "{\"id\":\"\(over)\",\"name\":\"a\"}"]),
            DataFixtures.postJSON(id: "r", ["retweeted": DataFixtures.postJSON(id: over)]),
        ])
        #expect(feed.posts.map(\.id) == [atCap])
        #expect(feed.warnings.map(\.description) == [
            "post 1: \"id\" is 258 bytes long, at most 256 are allowed",
            "post 2: \"user.id\" is 258 bytes long, at most 256 are allowed",
            "post 3: \"retweeted.id\" is 258 bytes long, at most 256 are allowed",
        ])
    }

    @Test func urlsOverTheCapSkipThePost() throws {
        let long = "images/" + String(repeating: "a", count: PostLimits.maxURLBytes)
        let feed = try decode([
            DataFixtures.postJSON(id: "a", ["user": "{\"id\":\"u\",\"name\":\"n\",\"avatar\":\"\(long)\"}"]),
            DataFixtures.postJSON(id: "b", ["pics": "[{\"url\":\"\(long)\"}]"]),
            DataFixtures.postJSON(id: "c", ["pics": "[{\"url\":\"images/ok.jpg\"}]"]),
        ])
        #expect(feed.posts.map(\.id) == ["c"])
        #expect(feed.warnings.map(\.description) == [
            "post 0: \"user.avatar\" is 8199 bytes long, at most 8192 are allowed",
            "post 1: \"pics[0].url\" is 8199 bytes long, at most 8192 are allowed",
        ])
    }

    /// A million-character name loaded whole before (and laid out, cut, cached, stored).
    @Test func longNamesAndSourcesAreCutAtAScalarBoundaryWithAWarning() throws {
        let name = String(repeating: "名", count: 1_000_000)  // 3 bytes each
        let source = String(repeating: "s", count: 5_000)
        let feed = try decode([
            DataFixtures.postJSON(id: "a", [
                "user": "{\"id\":\"u\",\"name\":\(Self.string(name))}", "source": Self.string(source),
            ])
        ])
        let post = try #require(feed.posts.first)
        #expect(post.user.name == String(repeating: "名", count: 341))  // 1,023 bytes: the next would pass 1,024
        #expect(post.source == String(repeating: "s", count: 1_024))
        #expect(feed.warnings.map(\.description) == [
            "post 0: \"source\" was 5000 bytes long and was cut to 1024 (at most 1024 are kept); "
                + "\"user.name\" was 3000000 bytes long and was cut to 1023 (at most 1024 are kept)"
        ])
        #expect(feed.warnings.first?.effect == .repaired)
    }

    /// Pango stops at a NUL: "hidden @link" was not drawn and its link not tappable.
    @Test func nulCharactersBecomeReplacementCharactersWithAWarning() throws {
        let feed = try decode([
            DataFixtures.postJSON(id: "a", ["text": #""visible\u0000hidden @link\u0000""#]),
            DataFixtures.postJSON(id: "b", ["user": #"{"id":"u","name":"a\u0000b"}"#]),
        ])
        #expect(feed.posts.map(\.text) == ["visible\u{FFFD}hidden @link\u{FFFD}", "hello"])
        #expect(feed.posts.last?.user.name == "a\u{FFFD}b")
        #expect(feed.warnings.map(\.description) == [
            "post 0: \"text\" held 2 NUL characters, replaced by U+FFFD",
            "post 1: \"user.name\" held 1 NUL character, replaced by U+FFFD",
        ])
    }

    /// Before: `FeedDecoder` kept one warning per bad post, so 3-byte `{},` items grew
    /// memory about 30× the feed's size.
    @Test func warningsAreKeptUpToTheCapAndTheRestCounted() throws {
        var configuration = FeedReader.Configuration.default
        configuration.maxKeptWarnings = 10
        let feed = try decode(Array(repeating: "{}", count: 100) + [DataFixtures.postJSON(id: "ok")], configuration: configuration)
        #expect(feed.posts.map(\.id) == ["ok"])
        #expect(feed.warnings.count == 10 && feed.omittedWarnings == 90)
        #expect(feed.warnings.first?.description == "post 0: \"id\" is missing")
        let defaults = try decode(Array(repeating: "3", count: 5_000))
        #expect(defaults.warnings.count == 1_000 && defaults.omittedWarnings == 4_000)
    }

    /// Before: `flick render` printed `"\u001b]0;pwned\u0007\u001b[2J"` raw, clearing the
    /// screen and retitling the terminal.
    @Test func warningsAndErrorsNeverCarryARawControlCharacter() throws {
        let hostile = #""\u001b]0;pwned\u0007\u001b[2J\n\u009b""#
        let feed = try decode([
            DataFixtures.postJSON(id: "a", ["created_at": hostile]),
            DataFixtures.postJSON(id: "b", ["text": "3", "source": hostile]),
            DataFixtures.postJSON(id: "c\\u001b[31m"), DataFixtures.postJSON(id: "c\\u001b[31m"),
        ])
        let printed = feed.warnings.map(\.description) + [
            "\(FeedStore.Error.duplicatePostID(path: "/x", id: "c\u{1B}[31m"))",
            "\(FeedStore.Error.corrupt(path: "/x\n", reason: "row 3: \u{1B}[2J"))",
            "\(FeedDecoder.Error.unreadable(path: "/a\u{7}", reason: "no"))",
        ]
        #expect(printed.count == 6)
        for line in printed {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line.debugDescription)")
        }
        #expect(printed[0].contains(#"\u{1b}]0;pwned\u{7}\u{1b}[2J\u{a}"#), "\(printed[0])")
    }
}
