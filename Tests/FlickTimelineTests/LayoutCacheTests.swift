import FlickCore
import FlickText
@testable import FlickTimeline
import Foundation
import Testing

@Suite("LayoutCache")
struct LayoutCacheTests {
    @Test func hitsForTheSameKeyMissesForWidthScaleFontAndEdits() throws {
        let context = try TextContext()
        let layouter = PostLayouter()
        let cache = LayoutCache()
        let post = PostLayoutTests.post(text: "缓存 cache")
        let portrait = layouter.layout(post, width: 375, scale: .two, context: context)
        cache.insert(portrait)
        #expect(cache.layout(for: layouter.key(for: post, width: 375, scale: .two)) === portrait)
        #expect(cache.layout(for: layouter.key(for: post, width: 667, scale: .two)) == nil, "landscape is separate")
        #expect(cache.layout(for: layouter.key(for: post, width: 375, scale: .three)) == nil)
        #expect(cache.layout(for: layouter.key(for: post, width: 375, scale: .two, fontScale: 1.3)) == nil)
        let edited = PostLayoutTests.post(text: "缓存 cache（已编辑）")
        #expect(edited.id == post.id)
        #expect(edited.contentVersion != post.contentVersion)
        #expect(cache.layout(for: layouter.key(for: edited, width: 375, scale: .two)) == nil, "an edited post misses")
        #expect(cache.stats.layoutHits == 1)
        #expect(cache.stats.layoutMisses == 4)
    }

    @Test func specVersionIsPartOfTheKey() {
        var spec = LayoutSpec()
        let post = PostLayoutTests.post(text: "v")
        let before = PostLayouter(spec: spec).key(for: post, width: 375, scale: .two)
        spec.version += 1
        #expect(PostLayouter(spec: spec).key(for: post, width: 375, scale: .two) != before)
    }

    @Test func memoryStaysUnderItsCostLimit() throws {
        let context = try TextContext()
        var configuration = LayoutCache.Configuration()
        configuration.costLimit = 200_000
        let cache = LayoutCache(configuration: configuration)
        for index in 0..<400 {
            cache.insert(PostLayouter().layout(PostLayoutTests.generator.post(index), width: 375, scale: .two, context: context))
            #expect(cache.residentLayouts.cost <= 200_000)
        }
        #expect(cache.residentLayouts.count < 400)
    }

    @Test func rotationLaysOutBothWidthsWithDifferentHeights() throws {
        let context = try TextContext()
        let layouter = PostLayouter()
        let post = PostLayoutTests.post(text: String(repeating: "横屏和竖屏的高度是不一样的 ", count: 8))
        let portrait = layouter.layout(post, width: 375, scale: .two, context: context)
        let landscape = layouter.layout(post, width: 667, scale: .two, context: context)
        #expect(portrait.key != landscape.key)
        #expect(portrait.height > landscape.height)
    }
}

@Suite("LayoutCache with persisted heights")
struct PersistedHeightTests {
    @Test func heightsSurviveARelaunchThroughTheFeedStore() throws {
        let folder = GeneratorTests.temporaryFolder("heights")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("feed.sqlite").path
        let context = try TextContext()
        let layouter = PostLayouter()
        let post = PostLayoutTests.post(text: "持久化的行高 persisted height")
        let layout = layouter.layout(post, width: 375, scale: .two, context: context)
        do {
            let store = try FeedStore(path: path)
            _ = try store.insert([post])
            let cache = LayoutCache(store: store)
            cache.insert(layout)
            cache.persistPendingHeights()
        }
        let store = try FeedStore(path: path)
        let relaunched = LayoutCache(store: store)
        #expect(try store.heights(in: 0..<1, layoutKey: layout.key.environmentKey) == [layout.height])
        #expect(relaunched.layout(for: layout.key) == nil, "only the height persists, not the layout")
        let landscape = layouter.key(for: post, width: 667, scale: .two)
        #expect(try store.heights(in: 0..<1, layoutKey: landscape.environmentKey) == [nil])
        let edited = PostLayoutTests.post(text: "持久化的行高（改）")
        _ = try store.upsert(edited)
        #expect(try store.heights(in: 0..<1, layoutKey: layout.key.environmentKey) == [nil], "an edited post's old height is not its height")
    }
}
