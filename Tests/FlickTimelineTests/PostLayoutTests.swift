import FlickCore
import FlickText
@testable import FlickTimeline
import Foundation
import Testing

/// Layout invariants over thousands of generated posts, and the shapes of each cell kind.
@Suite("PostLayout")
struct PostLayoutTests {
    static let generator = PostContentGenerator(seed: 11, images: ImagePoolGenerator.plannedPool)
    let layouter = PostLayouter()

    static func post(
        text: String, pics: Int = 0, retweet: RetweetedPost? = nil, verified: Bool = true, id: String = "1",
        name: String = "小明Alice", source: String = "iPhone 16 Pro"
    ) -> Post {
        Post(
            id: id, createdAt: Date(timeIntervalSince1970: 1_795_000_000), source: source,
            user: User(id: "u1", name: name, avatar: "images/a00.jpg", verified: verified), text: text,
            pics: (0..<pics).map { Picture(url: "images/p\($0).jpg", width: 1200, height: 900) },
            reposts: 12_345, comments: 0, likes: 987, retweeted: retweet)
    }

    @Test func everyFrameIsInsideTheCellAndPixelAlignedAtScalesOneToThree() throws {
        let context = try TextContext()
        for scale in [DisplayScale.one, .two, .three] {
            for index in 0..<700 {
                let post = Self.generator.post(index)
                let layout = layouter.layout(post, width: 375, scale: scale, context: context)
                #expect(DisplayScale(scale.value).isAligned(layout.height), "height \(layout.height) @\(scale)")
                for frame in layout.allFrames {
                    #expect(layout.bounds.contains(frame), "post \(index) @\(scale): \(frame) outside \(layout.bounds)")
                    #expect(frame.isPixelAligned(scale), "post \(index) @\(scale): \(frame) not aligned")
                }
            }
        }
    }

