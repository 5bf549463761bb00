import FlickServer
import FlickTimeline
import FlickTestSupport
import Foundation
import Testing

/// `FeedPageFetcher`'s typed errors, each provoked by the real server's drills.
@Suite(.timeLimit(.minutes(5)))
struct FetcherTests {
    private func fetchError(_ fetcher: FeedPageFetcher, _ url: URL) async -> FeedPageError? {
        do throws(FeedPageError) {
            _ = try await fetcher.fetch(url)
            return nil
        } catch {
            return error
        }
    }

    /// A fetcher with patient timeouts (`.patient`), changed by `configure`: the tests about
    /// timeouts set theirs.
    private func fetcher(_ configure: (inout FeedPageFetcher.Configuration) -> Void) -> FeedPageFetcher {
        var configuration = FeedPageFetcher.Configuration.patient
        configure(&configuration)
        return FeedPageFetcher(configuration: configuration)
    }

    @Test func aStalledBodyIsAnIdleTimeout() async throws {
        // The stalled image host sends half a file, then nothing: the page fetcher, pointed at
        // it, must give up after its idle timeout (the stall is far longer).
        try await withServer({ $0.drills.imageStall = .init(duration: .seconds(120)) }) { _, timeline in
            let url = timeline.serverRoot.appendingPathComponent("images/a00.jpg")
            let error = await fetchError(fetcher { $0.idleTimeout = 1 }, url)
            guard case .idleTimeout(let failed, 1)? = error else {
                Issue.record("expected an idle timeout, got \(String(describing: error))")
                return
            }
            #expect(failed == url)
        }
    }

    @Test func aSlowServerIsATotalTimeout() async throws {
        try await withServer({ $0.drills.latency = .seconds(60) }) { _, timeline in
            let url = timeline.with(query: "limit=1")
            let error = await fetchError(fetcher { $0.idleTimeout = 30; $0.totalTimeout = 1 }, url)
            guard case .totalTimeout(let failed, 1)? = error else {
                Issue.record("expected a total timeout, got \(String(describing: error))")
                return
            }
            #expect(failed == url)
        }
    }

    @Test func aPageOverTheByteCapIsTooLarge() async throws {
        try await withServer { _, timeline in
            let url = timeline.with(query: "limit=50")
            let error = await fetchError(fetcher { $0.maxPageBytes = 4_000 }, url)
            #expect(error == .tooLarge(url: url, limit: 4_000))
            // The same page under the default cap is fine.
            let page = try await FeedPageFetcher(configuration: .patient).fetch(url)
            #expect(page.posts.count == 50)
        }
    }

    @Test func errorStatusesCarryTheServersMessage() async throws {
        try await withServer { _, timeline in
            let url = timeline.with(query: "limit=0")
            let error = await fetchError(FeedPageFetcher(configuration: .patient), url)
            guard case .httpStatus(let failed, 400, let message?)? = error else {
                Issue.record("expected a 400, got \(String(describing: error))")
                return
            }
            #expect(failed == url)
            #expect(message.contains("\"limit\" must be an integer"))
            let missing = timeline.serverRoot.appendingPathComponent("nothing")
            guard case .httpStatus(_, 404, _)? = await fetchError(FeedPageFetcher(configuration: .patient), missing) else {
                Issue.record("expected a 404")
                return
            }
        }
    }

    @Test func aClosedPortIsATransportError() async throws {
        var port = 0
        try await withServer { server, _ in port = try #require(server.port) }
        let url = URL(string: "http://127.0.0.1:\(port)/timeline")!
        let error = await fetchError(FeedPageFetcher(configuration: .patient), url)
        guard case .transport(let failed, _)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(failed == url)
    }

    @Test func relativeLinksResolveAgainstThePage() throws {
        let body = Data(#"{"posts":[],"next":"/timeline?before=9&limit=2","newer":"?since=1","x":1}"#.utf8)
        let page = try FeedPage.parse(body, url: URL(string: "http://h:1/timeline?limit=2")!)
        #expect(page.next?.absoluteString == "http://h:1/timeline?before=9&limit=2")
        #expect(page.newer?.absoluteString == "http://h:1/timeline?since=1")
        let hostile = Data(#"{"posts":[],"next":"javascript:alert(1)","newer":7}"#.utf8)
        let rejected = try FeedPage.parse(hostile, url: URL(string: "http://h:1/timeline")!)
        #expect(rejected.next == nil)
        #expect(rejected.newer == nil)
        #expect(rejected.warnings.count == 2)
    }

    @Test func cancellingTheTaskCancelsTheFetch() async throws {
        try await withServer({ $0.drills.latency = .seconds(120) }) { _, timeline in
            let url = timeline.with(query: "limit=1")
            let fetcher = FeedPageFetcher(configuration: .patient)
            let task = Task { await fetchError(fetcher, url) }
            try await Task.sleep(for: .milliseconds(200))
            task.cancel()
            #expect(await task.value == .cancelled(url: url))
        }
    }
}
