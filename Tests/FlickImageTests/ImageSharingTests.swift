import FlickCore
import FlickRaster
import Foundation
import Testing
@testable import FlickImage

@Suite("Image requests: coalescing, cancellation, priority")
struct ImageSharingTests {
    let server = ImageTestServer.shared

    private func request(_ path: String, side: Double = 50) -> ImageRequest {
        ImageRequest(url: server.url(path), pointSize: Size(width: side, height: side), scale: DisplayScale(2))
    }

    @Test func identicalRequestsInFlightShareOneDownloadAndOneDecode() throws {
        let harness = try PipelineHarness()
        let path = "slow/photo.jpg?ms=300&test=coalesce"
        let before = try server.hits(path)
        let first = harness.start(request(path))
        let second = harness.start(request(path))
        let a = try #require(first.wait(timeout: 10)?.bitmap)
        let b = try #require(second.wait(timeout: 10)?.bitmap)
        #expect(a === b)
        #expect(try server.hits(path) - before == 1)
        #expect(harness.pipeline.statistics.downloadsStarted == 1)
        #expect(harness.pipeline.statistics.decodes == 1)
    }

    @Test func oneURLAtTwoSizesIsDownloadedOnceAndDecodedTwice() throws {
        let harness = try PipelineHarness()
        let path = "slow/avatar.jpg?ms=300&test=sizes"
        let small = harness.start(request(path, side: 20))
        let large = harness.start(request(path, side: 60))
        #expect(small.wait(timeout: 10)?.bitmap?.pixelSize == PixelSize(width: 40, height: 40))
        #expect(large.wait(timeout: 10)?.bitmap?.pixelSize == PixelSize(width: 120, height: 120))
        #expect(harness.pipeline.statistics.downloadsStarted == 1)
        #expect(harness.pipeline.statistics.decodes == 2)
    }

    @Test func aCancelledRequestsCallbackNeverFiresAndItsDownloadStops() throws {
        let harness = try PipelineHarness()
        guard let slow = harness.startPending(request("slow/photo.jpg?ms=400&test=cancel")) else { return }
        #expect(harness.waitUntil { $0.downloadsStarted == 1 }, "the download never started")
        #expect(slow.ticket.cancel())
        #expect(slow.box.wait(timeout: 1.5) == nil)
        #expect(slow.box.calls == 0)
        #expect(harness.pipeline.statistics.downloadsCancelled == 1)
        #expect(harness.pipeline.memoryCache.count == 0)
    }

    @Test func cancellingOneOfTwoWaitersLeavesTheOtherServed() throws {
        let harness = try PipelineHarness()
        let path = "slow/avatar.jpg?ms=300&test=half"
        let kept = harness.start(request(path))
        guard let dropped = harness.startPending(request(path)) else { return }
        #expect(dropped.ticket.cancel())
        #expect(kept.wait(timeout: 10)?.bitmap != nil)
        #expect(dropped.box.calls == 0)
        #expect(harness.pipeline.statistics.downloadsCancelled == 0)
    }

    @Test func visibleRequestsDownloadBeforeQueuedPreloads() throws {
        let harness = try PipelineHarness { $0.maxConcurrentDownloads = 1 }
        let order = LockedBox<[String]>([])
        // The blocker takes the only slot; the rest queue behind it.
        _ = harness.pipeline.load(request("slow/avatar.jpg?ms=300&test=blocker")) { _ in order.withLock { $0.append("blocker") } }
        #expect(harness.waitUntil { $0.downloadsStarted == 1 }, "the blocker never took the slot")
        let preloads = ["preload-a", "preload-b"].map { name in
            let box = ResultBox()
            _ = harness.pipeline.load(request("images/avatar.jpg?test=\(name)"), priority: .preload) { result in
                order.withLock { $0.append(name) }
                box.set(result)
            }
            return box
        }
        let visible = ResultBox()
        _ = harness.pipeline.load(request("images/avatar.jpg?test=visible"), priority: .visible) { result in
            order.withLock { $0.append("visible") }
            visible.set(result)
        }
        #expect(visible.wait(timeout: 10)?.bitmap != nil)
        for preload in preloads { #expect(preload.wait(timeout: 10)?.bitmap != nil) }
        let seen = order.value
        #expect(seen.first == "blocker")
        let visibleAt = try #require(seen.firstIndex(of: "visible"), "\(seen)")
        let preloadAt = try #require(seen.firstIndex(of: "preload-a"), "\(seen)")
        #expect(visibleAt < preloadAt, "\(seen)")
    }

    @Test func raisingARequestMovesItsWaitingWorkAhead() throws {
        let pool = QueuePool<Void>(queuesPerLane: 1, label: "flick.test.raise") { _ in () }
        var configuration = ImagePipeline.Configuration()
        configuration.baseFolder = server.folder
        let pipeline = try ImagePipeline(configuration: configuration, workers: ImageWorkers(pool: pool))
        // Hold the only utility worker so every request below waits in its queue.
        let gate = DispatchSemaphore(value: 0)
        pool.submit(.utility, priority: -1) { _ in gate.wait() }
        let order = LockedBox<[String]>([])
        let requests = ["a", "b", "c"].map { name in
            (name, ImageRequest(url: "avatar.jpg", pointSize: Size(width: 30 + Double(name.unicodeScalars.first!.value % 10), height: 30), scale: .one))
        }
        for (name, request) in requests {
            _ = pipeline.load(request, priority: .preload) { _ in order.withLock { $0.append(name) } }
        }
        pipeline.raisePriority(of: requests[2].1, to: .visible)
        gate.signal()
        pool.waitUntilIdle()
        #expect(order.value.first == "c", "\(order.value)")
        #expect(order.value.count == 3)
    }

    @Test func aMemoryHitIsReadyAtOnce() throws {
        let harness = try PipelineHarness()
        let loaded = try #require(harness.load("avatar.jpg"))
        let request = ImageRequest(url: "avatar.jpg", pointSize: Size(width: 120, height: 120), scale: DisplayScale(2))
        guard case .ready(let bitmap, let isOpaque) = harness.pipeline.load(request, completion: { _ in }) else {
            Issue.record("a cached image was not ready at once")
            return
        }
        #expect(harness.pipeline.statistics.memoryHits == 1)
        #expect(bitmap === loaded.bitmap)
        #expect(isOpaque == loaded.isOpaque, "the cache keeps the opacity the completion delivered")
    }
}
