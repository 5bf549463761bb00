import Foundation
import Testing
@testable import FlickTimeline

@Suite("Feed encoding")
struct FeedEncoderTests {
    static let posts = (0..<20).map { DataFixtures.post($0, pics: $0 % 10, retweet: $0 % 3 == 0) } + [
        Post(
            id: "esc\"\\", createdAt: Date(timeIntervalSince1970: 1.234), user: User(id: "u", name: "tab\tnl\n\u{01}"),
            text: "quote \" backslash \\ 😀 小明 \u{2028}", pics: [Picture(url: "a", width: 3)])
    ]

    @Test func encodedFeedDecodesToTheSamePosts() throws {
        let feed = Feed(posts: Self.posts, next: "https://host/next?page=2&x=\"y\"")
        let decoded = try FeedDecoder().decode(FeedEncoder().encode(feed))
        #expect(decoded.warnings.isEmpty)
        #expect(decoded == feed)
    }

    @Test func outputIsByteIdenticalAcrossEncodings() {
        let feed = Feed(posts: Self.posts, next: "n")
        let first = FeedEncoder().encode(feed)
        let second = FeedEncoder().encode(Feed(posts: Self.posts.map { $0 }, next: "n"))
        #expect(first == second)
    }

    @Test func keysAppearInTheFormatsOrder() {
        let line = FeedEncoder().encode(DataFixtures.post(3, pics: 1, retweet: true))
        let keys = ["\"id\"", "\"created_at\"", "\"source\"", "\"user\"", "\"text\"", "\"pics\"", "\"reposts\"", "\"comments\"", "\"likes\"", "\"retweeted\""]
        let offsets = keys.map { line.range(of: $0)?.lowerBound }
        #expect(!offsets.contains(nil))
        #expect(offsets.compactMap { $0 } == offsets.compactMap { $0 }.sorted())
        #expect(line.hasPrefix(#"{"id":"p3","created_at":"2026-11-18T"#))
    }

    @Test func stringsEscapeOnlyWhatJSONRequires() {
        #expect(FeedEncoder.quoted("a\"b\\c\n\u{01}é😀") == #""a\"b\\c\n\u0001é😀""#)
    }

    @Test func feedWriterStreamsTheSameBytesAsTheEncoder() throws {
        let directory = ScratchDirectory()
        let url = directory.url.appendingPathComponent("feed.json")
        let writer = try FeedWriter(url: url)
        for post in Self.posts { try writer.append(post) }
        try writer.finish(next: "n")
        let written = try Data(contentsOf: url)
        #expect(written == FeedEncoder().encode(Feed(posts: Self.posts, next: "n")))
    }

    @Test func feedWriterRejectsAPathItCannotCreate() {
        #expect(throws: FeedWriter.Error.self) {
            try FeedWriter(url: URL(fileURLWithPath: "/nonexistent-dir-\(UUID())/feed.json"))
        }
    }
}