    @Test func textNeverOverlapsPicturesOrCounters() throws {
        let context = try TextContext()
        for index in 0..<1_500 {
            let layout = layouter.layout(Self.generator.post(index), width: 375, scale: .two, context: context)
            let counterFrames = layout.counters.map(\.hitFrame) + [layout.countersDivider]
            let pictureFrames = layout.imageSlots.filter { $0.role != .avatar }.map(\.frame)
            let texts = [layout.body?.frame, layout.retweet?.text?.frame].compactMap { $0 }
            for text in texts {
                for other in pictureFrames + counterFrames {
                    #expect(!text.intersects(other), "post \(index): text \(text) overlaps \(other)")
                }
            }
            if let retweet = layout.retweet {
                for other in counterFrames { #expect(!retweet.frame.intersects(other)) }
                if let body = layout.body { #expect(!body.frame.intersects(retweet.frame)) }
            }
        }
    }

    @Test func heightGrowsWithText() throws {
        let context = try TextContext()
        var previous = 0.0
        for words in stride(from: 0, through: 120, by: 8) {
            let text = String(repeating: "滑动要流畅 smooth ", count: words)
            let height = layouter.layout(Self.post(text: text), width: 375, scale: .two, context: context).height
            #expect(height >= previous)
            previous = height
        }
        let short = layouter.layout(Self.post(text: "短"), width: 375, scale: .two, context: context).height
        #expect(previous > short + 100)
    }

    @Test func heightIsBoundedWhateverTheText() throws {
        let context = try TextContext()
        let spec = LayoutSpec()
        let url = "https://example.com/" + String(repeating: "x", count: 5_000)
        let schemeless = "example.com/" + String(repeating: "x", count: 5_000)
        let cjk = String(repeating: "字", count: 3_000)
        let huge = String(repeating: "很长的文字 long words ", count: 2_000)
        var heights: [Double] = []
        for text in [schemeless, cjk, huge, url + " " + cjk] {
            let retweet = RetweetedPost(
                id: "o", createdAt: Date(timeIntervalSince1970: 0), user: User(id: "u2", name: "原作者"), text: text,
                pics: (0..<9).map { Picture(url: "images/p\($0).jpg", width: 100, height: 100) })
            let layout = layouter.layout(Self.post(text: text, retweet: retweet), width: 375, scale: .two, context: context)
            heights.append(layout.height)
            let body = try #require(layout.body)
            #expect(body.layout.isTruncated)
            #expect(body.layout.lines.count == spec.maxBodyLines)
            #expect(body.layout.text.links.last?.kind == .fullText, "tappable …全文")
            #expect(body.frame.maxX <= 375 - spec.cellInsets.right + 0.01, "unbreakable runs wrap inside the column")
            for cluster in body.layout.clusters { #expect(cluster.rect.maxX <= body.layout.width + 0.01) }
        }
        #expect(heights.max()! < 1_400)
        let link = try #require(layouter.layout(Self.post(text: url), width: 375, scale: .two, context: context).body)
        #expect(link.layout.lines.count == 1, "a 5,000-character URL shows as one short link")
        #expect(link.layout.text.links.first?.target == url)
    }

    @Test func cellKindsHaveTheirShapes() throws {
        let context = try TextContext()
        let text = layouter.layout(Self.post(text: "只有文字"), width: 375, scale: .two, context: context)
        #expect(text.kind == .textOnly)
        #expect(text.pictures.isEmpty)

        let single = layouter.layout(Self.post(text: "一张图", pics: 1), width: 375, scale: .two, context: context)
        #expect(single.kind == .singlePicture)
        let picture = try #require(single.pictures.first)
        #expect(abs(picture.frame.width / picture.frame.height - 1200.0 / 900.0) < 0.02, "aspect from the size hint")

        let four = layouter.layout(Self.post(text: "四张图", pics: 4), width: 375, scale: .two, context: context)
        #expect(Set(four.pictures.map(\.frame.minX)).count == 2, "4 pictures as 2 × 2")
        #expect(Set(four.pictures.map(\.frame.minY)).count == 2)

        let nine = layouter.layout(Self.post(text: "九张图", pics: 9), width: 375, scale: .two, context: context)
        #expect(Set(nine.pictures.map(\.frame.minX)).count == 3)
        #expect(Set(nine.pictures.map(\.frame.minY)).count == 3)
        #expect(Set(nine.pictures.map(\.frame.size)).count == 1, "equal squares")

        let original = RetweetedPost(
            id: "o1", createdAt: Date(timeIntervalSince1970: 0), user: User(id: "u2", name: "原作者"), text: "原文 #话题#",
            pics: (0..<3).map { Picture(url: "images/p\($0).jpg", width: 100, height: 100) })
        let retweet = layouter.layout(Self.post(text: "转发理由", retweet: original), width: 375, scale: .two, context: context)
        #expect(retweet.kind == .retweet)
        let box = try #require(retweet.retweet)
        #expect(box.pictures.count == 3)
        for slot in box.pictures { #expect(box.frame.contains(slot.frame)) }
        #expect(box.text?.layout.text.links.first?.kind == .mention, "@原作者 is tappable")
    }

    @Test func imageSlotsAskForWholePixelSizesAndProcessing() throws {
        let context = try TextContext()
        let layout = layouter.layout(Self.post(text: "x", pics: 3), width: 375, scale: .three, context: context)
        let avatar = try #require(layout.avatar)
        #expect(avatar.pixelSize == PixelSize(width: 120, height: 120))
        #expect(avatar.processors.contains(.circle(borderWidth: 0, borderColor: .clear)))
        for slot in layout.pictures {
            #expect(Double(slot.pixelSize.width) == (slot.frame.width * 3).rounded())
            #expect(slot.processors.first == .aspectFill(slot.pixelSize))
        }
    }

    @Test func tapsHitLinksAvatarPicturesAndCounters() throws {
        let context = try TextContext()
        let layout = layouter.layout(Self.post(text: "看 @bob 和 #话题# https://example.com/x", pics: 2), width: 375, scale: .two, context: context)
        let body = try #require(layout.body)
        for link in body.layout.text.links {
            let box = try #require(body.layout.rects(for: link.displayRange).first)
            let point = Point(x: body.frame.minX + box.midX, y: body.frame.minY + box.midY)
            #expect(layout.hit(at: point) == .link(link, .body))
        }
        #expect(layout.hit(at: layout.avatarFrame.center) == .avatar)
        #expect(layout.hit(at: layout.pictures[1].frame.center) == .picture(.picture(1)))
        #expect(layout.hit(at: layout.counters[2].hitFrame.center) == .counter(.likes))
        #expect(layout.hit(at: layout.moreFrame.center) == .more)
        #expect(layout.hit(at: Point(x: 370, y: layout.separator.midY)) == nil)
    }

    @Test func tapOnTheFullTextTokenOfATruncatedPostHitsTheFullTextLink() throws {
        let context = try TextContext()
        let long = String(repeating: "很长的微博正文 long text ", count: 200)
        let layout = layouter.layout(Self.post(text: long), width: 375, scale: .two, context: context)
        let body = try #require(layout.body)
        #expect(body.layout.isTruncated)
        let fullText = try #require(body.layout.text.links.last)
        #expect(fullText.kind == .fullText)
        let box = try #require(body.layout.rects(for: fullText.displayRange).last, "…全文 is drawn")
        let centre = Point(x: body.frame.minX + box.midX, y: body.frame.minY + box.midY)
        #expect(layout.hit(at: centre) == .link(fullText, .body))
    }

    @Test func largerFontScaleGivesATallerLayout() throws {
        let context = try TextContext()
        let post = Self.post(text: "字号放大以后 the same post wraps onto more lines 滑动要流畅", pics: 1)
        let normal = layouter.layout(post, width: 375, scale: .two, fontScale: 1, context: context)
        let large = layouter.layout(post, width: 375, scale: .two, fontScale: 1.5, context: context)
        #expect(large.height > normal.height, "\(large.height) at 1.5× vs \(normal.height) at 1×")
        #expect(try #require(large.body).frame.height > (try #require(normal.body).frame.height))
        #expect(large.key != normal.key, "font scale is part of the cache key")
    }

    @Test func layoutIsDeterministic() throws {
        let context = try TextContext()
        let post = Self.generator.post(3)
        let a = layouter.layout(post, width: 375, scale: .two, context: context)
        let b = layouter.layout(post, width: 375, scale: .two, context: context)
        #expect(a.allFrames == b.allFrames)
        #expect(a.height == b.height)
    }
}
