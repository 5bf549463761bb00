import Foundation
import Testing
@testable import FlickTimeline

@Suite("Feed decoding and validation")
struct FeedDecoderTests {
    let decoder = FeedDecoder()

    @Test func formatExampleDecodesEveryField() throws {
        let json = """
            {"posts":[{"id":"4870001","created_at":"2026-11-20T08:15:00Z","source":"iPhone 16 Pro",
              "user":{"id":"u17","name":"小明Alice","avatar":"images/a17.jpg","verified":true},
              "text":"今天天气不错 @bob 看看 #Swift# https://example.com/x [微笑] 😀",
              "pics":[{"url":"images/p1.jpg","width":1920,"height":1080},{"url":"images/p2.jpg"}],
              "reposts":12,"comments":3,"likes":40,
              "retweeted":{"id":"4869000","created_at":"2026-11-19T08:00:00.250+08:00","user":{"id":"u2","name":"Bob"},
                "text":"orig","pics":[],"retweeted":{"id":"deeper","bogus":1}}}],
             "next":"https://host/timeline?page=2"}
            """
        let feed = try decoder.decode(Data(json.utf8))
        #expect(feed.warnings.isEmpty)
        #expect(feed.next == "https://host/timeline?page=2")
        let post = try #require(feed.posts.first)
        #expect(post.id == "4870001")
        #expect(post.createdAt == Date(timeIntervalSince1970: 1_795_162_500))
        #expect(post.source == "iPhone 16 Pro")
        #expect(post.user == User(id: "u17", name: "小明Alice", avatar: "images/a17.jpg", verified: true))
        #expect(post.text.hasSuffix("[微笑] 😀"))
        #expect(post.pics == [Picture(url: "images/p1.jpg", width: 1920, height: 1080), Picture(url: "images/p2.jpg")])
        #expect((post.reposts, post.comments, post.likes) == (12, 3, 40))
        #expect(post.kind == .retweet)
        let original = try #require(post.retweeted)
        #expect(original.id == "4869000")
        #expect(original.createdAt == Date(timeIntervalSince1970: 1_795_046_400.25))
        #expect(original.user.verified == false)
    }

    @Test func defaultsApplyWhenOptionalFieldsAreAbsentOrNull() throws {
        let feed = try decoder.decode(
            DataFixtures.feedJSON([DataFixtures.postJSON(["source": "null", "pics": "null", "likes": "null"])]))
        let post = try #require(feed.posts.first)
        #expect(post.source == nil && post.pics.isEmpty && post.retweeted == nil)
        #expect((post.reposts, post.comments, post.likes) == (0, 0, 0))
        #expect(post.user.avatar == nil && post.user.verified == false)
        #expect(feed.next == nil)
    }

    @Test func unknownFieldsAreIgnoredAtEveryLevel() throws {
        let feed = try decoder.decode(
            DataFixtures.feedJSON(
                [DataFixtures.postJSON(["mood": "{\"deep\":[1,2,{\"x\":null}]}", "user": "{\"id\":\"u\",\"name\":\"n\",\"x\":[]}"])],
                extra: ",\"cursor\":{\"a\":[true,false]}"))
        #expect(feed.posts.count == 1)
        #expect(feed.warnings.isEmpty)
    }

