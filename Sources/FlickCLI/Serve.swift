import ArgumentParser
import FlickFeedPostgres
import FlickServer
import FlickTimeline
import Foundation

/// `flick serve`: a feed store as a paged timeline over HTTP on loopback, with drills.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a feed.sqlite as a paged timeline over HTTP (GET /timeline, /images/…).",
        discussion: """
            The first line on stdout is `serving http://HOST:PORT/timeline` (the bound port). \
            Runs until SIGINT or SIGTERM. Page drills select pages from a depth on: the page \
            starting at post (page × limit) is page `page`, 0 being the newest.
            """)

    @Option(
        name: [.customLong("db"), .customLong("feed")],
        help: "A feed.sqlite, a folder holding one, or a postgres://user:password@host:port/database URL. Default: the demo feed in out/demo-feed (generated once).")
    var db: String?

    @Option(help: "With a postgres:// --db: the folder whose images/ is served. Default: none (image requests are 404).")
    var images: String?

    /// Default 8080: a fixed port gives a URL that can be typed into `flick demo --url`
    /// or a browser run after run; tests and embedded servers ask for 0.
    @Option(help: "Port; 0 = any free port.")
    var port: Int = 8080

    @Option(help: "Address to bind.")
    var host: String = FeedServer.Configuration.default.host

    @Option(help: "Posts per page when a request gives no limit (1…200).")
    var pageSize: Int = FeedServer.Configuration.default.pageSize

    @Option(help: "New posts per minute, made by the generator, on top of the timeline.")
    var newPostsPerMinute: Double = 0

    @Option(help: "Connections served at once; more are answered 503.")
    var maxConnections: Int = FeedServer.Configuration.default.connections.maxConnections

    @Option(help: "Seconds a connection may idle between requests before it is closed.")
    var idleTimeout: Double = Double(FeedServer.Configuration.default.connections.idleTimeout.components.seconds)

    @Option(help: "Seconds a request head may take to arrive once begun (else 408).")
    var readTimeout: Double = Double(FeedServer.Configuration.default.connections.readTimeout.components.seconds)

    @Option(help: "Drill: milliseconds of delay before every response.")
    var latency: Int = 0

    @Option(help: "Drill: fraction (0…1) of /timeline requests answered 500.")
    var failRate: Double = 0

    @Option(help: "Drill: seed of the fail-rate draw (the same seed fails the same requests).")
    var failSeed: UInt64 = 1

    @Option(help: "Drill: pages from this depth on announce their length, send half and close the connection.")
    var truncatePagesFrom: Int?

    @Option(help: "Drill: pages from this depth on are cut in half (invalid JSON).")
    var invalidJSONFrom: Int?

    @Option(help: "Drill: pages (from page 1) begin with this many posts of the page before them.")
    var repeatPosts: Int?

    @Option(help: "Drill: pages from this depth on have a `next` looping back to page 1.")
    var loopNextFrom: Int?

    @Option(help: "Drill: image responses send half the file, stall this many seconds, then close.")
    var stallImages: Double?

    func validate() throws {
        try OptionLimits.check(port, in: 0...65_535, option: "--port")
        try OptionLimits.check(pageSize, in: FeedServer.Configuration.limitRange, option: "--page-size")
        try OptionLimits.check(newPostsPerMinute, in: 0...60_000, option: "--new-posts-per-minute")
        try OptionLimits.check(latency, in: 0...600_000, option: "--latency")
        try OptionLimits.check(maxConnections, in: 1...1_000_000, option: "--max-connections")
        try OptionLimits.check(idleTimeout, in: 0.01...86_400, option: "--idle-timeout")
        try OptionLimits.check(readTimeout, in: 0.01...86_400, option: "--read-timeout")
        try OptionLimits.check(failRate, in: 0...1, option: "--fail-rate")
        for (value, option) in [(truncatePagesFrom, "--truncate-pages-from"), (invalidJSONFrom, "--invalid-json-from"),
                                (loopNextFrom, "--loop-next-from")] {
            if let value { try OptionLimits.check(value, in: 0...Int(Int32.max), option: option) }
        }
        if let repeatPosts { try OptionLimits.check(repeatPosts, in: 1...FeedServer.Configuration.limitRange.upperBound, option: "--repeat-posts") }
        if let stallImages { try OptionLimits.check(stallImages, in: 0.001...86_400, option: "--stall-images") }
    }

    /// The server's configuration from the options.
    var serverConfiguration: FeedServer.Configuration {
        var configuration = FeedServer.Configuration()
        configuration.host = host
        configuration.port = port
        configuration.pageSize = pageSize
        configuration.newPostsPerMinute = newPostsPerMinute
        configuration.connections.maxConnections = maxConnections
        configuration.connections.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        configuration.connections.readTimeout = .milliseconds(Int64(readTimeout * 1000))
        configuration.drills.latency = .milliseconds(latency)
        configuration.drills.failRate = failRate
        configuration.drills.failSeed = failSeed
        if let page = truncatePagesFrom { configuration.drills.pageFaults.append(.init(.truncatedBody, fromPage: page)) }
        if let page = invalidJSONFrom { configuration.drills.pageFaults.append(.init(.invalidJSON, fromPage: page)) }
        if let count = repeatPosts { configuration.drills.pageFaults.append(.init(.repeatedPosts(count: count), fromPage: 1)) }
        if let page = loopNextFrom { configuration.drills.pageFaults.append(.init(.loopingNext, fromPage: page)) }
        if let seconds = stallImages {
            configuration.drills.imageStall = .init(duration: .milliseconds(Int64(seconds * 1000)))
        }
        return configuration
    }

    func run() throws {
        let server: FeedServer
        switch try FeedLocation(db) {
        case .sqlite(let given):
            let database = try FeedDatabase(given: given, defaultFolder: "out/demo-feed", posts: 5_000, withImages: true).path()
            server = try FeedServer(databasePath: database, configuration: serverConfiguration)
        case .postgres(let configuration):
            let store = try FeedLocation.openPostgres(configuration, command: "serve")
            // No feed folder: images come from --images, or none are served.
            let folder = images.map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("flick-serve-no-images-\(UUID().uuidString)")
            server = FeedServer(store: store, feedFolder: folder, configuration: serverConfiguration)
        }
        let stopRequested = DispatchSemaphore(value: 0)
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopRequested.signal() }
            source.resume()
            return source
        }
        _ = try runBlocking { try await server.start() }
        // Written straight to the file descriptor (no stdio buffer): a parent reading the
        // first line through a pipe gets it at once.
        FileHandle.standardOutput.write(Data("serving \(server.timelineURL!.absoluteString)\n".utf8))
        stopRequested.wait()
        runBlockingStop(server)
        signals.forEach { $0.cancel() }
    }

    private func runBlockingStop(_ server: FeedServer) {
        _ = try? runBlocking { await server.stop() }
    }
}
