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
        let first = ResultBox()
        let second = ResultBox()
        _ = harness.pipeline.load(request(path)) { first.set($0) }
        _ = harness.pipeline.load(request(path)) { second.set($0) }
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
        let small = ResultBox()
        let large = ResultBox()
        _ = harness.pipeline.load(request(path, side: 20)) { small.set($0) }
        _ = harness.pipeline.load(request(path, side: 60)) { large.set($0) }
        #expect(small.wait(timeout: 10)?.bitmap?.pixelSize == PixelSize(width: 40, height: 40))
        #expect(large.wait(timeout: 10)?.bitmap?.pixelSize == PixelSize(width: 120, height: 120))
        #expect(harness.pipeline.statistics.downloadsStarted == 1)
        #expect(harness.pipeline.statistics.decodes == 2)
    }

    @Test func aCancelledRequestsCallbackNeverFiresAndItsDownloadStops() throws {
        let harness = try PipelineHarness()
        let box = ResultBox()
        guard case .pending(let ticket) = harness.pipeline.load(request("slow/photo.jpg?ms=400&test=cancel"), completion: { box.set($0) }) else {
            Issue.record("a slow image was ready at once")
            return
        }
        Thread.sleep(forTimeInterval: 0.1)  // the download is running
        #expect(ticket.cancel())
        #expect(box.wait(timeout: 1.5) == nil)
        #expect(box.calls == 0)
        #expect(harness.pipeline.statistics.downloadsCancelled == 1)
        #expect(harness.pipeline.memoryCache.count == 0)
    }

    @Test func cancellingOneOfTwoWaitersLeavesTheOtherServed() throws {
        let harness = try PipelineHarness()
        let path = "slow/avatar.jpg?ms=300&test=half"
        let kept = ResultBox()
        let dropped = ResultBox()
        _ = harness.pipeline.load(request(path)) { kept.set($0) }
        guard case .pending(let ticket) = harness.pipeline.load(request(path), completion: { dropped.set($0) }) else {
            Issue.record("a slow image was ready at once")
            return
        }
        #expect(ticket.cancel())
        #expect(kept.wait(timeout: 10)?.bitmap != nil)
        #expect(dropped.calls == 0)
        #expect(harness.pipeline.statistics.downloadsCancelled == 0)
    }

    @Test func visibleRequestsDownloadBeforeQueuedPreloads() throws {
        let harness = try PipelineHarness { $0.maxConcurrentDownloads = 1 }
        let order = LockedOrder()
        // The blocker takes the only slot; the rest queue behind it.
        _ = harness.pipeline.load(request("slow/avatar.jpg?ms=300&test=blocker")) { _ in order.append("blocker") }
        Thread.sleep(forTimeInterval: 0.1)
        for name in ["preload-a", "preload-b"] {
            _ = harness.pipeline.load(request("images/avatar.jpg?test=\(name)"), priority: .preload) { _ in order.append(name) }
        }
        let visible = ResultBox()
        _ = harness.pipeline.load(request("images/avatar.jpg?test=visible"), priority: .visible) {
            order.append("visible")
            visible.set($0)
        }
        #expect(visible.wait(timeout: 10)?.bitmap != nil)
        harness.pipeline.waitForWorkers()
        Thread.sleep(forTimeInterval: 0.5)
        let seen = order.items
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
        let order = LockedOrder()
        let requests = ["a", "b", "c"].map { name in
            (name, ImageRequest(url: "avatar.jpg", pointSize: Size(width: 30 + Double(name.unicodeScalars.first!.value % 10), height: 30), scale: .one))
        }
        for (name, request) in requests {
            _ = pipeline.load(request, priority: .preload) { _ in order.append(name) }
        }
        pipeline.raisePriority(of: requests[2].1, to: .visible)
        gate.signal()
        pool.waitUntilIdle()
        #expect(order.items.first == "c", "\(order.items)")
        #expect(order.items.count == 3)
    }

    @Test func aMemoryHitIsReadyAtOnce() throws {
        let harness = try PipelineHarness()
        _ = try #require(harness.load("avatar.jpg")?.bitmap)
        let request = ImageRequest(url: "avatar.jpg", pointSize: Size(width: 120, height: 120), scale: DisplayScale(2))
        guard case .ready = harness.pipeline.load(request, completion: { _ in }) else {
            Issue.record("a cached image was not ready at once")
            return
        }
        #expect(harness.pipeline.statistics.memoryHits == 1)
    }
}

final class LockedOrder: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ item: String) { lock.withLock { storage.append(item) } }
    var items: [String] { lock.withLock { storage } }
}
