import FlickCore
import FlickLive
import FlickTestSupport
import FlickTimeline
import Foundation
import Testing

/// The live timeline against a server that tries to exhaust it (issue 30): the good first
/// page lands, the hostile next page fails within its bounds, the footer shows the retry state
/// with the error naming the page, the list keeps drawing frames, and the cache keeps exactly
/// the first page.
@Suite("Live timeline against a hostile server", .serialized)
@MainActor
struct HostileFeedLiveTests {
    static let server: HostileFeedServer = {
        do { return try HostileFeedServer() } catch { fatalError("cannot start the hostile server: \(error)") }
    }()

    @Test(arguments: [
        (HostileFeedServer.Route.endlessChunked, "larger than 16777216 bytes"),
        (.gzipBomb, "inflates more than 100 times"),
        (.retryAfterHuge, "retry after 999999999 s"),
        (.redirectAway, "refused"),
    ])
    func aHostilePageShowsTheRetryFooterAndKeepsThePagesBefore(_ route: HostileFeedServer.Route, _ words: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-hostile-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try FeedStore(path: folder.appendingPathComponent("cache.sqlite").path)
        let harness = try LiveHarness(cache: cache, source: Self.server.feedURL(route))
        harness.step(until: {
            if case .failed = harness.live.older { return true }
            return false
        })
        guard case .failed(let reason) = harness.live.older else {
            Issue.record("\(route): expected the failed footer, got \(harness.live.older)")
            return
        }
        #expect(reason.contains(Self.server.badURL(route).absoluteString), "\(route): \(reason)")
        #expect(reason.contains(words), "\(route): \(reason)")
        #expect(harness.engine.source.rowCount == 3, "\(route): the first page is shown")
        #expect(try cache.posts(in: 0..<cache.count()).map(\.id) == HostileFeedServer.firstPageIDs, "\(route): and stored")
        // The list keeps drawing: frames go on with the rows' cells and the failed footer.
        harness.step(10)
        let layers = harness.engine.compositor.layers
        #expect(layers.filter { $0.role == .cell }.count == 3, "\(route): the rows are drawn")
        #expect(harness.layer(.footer) != nil, "\(route): the retry footer is drawn")
    }
}
