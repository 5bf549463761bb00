import FlickCore
import FlickTimeline
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
// Hummingbird's own dependency (its `Application` is a `Service`): a group of our own lets
// `stop` shut the server down gracefully instead of cancelling it.
import ServiceLifecycle

/// Serves a `FeedStore` (a `feed.sqlite` made by `flick generate`), or any `FeedReading`
/// store (a PostgreSQL database, `FlickFeedPostgres`), as a paged timeline over HTTP on
/// loopback, with new posts appearing on top and drills for fault tests. What `flick serve`
/// runs, and what the demo and tests embed.
///
/// ```swift
/// let server = try FeedServer(databasePath: "out/demo-feed/feed.sqlite")
/// let port = try await server.start()        // listening once this returns
/// // GET http://127.0.0.1:\(port)/timeline?limit=50
/// try server.addPosts(3)                     // three new posts on top, now
/// await server.stop()
/// ```
///
/// Protocol (all JSON in the feed format, posts newest first, image URLs made absolute):
/// - `GET /timeline?limit=N` — the newest N posts; `next` = the next older page
///   (`/timeline?before=<last id>&limit=N`, absent at the end), `newer` =
///   `/timeline?since=<first id>&limit=N`.
/// - `GET /timeline?before=ID&limit=N` — the N posts right after (older than) post ID.
/// - `GET /timeline?since=ID&limit=N` — the N posts right before (newer than) post ID, the
///   oldest of them, so there is never a gap; fewer than N means caught up.
/// - `GET /timeline/stream` — Server-Sent Events: a `posts` event (a page of the new posts,
///   newest first, `id:` its newest post) whenever posts are added; `Last-Event-ID` (or
///   `?since=ID`) on reconnect first sends every post newer than that; an unknown id gets a
///   `reset` event (reload `/timeline`).
/// - `GET /images/<path>` — a file under the feed folder's `images/`, with `ETag` and
///   `Cache-Control`; `If-None-Match` gives 304. Never compressed.
/// - Pages carry `ETag` (`If-None-Match` gives 304), `Cache-Control: public, max-age=N`
///   (`pageMaxAge`) and `Vary: Accept-Encoding`; they are gzip-compressed when accepted.
///   Each page is encoded (and compressed) once per timeline version, then served from a
///   cache until a post is added, edited or deleted.
/// - A bad `limit`, `before` or `since`: 400 `{"error": "…"}`; other paths 404; methods
///   other than GET and HEAD 405; a request line over `maxRequestLineBytes` 414; a head over
///   `maxHeadBytes` 431; an unparsable request 400; a head not complete within `readTimeout`
///   408; a connection over `maxConnections` 503 (see `Connections`).
/// - HTTP/1.0 and 1.1: a 1.0 request is answered in 1.0 and its connection closed unless it
///   asked for keep-alive; 1.1 keeps connections alive (pipelining too) until
///   `Connection: close` or `idleTimeout`.
///
/// - A store that cannot be reached (`FeedStoreUnavailable`: the database went away) gets
///   503 with `Retry-After`; the next request tries again, so the server recovers by itself.
///
/// Threading: `start`, `stop` and `addPosts` may be called from any task or thread; the
/// server answers requests on Hummingbird's (SwiftNIO's) threads and tasks. A SQLite store
/// is only read: new posts live in memory, above the store's posts. A `FeedWriting` store
/// takes new posts, edits and deletions, and every server over it serves them.
public final class FeedServer: Sendable {
    /// Why the server could not start.
    public enum Error: Swift.Error, Sendable, CustomStringConvertible {
        case alreadyRunning
        /// Binding or running failed (port taken, no such address).
        case cannotListen(host: String, port: Int, reason: String)

        public var description: String {
            switch self {
            case .alreadyRunning: "the feed server is already running"
            case .cannotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
            }
        }
    }

    public let configuration: Configuration
    public let store: any FeedReading
    /// The folder holding the feed's `images/` (the database's folder by default).
    public let feedFolder: URL

    private struct Running: Sendable {
        var port: Int
        var server: Task<Void, Never>
        /// Runs the application; `stop` asks it to shut down gracefully.
        var group: ServiceGroup
        var ticker: Task<Void, Never>?
    }

