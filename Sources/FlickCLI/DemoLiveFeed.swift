import ArgumentParser
import Dispatch
import Flick
import FlickCore
import FlickImage
import FlickList
import FlickLive
import FlickServer
import FlickTimeline
import Foundation

/// The live side of `flick demo --live` and `--url URL`: the server (embedded for `--live`:
/// the demo feed on a free loopback port with new posts arriving and a little latency), the
/// cache store the timeline reads, and the `LiveTimeline` driving whichever engine the demo
/// shows. Main thread.
@MainActor
final class DemoLiveFeed {
    /// What the embedded server does; every value with its reason.
    enum Embedded {
        /// Posts per page: small enough that a reader pages several times in a demo.
        static let pageSize = 20
        /// Latency of every response: a phone on a good network.
        static let latency = Duration.milliseconds(50)
        /// New posts per minute: a pill every few seconds.
        static let newPostsPerMinute = 20.0
    }

    let url: URL
    let cachePath: String
    let server: FeedServer?
    private(set) var timeline: LiveTimeline?

    /// Starts the embedded server (`--live`) or takes `--url`, and prepares the cache store:
    /// a cache filled from another source is emptied first.
    init(options: Demo) throws {
        cachePath = options.cache ?? "out/live-cache.sqlite"
        if options.live {
            let feed = try FeedDatabase(given: options.feed, defaultFolder: "out/demo-feed", posts: options.posts, withImages: true).path()
            var configuration = FeedServer.Configuration()
            configuration.pageSize = Embedded.pageSize
            configuration.drills.latency = Embedded.latency
            configuration.newPostsPerMinute = Embedded.newPostsPerMinute
            let server = try Self.startEmbedded(feed: feed, configuration: configuration, cachePath: cachePath)
            self.server = server
            guard let timeline = server.timelineURL else { throw ValidationError("the embedded server did not start") }
            url = timeline
            print("flick demo: serving \(timeline.absoluteString) (embedded, \(Embedded.newPostsPerMinute) new posts a minute)")
        } else if let given = options.url {
            guard let parsed = URL(string: given), ["http", "https"].contains(parsed.scheme?.lowercased() ?? "") else {
                throw ValidationError("--url must be an http(s) URL, got \(given)")
            }
            url = parsed
            server = nil
        } else {
            throw ValidationError("a live demo needs --live or --url")
        }
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: cachePath).deletingLastPathComponent(), withIntermediateDirectories: true)
        let store = try FeedStore(path: cachePath)
        if try store.pagingState().source != url.absoluteString {
            try store.removeAll()
            try store.setPagingState(FeedStore.PagingState(source: url.absoluteString))
        }
    }

    /// The embedded server over `feed`, on the port it had last time when the cache at
    /// `cachePath` was filled from it and that port is free, so the feed keeps its identity
    /// (the cache's source URL, the image URLs the disk cache is keyed by) across relaunches
    /// and `make demo` starts from what it cached; on any free port otherwise.
    static func startEmbedded(feed: String, configuration: FeedServer.Configuration, cachePath: String) throws -> FeedServer {
        var configuration = configuration
        if let port = previousEmbeddedPort(cachePath: cachePath) {
            configuration.port = port
            let server = try FeedServer(databasePath: feed, configuration: configuration)
            if (try? Self.blocking({ try await server.start() })) != nil { return server }
            configuration.port = 0
        }
        let server = try FeedServer(databasePath: feed, configuration: configuration)
        try Self.blocking { try await server.start() }
        return server
    }

    /// The loopback port of the embedded server the cache at `cachePath` was last filled
    /// from (its paging state's source, `http://127.0.0.1:PORT/timeline`), if any.
    static func previousEmbeddedPort(cachePath: String) -> Int? {
        guard FileManager.default.fileExists(atPath: cachePath),
            let store = try? FeedStore(path: cachePath, configuration: .viewing),
            let source = try? store.pagingState().source, let url = URL(string: source),
            url.host == "127.0.0.1", url.path == "/timeline", let port = url.port, port > 0
        else { return nil }
        return port
    }

    /// The image pipeline's settings for posts from `url`: the disk cache beside the store,
    /// and the server's own host allowed even when it is a loopback or private address.
    func configureImages(_ configuration: inout ImagePipeline.Configuration) {
        Self.configureImages(&configuration, feed: url, diskFolder: URL(fileURLWithPath: cachePath + "-images", isDirectory: true))
    }

    /// Images of a feed read from `feed`: resolved against it, its own host allowed even when
    /// loopback or private (the one explicit widening a live timeline needs), downloads kept
    /// in `diskFolder`. The demo's and the live benchmark's one definition.
    nonisolated static func configureImages(_ configuration: inout ImagePipeline.Configuration, feed: URL, diskFolder: URL) {
        configuration.access.feedLocation = feed
        if let host = feed.host { configuration.access.allowedHosts.insert(host) }
        configuration.diskFolder = diskFolder
    }

    /// Drives `engine` (made over the cache store): the first call makes the timeline, later
    /// ones (the window rebuilt its engine) move it there.
    func attach(to engine: ListEngine<CellSource<String>>, pages: TimelinePages) {
        if let timeline {
            timeline.attach(to: engine)
            return
        }
        let store = pages.store
        let state = (try? store.pagingState()) ?? FeedStore.PagingState()
        timeline = LiveTimeline(engine: engine, pages: pages, client: FeedClient(store: store, source: url), pagingState: state)
    }

    /// The report's live keys.
    var jsonObject: [String: Any] {
        guard let timeline else { return [:] }
        let statistics = timeline.statistics
        let latencies = statistics.batchFetchMilliseconds.sorted()
        return [
            "pagesLoaded": statistics.pagesLoaded, "newPostsInserted": statistics.newPostsInserted,
            "olderPostsAppended": statistics.olderPostsAppended, "pageFailures": statistics.failures,
            "pullRefreshes": statistics.pullRefreshes, "loadingFooterFrames": statistics.loadingFooterFrames,
            "batchFetchMs": latencies.isEmpty ? [:] : [
                "p50": RunSummary.percentile(0.5, ofSorted: latencies), "p95": RunSummary.percentile(0.95, ofSorted: latencies),
                "max": latencies.last ?? 0,
            ],
            "offline": timeline.isOffline, "source": url.absoluteString, "rows": timeline.rowCount,
        ]
    }

    /// One line for the terminal.
    var text: String {
        guard let statistics = timeline?.statistics else { return "live: no timeline" }
        return "live: \(statistics.pagesLoaded) pages, \(statistics.newPostsInserted) new posts on top, "
            + "\(statistics.olderPostsAppended) older posts, \(statistics.failures) failed requests"
            + (timeline?.isOffline == true ? ", offline" : "")
    }

    /// Stops the embedded server.
    func stop() {
        guard let server else { return }
        try? Self.blocking { await server.stop() }
    }

    /// Runs async `work` to its end from synchronous main-thread code (start-up and shutdown
    /// only: the work runs on the cooperative pool, never on the main actor).
    nonisolated static func blocking(_ work: @escaping @Sendable () async throws -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = LockedBox<(any Error)?>(nil)
        Task.detached {
            do { try await work() } catch { failure.withLock { $0 = error } }
            done.signal()
        }
        done.wait()
        if let error = failure.value { throw error }
    }
}
