import FlickCore
import FlickRaster
import FlickTestSupport
import FlickText
@testable import FlickTimeline
import Foundation
import Testing

/// Each cell kind, full and skeleton, at scales 1 and 2, against reference PNGs
/// (look at References/ to see what is asserted).
@Suite("PostRenderer")
struct PostRendererTests {
    static let kinds: [(name: String, post: Post)] = {
        let original = RetweetedPost(
            id: "o1", createdAt: Date(timeIntervalSince1970: 1_794_990_000), source: "Android",
            user: User(id: "u2", name: "摄影爱好者"), text: "原微博：今天拍到的晚霞 #摄影# [哈哈]",
            pics: (0..<3).map { Picture(url: "images/p\($0).jpg", width: 800, height: 600) })
        return [
            ("text", PostLayoutTests.post(text: "今天天气不错 @小明Alice 看看 #Swift on Linux# https://www.swift.org/blog/ [微笑] 😀 滑动列表要流畅")),
            ("single", PostLayoutTests.post(text: "一张全景图 🌄", pics: 1)),
            ("grid", PostLayoutTests.post(text: "九宫格 #旅行# 👍🏽", pics: 9, verified: false)),
            ("retweet", PostLayoutTests.post(text: "转发理由 @摄影爱好者 太美了", retweet: original)),
        ]
    }()

    @Test(arguments: [1.0, 2.0])
    func cellKindsMatchTheirReferences(scale: Double) throws {
        let context = try TextContext()
        let layouter = PostLayouter()
        let renderer = PostRenderer()
        for kind in Self.kinds {
            let layout = layouter.layout(kind.post, width: 375, scale: DisplayScale(scale), context: context)
            let full = renderer.render(layout)
            let skeleton = renderer.renderSkeleton(layout)
            #expect(full.pixelSize == DisplayScale(scale).pixelSize(layout.size))
            let name = "cell-\(kind.name)@\(Int(scale))x"
            let fullOutcome = try ReferenceImage().compare(full, named: name)
            #expect(fullOutcome == .matches, "\(name): \(fullOutcome)")
            let skeletonOutcome = try ReferenceImage().compare(skeleton, named: name + "-skeleton")
            #expect(skeletonOutcome == .matches, "\(name) skeleton: \(skeletonOutcome)")
        }
    }

    @Test func pressedLinkIsHighlightedInTheCell() throws {
        let context = try TextContext()
        let layout = PostLayouter().layout(Self.kinds[0].post, width: 375, scale: .two, context: context)
        let body = try #require(layout.body)
        let link = try #require(body.layout.text.links.first)
        let plain = PostRenderer().render(layout)
        let pressed = PostRenderer().render(layout, highlight: .link(link, .body))
        let box = try #require(body.layout.rects(for: link.displayRange).first).offsetBy(dx: body.frame.minX, dy: body.frame.minY)
        var changedInside = 0
        var changedOutside = 0
        for y in 0..<plain.pixelSize.height {
            for x in 0..<plain.pixelSize.width where plain.pixel(x: x, y: y) != pressed.pixel(x: x, y: y) {
                let point = Point(x: (Double(x) + 0.5) / 2, y: (Double(y) + 0.5) / 2)
                if box.insetBy(dx: -1, dy: -1).contains(point) { changedInside += 1 } else { changedOutside += 1 }
            }
        }
        #expect(changedInside > 100)
        #expect(changedOutside == 0)
    }

    @Test func skeletonHasNoGlyphsButMarksEveryTextLine() throws {
        let context = try TextContext()
        let layout = PostLayouter().layout(Self.kinds[0].post, width: 375, scale: .one, context: context)
        let skeleton = PostRenderer().renderSkeleton(layout)
        let spec = LayoutSpec()
        let body = try #require(layout.body)
        for line in body.layout.lines where line.rect.width > 4 {
            let probe = Point(x: body.frame.minX + line.rect.minX + 2, y: body.frame.minY + line.rect.midY)
            let pixel = skeleton.pixel(x: Int(probe.x), y: Int(probe.y))
            #expect(pixel.maxChannelDifference(to: Pixel(alpha: 255, red: 0xEB, green: 0xEB, blue: 0xEB)) <= 2)
        }
        #expect(spec.skeletonColor == Color(hex: 0xEBEBEB))
    }

    @Test func imagesAreCompositedIntoTheirSlots() throws {
        let context = try TextContext()
        let layout = PostLayouter().layout(Self.kinds[1].post, width: 375, scale: .one, context: context)
        let red = Canvas(pixelSize: PixelSize(width: 10, height: 10), scale: .one)
        red.fill(red.bounds, Color(hex: 0xFF0000))
        let image = red.makeBitmap()
        let slot = try #require(layout.pictures.first)
        let cell = PostRenderer().render(layout, images: [slot.role: image])
        let centre = cell.pixel(x: Int(slot.frame.midX), y: Int(slot.frame.midY))
        #expect(centre == Pixel(alpha: 255, red: 255, green: 0, blue: 0))
    }
}

@Suite("PostRenderer skeleton of a retweet")
struct RetweetSkeletonTests {
    @Test func retweetTextBarsAreDrawnOnTopOfTheBox() throws {
        let context = try TextContext()
        let layout = PostLayouter().layout(PostRendererTests.kinds[3].post, width: 375, scale: .one, context: context)
        let text = try #require(layout.retweet?.text)
        let line = try #require(text.layout.lines.first)
        let skeleton = PostRenderer().renderSkeleton(layout)
        let probe = skeleton.pixel(x: Int(text.frame.minX + line.rect.minX + 3), y: Int(text.frame.minY + line.rect.midY))
        #expect(probe.maxChannelDifference(to: Pixel(alpha: 255, red: 0xEB, green: 0xEB, blue: 0xEB)) <= 2, "bar, not box: \(probe)")
    }
}
