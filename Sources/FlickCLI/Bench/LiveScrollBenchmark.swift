import ArgumentParser
import Dispatch
import FlickCore
import FlickImage
import FlickList
import FlickLive
import FlickServer
import FlickTimeline
import Foundation

/// `flick bench --scroll --live`: the timeline read from an embedded server on loopback (the
/// bench feed, 50 ms latency, new posts arriving) into a fresh cache, with the live scripts
/// replayed in real time — the same frame table as the other modes, plus paging: the time from
/// crossing the batch-fetch threshold to the page's rows being in the list, and frames that
/// showed the loading footer (per script: at 3,000 pt/s there should be none).
@MainActor
struct LiveScrollBenchmark {
    struct Paging {
        var pagesLoaded = 0
        var newPostsInserted = 0
        var batchFetchMilliseconds: [Double] = []
        var loadingFooterFrames: [(script: String, frames: Int)] = []
    }

    /// Server settings: a phone on a good network, a busy timeline.
    enum Server {
        static let latency = Duration.milliseconds(50)
        static let newPostsPerMinute = 60.0
        static let pageSize = 20
    }

    let database: String
    let hz: Double
    let scripts: [(name: String, script: ScrollScript)]
    let viewport = Size(width: 375, height: 667)
    let scale = DisplayScale.two

    func run(_ mode: BenchMode, progress: (String) -> Void) throws -> (ScrollBenchmark.Result, Paging) {
        var configuration = FeedServer.Configuration()
        configuration.drills.latency = Server.latency
        configuration.newPostsPerMinute = Server.newPostsPerMinute
        configuration.pageSize = Server.pageSize
        let server = try FeedServer(databasePath: database, configuration: configuration)
        try DemoLiveFeed.blocking { try await server.start() }
        defer { try? DemoLiveFeed.blocking { await server.stop() } }
        guard let url = server.timelineURL else { throw ValidationError("the embedded server did not start") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("cache.sqlite").path
        _ = try FeedStore(path: cache)

        let cpuBefore = ResourceUsage.cpuSeconds
        let started = DispatchTime.now().uptimeNanoseconds
        let session = try TimelineSession(database: cache, scale: scale, workers: mode.workers) { images in
            DemoLiveFeed.configureImages(&images, feed: url, diskFolder: folder.appendingPathComponent("images", isDirectory: true))
        }
        guard let pipeline = session.images else { preconditionFailure("a session without imagesFailed throws instead") }
        var tuning = mode.tuning
        tuning.configuration.animatesUpdates = false
        let engine = session.makeEngine(viewport: viewport, tuning: tuning)
        let live = LiveTimeline(
            engine: engine, pages: session.source, client: FeedClient(store: session.source.store, source: url), pagingState: FeedStore.PagingState())
        let display = HeadlessDisplay(engine: engine, hz: hz, pacing: .realTime)
        display.editor = TimelineEditor(source: session.source)
        display.pager = live
        var firstFrame = Double.infinity
        for _ in 0..<Int(hz * 10) {
            display.step()
            if engine.source.rowCount > 0, engine.visibleRowsFullyDrawn {
                firstFrame = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                break
            }
        }
        var paging = Paging()
        let scriptsStart = display.frames.count
        for (name, script) in scripts {
            progress("\(mode.rawValue) live: \(name)")
            let footerBefore = live.statistics.loadingFooterFrames
            display.play(script)
            paging.loadingFooterFrames.append((name, live.statistics.loadingFooterFrames - footerBefore))
        }
        paging.pagesLoaded = live.statistics.pagesLoaded
        paging.newPostsInserted = live.statistics.newPostsInserted
        paging.batchFetchMilliseconds = live.statistics.batchFetchMilliseconds
        let result = ScrollBenchmark.Result(
            mode: mode, display: display, scriptsStart: scriptsStart, scale: scale, firstFrame: firstFrame,
            cpuBefore: cpuBefore, started: started, images: pipeline.statistics)
        return (result, paging)
    }
}

extension LiveScrollBenchmark.Paging {
    var jsonObject: [String: Any] {
        let sorted = batchFetchMilliseconds.sorted()
        return [
            "pagesLoaded": pagesLoaded, "newPostsInserted": newPostsInserted,
            "batchFetchMs": [
                "count": sorted.count, "p50": RunSummary.percentile(0.5, ofSorted: sorted),
                "p95": RunSummary.percentile(0.95, ofSorted: sorted), "max": sorted.last ?? 0,
            ],
            "loadingFooterFrames": Dictionary(uniqueKeysWithValues: loadingFooterFrames.map { ($0.script, $0.frames) }),
        ]
    }

    var text: String {
        let sorted = batchFetchMilliseconds.sorted()
        return String(
            format: "live paging: %d pages, %d new posts on top; batch fetch → rows in the list p50 %.0f ms, p95 %.0f ms (%d fetches); loading footer frames: %@",
            pagesLoaded, newPostsInserted, RunSummary.percentile(0.5, ofSorted: sorted), RunSummary.percentile(0.95, ofSorted: sorted),
            sorted.count, loadingFooterFrames.map { "\($0.script) \($0.frames)" }.joined(separator: ", "))
    }
}