    static let brokenPosts: [(overrides: [String: String], reason: String)] = [
        (["id": "<absent>"], #""id" is missing"#),
        (["id": "\"\""], #""id" is empty"#),
        (["id": "42"], #""id" must be a string, found a number: 42"#),
        (["created_at": "\"yesterday\""], #""created_at" is not an ISO 8601 date with zone: "yesterday""#),
        (["created_at": "\"2026-11-20T08:15:00\""], #""created_at" is not an ISO 8601 date with zone: "2026-11-20T08:15:00""#),
        (["user": "\"bob\""], #""user" must be an object, found "bob""#),
        (["user": "{\"id\":\"u1\"}"], #""user.name" is missing"#),
        (["user": "{\"id\":\"u1\",\"name\":\"n\",\"verified\":\"yes\"}"], #""user.verified" must be true or false, found "yes""#),
        (["text": "<absent>"], #""text" is missing"#),
        (["text": "[]"], #""text" must be a string, found an array"#),
        (["likes": "-3"], #""likes" must be an integer ≥ 0, found a number: -3"#),
        (["reposts": "1.5"], #""reposts" must be an integer ≥ 0, found a number: 1.5"#),
        (["comments": "1e400"], #""comments" must be an integer ≥ 0, found a number: 1e400"#),
        (["comments": "123456789012345678901234567890"], #""comments" must be an integer ≥ 0, found a number: 123456789012345678901234567890"#),
        (["likes": "\"12\""], #""likes" must be an integer ≥ 0, found "12""#),
        (["pics": "{}"], #""pics" must be an array, found an object"#),
        (["pics": "[" + Array(repeating: "{\"url\":\"x\"}", count: 10).joined(separator: ",") + "]"],
         #""pics" has 10 pictures, at most 9 are allowed"#),
        (["pics": "[{\"url\":\"a\"},{\"url\":\"b\",\"width\":0}]"], #""pics[1].width" must be an integer in 1…1000000, found a number: 0"#),
        (["pics": "[{\"url\":\"a\",\"height\":99999999999}]"], #""pics[0].height" must be an integer in 1…1000000, found a number: 99999999999"#),
        (["pics": "[{\"width\":3}]"], #""pics[0].url" is missing"#),
        (["pics": "[7]"], #""pics[0]" must be an object, found a number: 7"#),
        (["retweeted": "\"x\""], #""retweeted" must be an object, found "x""#),
        (["retweeted": "{\"id\":\"o\",\"created_at\":\"soon\",\"user\":{\"id\":\"u\",\"name\":\"n\"},\"text\":\"\"}"],
         #""retweeted.created_at" is not an ISO 8601 date with zone: "soon""#),
        (["retweeted": "{\"id\":\"o\",\"created_at\":\"2026-11-20T08:15:00Z\",\"user\":{\"id\":1,\"name\":\"n\"},\"text\":\"\"}"],
         #""retweeted.user.id" must be a string, found a number: 1"#),
    ]

    @Test(arguments: brokenPosts)
    func postBreakingARuleIsSkippedWithItsIndexAndReason(_ broken: (overrides: [String: String], reason: String)) throws {
        let data = DataFixtures.feedJSON([
            DataFixtures.postJSON(id: "a"), DataFixtures.postJSON(id: "b", broken.overrides), DataFixtures.postJSON(id: "c"),
        ])
        let feed = try decoder.decode(data)
        #expect(feed.posts.map(\.id) == ["a", "c"])
        #expect(feed.warnings.map(\.description) == ["post 1: \(broken.reason)"])
    }

    @Test func postThatIsNotAnObjectIsSkipped() throws {
        let feed = try decoder.decode(DataFixtures.feedJSON(["3", DataFixtures.postJSON(), "\"text\"", "null"]))
        #expect(feed.posts.count == 1)
        #expect(feed.warnings.map(\.description) == [
            "post 0: must be an object, found a number: 3", "post 2: must be an object, found \"text\"",
            "post 3: must be an object, found null",
        ])
    }

    @Test func duplicateIdKeepsTheFirstAndWarnsAboutTheRest() throws {
        let feed = try decoder.decode(
            DataFixtures.feedJSON([DataFixtures.postJSON(id: "x"), DataFixtures.postJSON(id: "y"), DataFixtures.postJSON(id: "x")]))
        #expect(feed.posts.map(\.id) == ["x", "y"])
        #expect(feed.warnings.map(\.description) == [#"post 2: duplicate "id" "x", first used by post 0"#])
    }

    @Test func longValuesAreShortenedInWarnings() throws {
        let long = String(repeating: "z", count: 500)
        let feed = try decoder.decode(DataFixtures.feedJSON([DataFixtures.postJSON(["created_at": "\"\(long)\""])]))
        let warning = try #require(feed.warnings.first)
        #expect(warning.description.count < 120)
        #expect(warning.description.hasSuffix("…\""))
    }

    @Test func emptyPostsIsAValidFeed() throws {
        let feed = try decoder.decode(Data(#"{"next":"n","posts":[]}"#.utf8))
        #expect(feed.posts.isEmpty && feed.warnings.isEmpty && feed.next == "n")
    }

    @Test func missingPostsNamesTheField() {
        #expect(throws: FeedDecoder.Error.missingField("posts")) { try decoder.decode(Data(#"{"next":"x"}"#.utf8)) }
        #expect(throws: FeedDecoder.Error.missingField("posts")) { try decoder.decode(Data("{}".utf8)) }
    }

    @Test func topLevelThatIsNotAnObjectIsRejected() {
        #expect(throws: FeedDecoder.Error.notAnObject(found: "an array")) { try decoder.decode(Data("[{\"posts\":[]}]".utf8)) }
        #expect(throws: FeedDecoder.Error.notAnObject(found: "a number")) { try decoder.decode(Data(" 12 ".utf8)) }
    }

    @Test func postsOfTheWrongTypeIsRejected() {
        #expect(throws: FeedDecoder.Error.wrongFieldType(field: "posts", expected: "an array", found: "an object")) {
            try decoder.decode(Data(#"{"posts":{}}"#.utf8))
        }
    }

    @Test func nextOfTheWrongTypeIsIgnoredWithAWarning() throws {
        let feed = try decoder.decode(DataFixtures.feedJSON([DataFixtures.postJSON()], extra: #","next":5"#))
        #expect(feed.next == nil)
        #expect(feed.warnings.map(\.description) == [#""next" must be a string, found a number: 5; ignored"#])
    }

    @Test func postLargerThanTheLimitIsSkippedAndTheRestLoads() throws {
        var configuration = FeedReader.Configuration()
        configuration.maxPostBytes = 4_096
        let big = DataFixtures.postJSON(id: "big", ["text": "\"" + String(repeating: "长", count: 5_000) + "\""])
        let feed = try FeedDecoder(configuration: configuration).decode(
            DataFixtures.feedJSON([big, DataFixtures.postJSON(id: "small")]))
        #expect(feed.posts.map(\.id) == ["small"])
        #expect(feed.warnings.map(\.description) == ["post 0: larger than 4096 bytes once parsed"])
    }

    @Test func errorDescriptionsAreReadable() {
        #expect(
            FeedDecoder.Error.invalidJSON(line: 3, column: 14, reason: "expected ',' or ']' in an array, found '}'").description
                == "invalid JSON at line 3, column 14: expected ',' or ']' in an array, found '}'")
        #expect(FeedDecoder.Error.missingField("posts").description == #"the feed has no "posts" field"#)
    }
}
