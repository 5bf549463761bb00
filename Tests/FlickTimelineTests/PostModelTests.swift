import Foundation
import Testing
@testable import FlickTimeline

@Suite("Post model")
struct PostModelTests {
    @Test func kindFollowsPicturesAndRetweet() {
        #expect(DataFixtures.post(1).kind == .textOnly)
        #expect(DataFixtures.post(1, pics: 1).kind == .singlePicture)
        #expect(DataFixtures.post(1, pics: 2).kind == .pictureGrid)
        #expect(DataFixtures.post(1, pics: 9).kind == .pictureGrid)
        #expect(DataFixtures.post(1, pics: 3, retweet: true).kind == .retweet)
        // The height index numbers kinds by `index`: each shape's place among all of them.
        #expect(PostKind.allCases.map(\.index) == Array(PostKind.allCases.indices))
    }

    @Test func fnv1aMatchesPublishedVectors() {
        var empty = ContentHasher()
        #expect(empty.value == 0xcbf2_9ce4_8422_2325)
        for byte in Array("a".utf8) { empty.combine(byte: byte) }
        #expect(empty.value == 0xaf63_dc4c_8601_ec8c)
        var foobar = ContentHasher()
        for byte in Array("foobar".utf8) { foobar.combine(byte: byte) }
        #expect(foobar.value == 0x8594_4171_f739_67e8)
    }

    /// A literal: the version must not change between runs, machines or Swift releases,
    /// because heights are persisted under it.
    @Test func contentVersionIsAFixedValueForFixedContent() {
        let post = Post(
            id: "4870001", createdAt: Date(timeIntervalSince1970: 1_795_162_500), source: "iPhone 16 Pro",
            user: User(id: "u17", name: "小明Alice", avatar: "images/a17.jpg", verified: true),
            text: "今天天气不错 @bob #Swift# [微笑] 😀",
            pics: [Picture(url: "images/p1.jpg", width: 1920, height: 1080)], reposts: 12, comments: 3, likes: 40)
        #expect(post.contentVersion == 0x73af_507b_1a2f_962e)
    }

    @Test func contentVersionChangesWithEveryDisplayedField() {
        let base = DataFixtures.post(7, pics: 2, retweet: true)
        func variant(
            createdAt: Date? = nil, source: String?? = nil, user: User? = nil, text: String? = nil,
            pics: [Picture]? = nil, reposts: Int? = nil, comments: Int? = nil, likes: Int? = nil,
            retweeted: RetweetedPost?? = nil
        ) -> Post {
            Post(
                id: base.id, createdAt: createdAt ?? base.createdAt, source: source ?? base.source, user: user ?? base.user,
                text: text ?? base.text, pics: pics ?? base.pics, reposts: reposts ?? base.reposts,
                comments: comments ?? base.comments, likes: likes ?? base.likes, retweeted: retweeted ?? base.retweeted)
        }
        let original = base.retweeted!
        let variants = [
            variant(createdAt: base.createdAt.addingTimeInterval(1)),
            variant(source: .some(nil)),
            variant(user: User(id: base.user.id, name: base.user.name + "!", avatar: base.user.avatar)),
            variant(user: User(id: base.user.id, name: base.user.name, avatar: "other.jpg")),
            variant(user: User(id: base.user.id, name: base.user.name, avatar: base.user.avatar, verified: true)),
            variant(text: base.text + " "),
            variant(pics: Array(base.pics.dropLast())),
            variant(pics: [Picture(url: base.pics[0].url, width: 100, height: 1080), base.pics[1]]),
            variant(reposts: base.reposts + 1), variant(comments: base.comments + 1), variant(likes: base.likes + 1),
            variant(retweeted: .some(nil)),
            variant(retweeted: RetweetedPost(id: original.id, createdAt: original.createdAt, user: original.user, text: "edited")),
            variant(retweeted: RetweetedPost(
                id: original.id, createdAt: original.createdAt, user: original.user, text: original.text, likes: 1)),
        ]
        let versions = Set(variants.map(\.contentVersion) + [base.contentVersion])
        #expect(versions.count == variants.count + 1)
    }

    @Test func contentVersionIgnoresIdsThatAreNotDisplayed() {
        let one = DataFixtures.post(3)
        let renamed = Post(
            id: "other", createdAt: one.createdAt, source: one.source,
            user: User(id: "someone-else", name: one.user.name, avatar: one.user.avatar), text: one.text,
            reposts: one.reposts, comments: one.comments, likes: one.likes)
        #expect(renamed.contentVersion == one.contentVersion)
    }

    @Test func stringBoundariesAreNotAmbiguous() {
        let a = Post(id: "1", createdAt: .init(timeIntervalSince1970: 0), source: "ab", user: User(id: "u", name: "c"), text: "")
        let b = Post(id: "1", createdAt: .init(timeIntervalSince1970: 0), source: "a", user: User(id: "u", name: "bc"), text: "")
        #expect(a.contentVersion != b.contentVersion)
    }

    @Test func initNormalizesWhatTheFeedWouldReject() {
        let post = Post(
            id: "1", createdAt: Date(timeIntervalSince1970: 1.0004), user: User(id: "u", name: "n"), text: "",
            pics: (0..<12).map { Picture(url: "\($0)", width: 0, height: -4) }, reposts: -5, comments: -1, likes: -2)
        #expect(post.pics.count == 9)
        #expect(post.pics[0].width == nil && post.pics[0].height == nil)
        #expect(post.reposts == 0 && post.comments == 0 && post.likes == 0)
        #expect(post.createdAt == Date(timeIntervalSince1970: 1.0))
    }
}
