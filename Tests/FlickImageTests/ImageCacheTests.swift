import FlickCore
import FlickRaster
import Foundation
import Testing
@testable import FlickImage

@Suite("Image caches: memory bounded by bytes, disk safe under damage")
struct ImageCacheTests {
    let server = ImageTestServer.shared

    private func scratchFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("flick-disk-cache-\(UUID().uuidString)")
    }

    @Test func memoryCacheNeverExceedsItsLimitUnderThousandsOfRequests() throws {
        let limit = 600_000
        let harness = try PipelineHarness { $0.memoryLimit = limit }
        let over = LockedBox<[String]>([])
        let group = DispatchGroup()
        // 2,000 distinct requests (sizes 10…209 pt at @1x and @2x over two images), checked
        // from every completion while others are being inserted.
        for index in 0..<2_000 {
            let side = Double(10 + index % 200)
            let request = ImageRequest(
                url: index % 2 == 0 ? "avatar.jpg" : "quadrants.png", pointSize: Size(width: side, height: side),
                scale: DisplayScale(Double(1 + (index / 200) % 2)))
            group.enter()
            let load = harness.pipeline.load(request, priority: .preload) { _ in
                let total = harness.pipeline.memoryCache.totalBytes
                if total > limit { over.withLock { $0.append("\(total)") } }
                group.leave()
            }
            if case .ready = load { group.leave() }
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        #expect(over.value.isEmpty, "over the limit: \(over.value.prefix(5))")
        #expect(harness.pipeline.memoryCache.totalBytes <= limit)
        #expect(harness.pipeline.memoryCache.count > 0)
        harness.pipeline.trimMemory(toBytes: 100_000)
        #expect(harness.pipeline.memoryCache.totalBytes <= 100_000)
    }

    @Test func diskCacheServesASecondPipelineWithoutTheNetwork() throws {
        let folder = scratchFolder()
        let path = "images/avatar.jpg?test=disk-reuse"
        let first = try PipelineHarness { $0.diskFolder = folder }
        #expect(first.load(server.url(path))?.bitmap != nil)
        first.pipeline.waitForWorkers()  // the disk write is queued after delivery
        let hitsAfterFirst = try server.hits(path)
        #expect(hitsAfterFirst == 1)
        let second = try PipelineHarness { $0.diskFolder = folder }
        #expect(second.load(server.url(path))?.bitmap?.pixelSize == PixelSize(width: 240, height: 240))
        #expect(second.pipeline.statistics.diskHits == 1)
        #expect(try server.hits(path) == hitsAfterFirst)
    }

    @Test(arguments: ["truncate", "corrupt", "delete", "empty"])
    func aDamagedDiskEntryIsAMissNotACrash(damage: String) throws {
        let folder = scratchFolder()
        let url = server.url("images/avatar.jpg?test=damage-\(damage)")
        let first = try PipelineHarness { $0.diskFolder = folder }
        #expect(first.load(url)?.bitmap != nil)
        first.pipeline.waitForWorkers()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 1)
        let file = folder.appendingPathComponent(try #require(files.first))
        var bytes = [UInt8](try Data(contentsOf: file))
        switch damage {
        case "truncate": bytes.removeLast(bytes.count / 3)
        case "corrupt": bytes[bytes.count - 100] ^= 0xFF
        case "empty": bytes = []
        default: break
        }
        if damage == "delete" { try FileManager.default.removeItem(at: file) } else { try Data(bytes).write(to: file) }

        let second = try PipelineHarness { $0.diskFolder = folder }
        let bitmap = try #require(second.load(url)?.bitmap)
        #expect(bitmap.pixelSize == PixelSize(width: 240, height: 240))
        #expect(second.pipeline.statistics.diskHits == 0)
        #expect(second.pipeline.statistics.downloadsStarted == 1)
    }

    @Test func fileNamesAreHashesThatRevealNothingOfTheURL() throws {
        let folder = scratchFolder()
        let cache = try DiskImageCache(folder: folder, limit: 1_000_000)
        cache.store([1, 2, 3], for: "http://example.com/../../etc/passwd?x=/y")
        cache.store([4, 5, 6], for: "http://example.com/photo.jpg")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count == 2)
        for name in names {
            #expect(name.wholeMatch(of: /[0-9a-f]{32}\.flickimg/) != nil, "\(name)")
        }
        #expect(cache.bytes(for: "http://example.com/../../etc/passwd?x=/y") == [1, 2, 3])
        #expect(cache.bytes(for: "http://example.com/photo.jpg") == [4, 5, 6])
    }

    /// Literals: names and checksums are persisted, so they must not change between runs,
    /// machines or refactors (both come from `FlickCore.FNV1a`).
    @Test func fileNamesAndChecksumsAreFixedValues() {
        #expect(StableHash.fileName(for: "http://example.com/photo.jpg") == "a6947db175ca3302d127c14d4c1a7573")
        #expect(StableHash.fnv1a(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
    }

    @Test func diskCacheEvictsTheLeastRecentlyUsedPastItsLimit() throws {
        let folder = scratchFolder()
        let payload = [UInt8](repeating: 7, count: 1_000)
        let entrySize = DiskCacheEntry.encode(payload, url: "http://h/a").count
        let cache = try DiskImageCache(folder: folder, limit: entrySize * 3)
        for name in ["a", "b", "c"] { cache.store(payload, for: "http://h/\(name)") }
        #expect(cache.bytes(for: "http://h/a") != nil)  // a is now the most recent
        cache.store(payload, for: "http://h/d")
        #expect(cache.bytes(for: "http://h/b") == nil, "b was the least recently used")
        #expect(cache.bytes(for: "http://h/a") != nil)
        #expect(cache.bytes(for: "http://h/d") != nil)
        #expect(cache.totalBytes <= entrySize * 3)
        // A new cache over the same folder sees the same entries and the same bound.
        let reopened = try DiskImageCache(folder: folder, limit: entrySize * 2)
        #expect(reopened.count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
    }
}