    /// How long `stop` waits for a graceful shutdown (open responses end, connections close)
    /// before cancelling what is left. 5 s: a drill's stalled response ends at once on
    /// shutdown; only a client that never reads could hold it.
    static let gracefulStopLimit: Duration = .seconds(5)

    let timeline: LiveTimeline
    private let running = LockedBox<Running?>(nil)
    private let base = LockedBox<String>("")

    /// Serves `store`; images are read from `feedFolder/images/`.
    public init(store: any FeedReading, feedFolder: URL, configuration: Configuration = .default) {
        self.store = store
        self.feedFolder = feedFolder
        self.configuration = configuration
        timeline = LiveTimeline(store: store, seed: configuration.newPostSeed, idPrefix: configuration.newPostIDPrefix)
    }

    /// Opens the database at `databasePath` for reading (`FeedStore.Configuration.viewing`:
    /// no whole-file check) and serves it with the images beside it. Runs on the calling
    /// thread (opening reads the heights table).
    public convenience init(databasePath: String, configuration: Configuration = .default) throws(FeedStore.Error) {
        let store = try Self.openStore(at: databasePath)
        let folder = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
        self.init(store: store, feedFolder: folder, configuration: configuration)
    }

    /// The bound port while running, else nil.
    public var port: Int? { running.value?.port }

    /// `http://<host>:<port>` while running (`127.0.0.1` when bound to every address).
    public var baseURL: URL? { port.map { URL(string: "http://\(Self.advertisedHost(configuration.host)):\($0)")! } }

    /// `<baseURL>/timeline` while running.
    public var timelineURL: URL? { baseURL?.appendingPathComponent("timeline") }

