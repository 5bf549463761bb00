import Flick
import FlickCore
import FlickText
@testable import FlickTimeline
import Foundation
import Testing

/// What a screen reader says for a post (`PostSpeech`), and the cell kind saying it.
@Suite("post speech")
struct PostSpeechTests {
    static let author = User(id: "u1", name: "Alice", verified: true)
    static let time = Date(timeIntervalSince1970: 1_763_626_500)  // 2025-11-20 08:15 UTC

    @Test func aPostSaysWhoWhatWhenTheRetweetPicturesAndCounts() {
        let original = RetweetedPost(
            id: "o1", createdAt: Self.time, user: User(id: "u2", name: "Bob"), text: "see https://swift.org/x",
            pics: [Picture(url: "a.jpg", width: 10, height: 10)])
        let post = Post(
            id: "p1", createdAt: Self.time, source: "iPhone 16 Pro", user: Self.author, text: "Lunch [微笑] @carol #food#",
            pics: [Picture(url: "b.jpg", width: 10, height: 10), Picture(url: "c.jpg", width: 10, height: 10)],
            reposts: 1, comments: 1_204, likes: 0, retweeted: original)
        #expect(
            PostSpeech.label(of: post)
                == "Alice, verified: Lunch 微笑 @carol #food#. 11-20 08:15 来自 iPhone 16 Pro. Retweet of Bob: see https://swift.org/x. 3 pictures. 1 repost, 1,204 comments, 0 likes.")
    }

    @Test func onlyKnownEmoticonsBecomeWordsAndLongTextsAreCut() {
        #expect(PostSpeech.spoken("[微笑][不存在] [赞]x[", emoticons: .standard) == "微笑 [不存在] 赞 x[")
        #expect(PostSpeech.spoken("a[[微笑]]b", emoticons: .standard) == "a[ 微笑 ]b")
        let long = String(repeating: "字", count: 5_000)
        let said = PostSpeech.spoken(long, emoticons: .standard)
        #expect(said.count == PostSpeech.maxTextCharacters + 1 && said.hasSuffix("…"))
        let empty = Post(id: "p2", createdAt: Self.time, user: User(id: "u3", name: "Dan"), text: "")
        #expect(PostSpeech.label(of: empty).hasPrefix("Dan. 11-20 08:15."), "no colon for an empty text")
    }

    @Test func thePostKindSaysItThroughTheCell() {
        let post = Post(id: "p3", createdAt: Self.time, user: Self.author, text: "hi")
        let drawing = PostDrawing(
            layouter: PostLayouter(), renderer: PostRenderer(), cache: LayoutCache(), fontScale: 1)
        let cell = Cell(id: post.id, version: post.contentVersion, kind: PostCellKind(shape: post.kind, drawing: drawing), content: post)
        #expect(cell.accessibleLabel == PostSpeech.label(of: post))
    }

    /// A kind that only says what find searches: the default label joins its lines and fields.
    struct LinesKind: CellKind {
        struct Layout: CellLayout {
            var height: Double { 10 }
        }
        func layout(_ content: String, in environment: CellEnvironment) -> Layout { Layout() }
        func draw(_ layout: Layout, in canvas: Canvas, state: CellState) {}
        func searchableText(_ content: String) -> String? { content }
    }

    @Test func aKindsDefaultLabelIsItsSearchableTextAsOneLine() {
        #expect(Cell(id: 1, kind: LinesKind(), content: "alice\u{1F}hello\n  world \n\n").accessibleLabel == "alice, hello, world")
        #expect(Cell(id: 2, kind: LinesKind(), content: " \n ").accessibleLabel == nil)
    }
}
