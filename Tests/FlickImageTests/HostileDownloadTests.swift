import FlickCore
import FlickRaster
import Foundation
import Testing

@testable import FlickImage

/// Downloads under hostile or broken hosts (issue 14, part 5): what enters the disk cache,
/// content-encoded bodies, stalling hosts against healthy ones, the transfer watchdog.
@Suite struct HostileDownloadTests {
    static let server = ImageTestServer.shared

    static func diskFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("flick-hostile-\(UUID().uuidString)")
    }

    @Test func aBodyThatDoesNotDecodeNeverEntersTheDiskCache() throws {
        let folder = Self.diskFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try PipelineHarness { $0.diskFolder = folder }
        let cache = try #require(harness.pipeline.diskCache)
        let bad = Self.server.url("images/corrupt.jpg?disk=\(UUID().uuidString)")
        guard case .decoding = harness.load(bad)?.reason else {
            Issue.record("the corrupt body fails to decode")
            return
        }
        harness.pipeline.waitForWorkers()
        #expect(cache.count == 0, "nothing stored for a body that did not decode")
        #expect(cache.bytes(for: bad) == nil)
        // A good body is stored, once, even when two sizes of it decode.
        let good = Self.server.url("images/avatar.jpg?disk=\(UUID().uuidString)")
        let small = harness.start(ImageRequest(url: good, pointSize: Size(width: 20, height: 20), scale: .one))
        let large = harness.start(ImageRequest(url: good, pointSize: Size(width: 80, height: 80), scale: .one))
        #expect(small.wait(timeout: 10)?.bitmap != nil && large.wait(timeout: 10)?.bitmap != nil)
        harness.pipeline.waitForWorkers()
        #expect(cache.count == 1)
        #expect(cache.bytes(for: good) != nil)
    }

    @Test func aGzipEncodedBodyIsNotJudgedAgainstItsCompressedLength() throws {
        let harness = try PipelineHarness()
        // A JPEG does not compress: gzipped it is longer than itself, so the decoded body is
        // shorter than the Content-Length that counts the gzip stream.
        let result = harness.load(Self.server.url("gzip/photo.jpg?g=\(UUID().uuidString)"))
        #expect(result?.bitmap?.pixelSize == PixelSize(width: 240, height: 240), "\(String(describing: result))")
    }

    @Test func aStallingHostDoesNotHoldUpAHealthyOne() throws {
        // Three stalled images on one host would take all three slots without a per-host
        // limit; the watchdog's idle timeout (5 s) is far shorter than the stall (120 s) and
        // far longer than a healthy download on loopback.
        let harness = try PipelineHarness {
            $0.maxConcurrentDownloads = 3
            $0.maxDownloadsPerHost = 2
            $0.idleTimeout = 5
            $0.totalTimeout = 60
        }
        let run = UUID().uuidString
        let stalled = (0..<3).map { index in
            harness.start(ImageRequest(
                url: Self.server.url("stall/photo.jpg?s=\(run)-\(index)"), pointSize: Size(width: 40, height: 40), scale: .one))
        }
        #expect(harness.waitUntil { $0.downloadsStarted >= 2 })
        let healthyURL = "http://localhost:\(Self.server.port)/images/quadrants.png?h=\(run)"
        let healthy = harness.start(ImageRequest(url: healthyURL, pointSize: Size(width: 40, height: 40), scale: .one))
        let arrived = healthy.wait(timeout: 20)
        #expect(arrived?.bitmap != nil, "the healthy host's image arrived: \(String(describing: arrived))")
        #expect(stalled.allSatisfy { $0.value == nil }, "while every stalled image still waits")
        // The stalled ones end on the idle timeout, two at a time, not as truncated bodies.
        for box in stalled {
            let reason = box.wait(timeout: 30)?.reason
            #expect(reason == .timedOut(seconds: 5), "\(String(describing: reason))")
        }
    }

    @Test func aStalledImageTimesOutOnTimeWhileDispatchsGlobalThreadsAreAllBlocked() throws {
        // A loaded test process: every thread of Dispatch's global pool waits on a semaphore
        // (what children's waitUntilExit and synchronous waits do). The idle timeout and the
        // completion run on the transport's event loop, so the stalled image still fails after
        // its 1 s, not when the pool frees up.
        let harness = try PipelineHarness { $0.idleTimeout = 1; $0.totalTimeout = 30 }
        let gate = DispatchSemaphore(value: 0)
        let blocked = 96
        let running = DispatchSemaphore(value: 0)
        for _ in 0..<blocked {
            DispatchQueue.global().async {
                running.signal()
                gate.wait()
            }
        }
        defer { for _ in 0..<blocked { gate.signal() } }
        _ = running.wait(timeout: .now() + 2)  // at least one is running: the pool is busy
        let started = ContinuousClock.now
        let box = harness.start(ImageRequest(
            url: Self.server.url("stall/photo.jpg?g=\(UUID().uuidString)"), pointSize: Size(width: 40, height: 40), scale: .one))
        let reason = box.wait(timeout: 20)?.reason
        let took = ContinuousClock.now - started
        #expect(reason == .timedOut(seconds: 1), "\(String(describing: reason))")
        #expect(took < .seconds(8), "the idle timeout fired on time (1 s idle; a loaded machine adds the rest): \(took)")
    }

    @Test func perHostLimitsHoldInTheDownloadQueue() {
        var state = PipelineState()
        func add(_ url: String, _ sequence: UInt64) {
            state.downloads[url] = ImageDownload(remote: URL(string: url)!, jobs: [url], priority: .visible, sequence: sequence, transfer: nil)
        }
        for index in 0..<4 { add("http://slow.example/\(index).jpg", UInt64(index)) }
        add("http://fast.example:8080/a.jpg", 10)
        add("https://fast.example/b.jpg", 11)
        var started: [String] = []
        while let next = state.nextDownload(limit: 6, perHost: 2) { started.append(next.url) }
        #expect(started == ["http://slow.example/0.jpg", "http://slow.example/1.jpg", "http://fast.example:8080/a.jpg", "https://fast.example/b.jpg"])
        #expect(state.nextDownload(limit: 6, perHost: 2) == nil, "the slow host waits for one of its own to end")
        state.downloads["http://slow.example/0.jpg"] = nil
        #expect(state.nextDownload(limit: 6, perHost: 2)?.url == "http://slow.example/2.jpg")
    }
}