    /// Binds and starts serving; returns the bound port once the server is listening (a
    /// request sent after this returns is answered). Starts the new-post timer when
    /// `newPostsPerMinute` > 0.
    @discardableResult
    public func start() async throws(Error) -> Int {
        guard running.value == nil else { throw .alreadyRunning }
        let host = configuration.host
        let bound = BindOutcome()
        let images = ImageFiles(
            folder: feedFolder.appendingPathComponent("images", isDirectory: true), maxBytes: configuration.maxImageBytes)
        let responder = FeedResponder(configuration: configuration, timeline: timeline, images: images, base: base)
        var logger = Logger(label: "flick.serve")
        // `stop()` cancels the server, and Hummingbird logs each connection it cuts at
        // `.error`; only failures worse than that are worth a line on stderr.
        logger.logLevel = .critical
        let counter = ConnectionCounter(limit: max(1, configuration.connections.maxConnections))
        let connections = configuration.connections
        let app = Application(
            responder: responder,
            server: HTTPServerBuilder { respond in
                FeedHTTPChannel(responder: respond, connections: connections, counter: counter)
            },
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: configuration.port), serverName: "flick-serve"),
            onServerRunning: { [base] channel in
                let port = channel.localAddress?.port ?? 0
                base.withLock { $0 = "http://\(Self.advertisedHost(host)):\(port)" }
                bound.resolve(.success(port))
            },
            logger: logger)
        let port = configuration.port
        var groupConfiguration = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [], logger: logger)
        groupConfiguration.maximumGracefulShutdownDuration = Self.gracefulStopLimit
        let group = ServiceGroup(configuration: groupConfiguration)
        let server = Task {
            do {
                try await group.run()
                bound.resolve(.failure(.cannotListen(host: host, port: port, reason: "the server stopped")))
            } catch {
                bound.resolve(.failure(.cannotListen(host: host, port: port, reason: String(describing: error))))
            }
        }
        let result = await bound.value()
        switch result {
        case .success(let port):
            running.withLock { $0 = Running(port: port, server: server, group: group, ticker: startTicker()) }
            return port
        case .failure(let error):
            server.cancel()
            _ = await server.value
            throw error
        }
    }

    /// Stops listening, ends open connections (a stalled image drill's responses are cut at
    /// once) and the new-post timer, and returns once the server has shut down. Safe to call
    /// when not running.
    ///
    /// A graceful shutdown, not a cancellation: cancelling the serving task can leave a
    /// just-accepted connection unserved, and SwiftNIO traps on its unfinished writer
    /// ("Deinited NIOAsyncWriter without calling finish()", swift-nio #3481).
    public func stop() async {
        guard let current = running.withLock({ state -> Running? in
            defer { state = nil }
            return state
        }) else { return }
        current.ticker?.cancel()
        await current.group.triggerGracefulShutdown()
        _ = await current.server.value
        _ = await current.ticker?.value
    }

    /// Puts `count` new posts on top of the timeline now (made by the generator, ids
    /// `"<newPostIDPrefix><n>"`) and returns them, newest first. For tests and scripts that
    /// need new posts at a known moment; works whether or not the server is running.
    /// Runs on the calling thread (reads the store to keep ids unique).
    @discardableResult
    public func addPosts(_ count: Int) throws -> [Post] {
        try timeline.add(count)
    }

    /// Deletes the posts with `ids` while serving (in memory over a SQLite file, in the store
    /// when it is `FeedWriting`): from the next request on they are left out of pages and
    /// unknown as `before`/`since` cursors — a post deleted between two pages a client reads.
    /// For tests and drills; any thread. Throws only the store's write errors.
    public func deletePosts(_ ids: [String]) throws {
        try timeline.delete(ids)
    }

    /// Edits the posts with `ids` while serving (in memory over a SQLite file, in the store
    /// when it is `FeedWriting`): each gets text appended (so a new content version, and
    /// another height) and is served so from the next request on. Returns the new versions.
    /// For tests and drills; any thread.
    @discardableResult
    public func editPosts(_ ids: [String]) throws -> [Post] {
        var edited: [Post] = []
        for id in ids {
            guard let post = try store.post(id: id) else { continue }
            edited.append(
                Post(
                    id: post.id, createdAt: post.createdAt, source: post.source, user: post.user,
                    text: post.text + " — edited: a longer second thought about this, added while the post was being read.",
                    pics: post.pics, reposts: post.reposts, comments: post.comments, likes: post.likes, retweeted: post.retweeted))
        }
        try timeline.edit(edited)
        return edited
    }

    private func startTicker() -> Task<Void, Never>? {
        let rate = configuration.newPostsPerMinute
        guard rate > 0, rate.isFinite else { return nil }
        let interval = Duration.milliseconds(Int64(max(1, 60_000 / rate)))
        return Task { [timeline] in
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                _ = try? timeline.add(1)
            }
        }
    }

    /// Serializes store openings in this process: opening switches the file to WAL and
    /// runs the migration in a write transaction, and two openings of one file at once make
    /// the second fail with "database is locked" (SQLite answers busy at once by default).
    private static let openingLock = NSLock()
    /// Tries when another process holds the lock while opening; 0.1 s apart (5 s in all).
    private static let openingAttempts = 50

    /// Opens the store at `path` for reading, waiting out another opener of the same file.
    static func openStore(at path: String) throws(FeedStore.Error) -> FeedStore {
        openingLock.lock()
        defer { openingLock.unlock() }
        var attempt = 1
        while true {
            do {
                return try FeedStore(path: path, configuration: .viewing)
            } catch {
                guard attempt < openingAttempts, error.description.contains("database is locked") else { throw error }
                attempt += 1
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    /// The host put in absolute URLs: loopback when bound to every address.
    static func advertisedHost(_ host: String) -> String {
        switch host {
        case "0.0.0.0", "", "::": "127.0.0.1"
        case let host where host.contains(":"): "[\(host)]"
        default: host
        }
    }
}

/// The first of "bound on port N" or "failed", handed to `start()` once.
private final class BindOutcome: Sendable {
    typealias Outcome = Result<Int, FeedServer.Error>
    private struct State: Sendable {
        var outcome: Outcome?
        var waiter: CheckedContinuation<Outcome, Never>?
    }
    private let state = LockedBox(State())

    func resolve(_ outcome: Outcome) {
        let waiter = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }

    func value() async -> Outcome {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Outcome? in
                if let outcome = state.outcome { return outcome }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
