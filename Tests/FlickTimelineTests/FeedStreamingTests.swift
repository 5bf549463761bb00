import Foundation
import Testing
@testable import FlickTimeline

/// `FeedReader` over files: one element at a time, bounded memory, errors anywhere.
@Suite("Streaming feed reader")
struct FeedStreamingTests {
    /// Writes a feed of `count` posts (a few hundred bytes each) with `FeedWriter`.
    static func writeFeed(_ count: Int, in directory: ScratchDirectory, next: String? = "https://host/p2") throws -> URL {
        let url = directory.url.appendingPathComponent("feed-\(count).json")
        let writer = try FeedWriter(url: url)
        for number in 0..<count { try writer.append(DataFixtures.post(number, pics: number % 4, retweet: number % 5 == 0)) }
        try writer.finish(next: next)
        return url
    }

    @Test func multiMegabyteFileYieldsEveryPostInOrder() throws {
        let directory = ScratchDirectory()
        let url = try Self.writeFeed(12_000, in: directory)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size > 4_000_000)
        var reader = try FeedReader(contentsOf: url)
        var count = 0
        while let item = try reader.nextItem() {
            guard case .post(let index, let post) = item else {
                Issue.record("unexpected \(item)")
                break
            }
            #expect(index == count)
            if count % 1_000 == 0 { #expect(post == DataFixtures.post(count, pics: count % 4, retweet: count % 5 == 0)) }
            count += 1
        }
        #expect(count == 12_000)
        #expect(reader.next == "https://host/p2")
    }

    @Test func readerHoldsOneChunkNotTheFile() throws {
        let directory = ScratchDirectory()
        let url = try Self.writeFeed(12_000, in: directory)
        var reader = try FeedReader(contentsOf: url)
        _ = try reader.nextItem()
        #expect(reader.progress.consumed < 2_000)
        #expect(reader.progress.buffered == FeedReader.Configuration.default.chunkSize)
        for _ in 0..<6_000 { _ = try reader.nextItem() }
        #expect(reader.progress.consumed > 2_000_000)
        #expect(reader.progress.buffered <= FeedReader.Configuration.default.chunkSize)
    }

    @Test func elementsComeOneAtATimeAsParsedValues() throws {
        var reader = FeedReader(data: DataFixtures.feedJSON(["1", "{\"a\":[true]}", "\"s\""]))
        #expect(try reader.nextElement() == .value(index: 0, .number(JSONNumber(literal: "1"))))
        #expect(try reader.nextElement() == .value(index: 1, .object([JSONMember(key: "a", value: .array([.bool(true)]))])))
        #expect(try reader.nextElement() == .value(index: 2, .string("s")))
        #expect(try reader.nextElement() == nil)
    }

    @Test func nextIsPickedUpBeforeOrAfterPosts() throws {
        var before = FeedReader(data: Data(#"{"next":"early","posts":[]}"#.utf8))
        #expect(try before.nextItem() == nil)
        #expect(before.next == "early")
        var after = FeedReader(data: DataFixtures.feedJSON([DataFixtures.postJSON()], extra: #","next":"late""#))
        #expect(after.next == nil)
        _ = try after.nextItem()
        #expect(try after.nextItem() == nil)
        #expect(after.next == "late")
    }

    @Test func truncatedFileFailsWithThePositionOfItsEnd() throws {
        let directory = ScratchDirectory()
        let url = try Self.writeFeed(300, in: directory)
        let data = try Data(contentsOf: url)
        let cut = directory.file("cut.json", contents: data.prefix(data.count / 2))
        let lines = data.prefix(data.count / 2).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var reader = try FeedReader(contentsOf: cut)
        var posts = 0
        do {
            while let item = try reader.nextItem() { if case .post = item { posts += 1 } }
            Issue.record("truncated feed accepted")
        } catch {
            guard case .invalidJSON(let line, _, let reason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(line == lines.count)
            #expect(reason.hasPrefix("unexpected end of input"))
        }
        #expect(posts > 100 && posts < 300)
    }

    @Test func trailingGarbageAfterALargeFeedIsAnError() throws {
        let directory = ScratchDirectory()
        var data = try Data(contentsOf: try Self.writeFeed(500, in: directory))
        data += Data("{\"again\":1}".utf8)
        var reader = try FeedReader(contentsOf: directory.file("garbage.json", contents: data))
        #expect(throws: FeedDecoder.Error.invalidJSON(line: 503, column: 1, reason: "unexpected '{' after the end of the JSON document")) {
            while try reader.nextItem() != nil {}
        }
    }

    @Test func postThatIsANumberIsSkippedInAFile() throws {
        let directory = ScratchDirectory()
        let url = directory.file("n.json", contents: DataFixtures.feedJSON([DataFixtures.postJSON(id: "a"), "42", DataFixtures.postJSON(id: "b")]))
        let feed = try FeedDecoder().decode(contentsOf: url)
        #expect(feed.posts.map(\.id) == ["a", "b"])
        #expect(feed.warnings.map(\.description) == ["post 1: must be an object, found a number: 42"])
    }

    @Test func badEscapeDeepInAFileIsPositioned() throws {
        let directory = ScratchDirectory()
        var data = try Data(contentsOf: try Self.writeFeed(200, in: directory))
        let marker = Data(#""text":"post 150 "#.utf8)
        let range = try #require(data.range(of: marker))
        data.insert(contentsOf: Data(#"\x"#.utf8), at: range.upperBound)
        var reader = try FeedReader(contentsOf: directory.file("esc.json", contents: data))
        #expect {
            while try reader.nextItem() != nil {}
        } throws: { error in
            guard case FeedDecoder.Error.invalidJSON(let line, _, let reason) = error else { return false }
            return line == 152 && reason == "invalid escape '\\x' in a string"
        }
    }

    @Test func deeplyNestedArraysInAFileAreRejectedWithoutExhaustingTheStack() throws {
        let directory = ScratchDirectory()
        let deep = "{\"posts\":[" + String(repeating: "[", count: 1_000_000)
        var reader = try FeedReader(contentsOf: directory.file("deep.json", contents: Data(deep.utf8)))
        #expect(throws: FeedDecoder.Error.invalidJSON(line: 1, column: 73, reason: "nesting deeper than 64 levels")) {
            _ = try reader.nextItem()
        }
    }

    @Test func validateToEndCountsPostsWithoutKeepingThem() throws {
        let directory = ScratchDirectory()
        var reader = try FeedReader(contentsOf: try Self.writeFeed(1_000, in: directory, next: "x"))
        #expect(try reader.validateToEnd() == 1_000)
        #expect(reader.next == "x")
    }

    @Test func missingFileIsUnreadable() {
        #expect {
            _ = try FeedReader(contentsOf: URL(fileURLWithPath: "/nonexistent/feed.json"))
        } throws: { error in
            guard case FeedDecoder.Error.unreadable(let path, _) = error else { return false }
            return path == "/nonexistent/feed.json"
        }
    }
}
