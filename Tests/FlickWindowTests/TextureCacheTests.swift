import FlickCore
import FlickRaster
import FlickWindow
import Testing

@Suite("Texture cache")
struct TextureCacheTests {
    func bitmap(_ side: Int = 4) -> Bitmap { Canvas(pixelSize: PixelSize(width: side, height: side), scale: .one).makeBitmap() }

    @Test func uploadsEachBitmapOnce() {
        var cache = TextureCache<Int>(evictAfterFrames: 10)
        let a = bitmap()
        var made = 0
        for frame in 0..<5 {
            let texture = cache.texture(for: a, frame: frame) { _ in
                made += 1
                return made
            }
            #expect(texture == 1)
        }
        #expect(made == 1)
        #expect(cache.uploads == 1)
        #expect(cache.bytes == a.byteCount)
    }

    @Test func evictsOnlyTexturesUnusedForTheWholeWindow() {
        var cache = TextureCache<String>(evictAfterFrames: 3)
        let kept = bitmap()
        let dropped = bitmap(8)
        _ = cache.texture(for: kept, frame: 0) { _ in "kept" }
        _ = cache.texture(for: dropped, frame: 0) { _ in "dropped" }
        for frame in 1...3 {
            _ = cache.texture(for: kept, frame: frame) { _ in "again" }
            #expect(cache.evict(now: frame).isEmpty, "frame \(frame): within the window")
        }
        _ = cache.texture(for: kept, frame: 4) { _ in "again" }
        #expect(cache.evict(now: 4) == ["dropped"])
        #expect(cache.count == 1)
        #expect(cache.contains(kept) && !cache.contains(dropped))
        #expect(cache.bytes == kept.byteCount)
        // Evicted bitmaps upload again when they come back.
        #expect(cache.texture(for: dropped, frame: 5) { _ in "back" } == "back")
        #expect(cache.uploads == 3)
    }

    @Test func anEntryThatOutlivesOneScanStillExpiresLater() {
        var cache = TextureCache<String>(evictAfterFrames: 2)
        let steady = bitmap()
        let fading = bitmap(8)
        _ = cache.texture(for: fading, frame: 0) { _ in "fading" }
        // Both in use up to frame 5: the scans in between find nothing to evict.
        for frame in 0...5 {
            _ = cache.texture(for: steady, frame: frame) { _ in "steady" }
            _ = cache.texture(for: fading, frame: frame) { _ in "fading" }
            #expect(cache.evict(now: frame).isEmpty, "frame \(frame)")
        }
        // Then only one stays in use: the other goes once its window has passed.
        for frame in 6...7 {
            _ = cache.texture(for: steady, frame: frame) { _ in "steady" }
            #expect(cache.evict(now: frame).isEmpty, "frame \(frame): fading was used at 5")
        }
        _ = cache.texture(for: steady, frame: 8) { _ in "steady" }
        #expect(cache.evict(now: 8) == ["fading"])
        #expect(cache.count == 1 && cache.bytes == steady.byteCount)
        #expect(cache.evict(now: 100) == ["steady"])
        #expect(cache.count == 0 && cache.bytes == 0)
    }

    @Test func keepsTheBitmapAliveSoItsIdentityCannotBeReused() {
        var cache = TextureCache<Int>(evictAfterFrames: 1)
        weak var weakBitmap: Bitmap?
        do {
            let transient = bitmap()
            weakBitmap = transient
            _ = cache.texture(for: transient, frame: 0) { _ in 7 }
        }
        #expect(weakBitmap != nil, "the cache holds the bitmap while its texture exists")
        #expect(cache.evict(now: 2) == [7])
        #expect(weakBitmap == nil)
    }

    @Test func aFailedUploadIsNotCachedAndRetried() {
        var cache = TextureCache<Int>()
        let a = bitmap()
        #expect(cache.texture(for: a, frame: 0) { _ in nil } == nil)
        #expect(cache.count == 0)
        #expect(cache.texture(for: a, frame: 1) { _ in 3 } == 3)
    }

    @Test func removeAllHandsBackEveryTexture() {
        var cache = TextureCache<Int>()
        let bitmaps = (0..<5).map { _ in bitmap() }
        for (index, bitmap) in bitmaps.enumerated() { _ = cache.texture(for: bitmap, frame: 0) { _ in index } }
        #expect(Set(cache.removeAll()) == Set(0..<5))
        #expect(cache.count == 0 && cache.bytes == 0)
    }
}
