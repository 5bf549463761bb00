import FlickTestSupport
import FlickTimeline
import Foundation
import Testing

/// `flick import URL` (the real binary, a child process) against a server that tries to
/// exhaust it (issue 30): one route per way, each after a good first page. Every run must end
/// in bounded time with a clear error naming the bad page, stay under 300 MB of peak resident
/// memory (the child's own `ru_maxrss`), and keep the first page's posts — and only them — in
/// the store.
@Suite(.timeLimit(.minutes(5)))
struct HostileFeedImportTests {
    static let server: HostileFeedServer = {
        do { return try HostileFeedServer() } catch { fatalError("cannot start the hostile server: \(error)") }
    }()

    /// Each route and the words its error must carry.
    static let cases: [(HostileFeedServer.Route, String)] = [
        (.endlessChunked, "the page is larger than 16777216 bytes"),
        (.endlessClose, "the page is larger than 16777216 bytes"),
        (.gzipBomb, "inflates more than 100 times its size"),
        (.lyingLengthLong, "bad/lying-length-long: "),
        (.lyingLengthShort, "the body was cut off after 100 bytes of 1000000"),
        (.drip, "not complete after 5 s (total timeout)"),
        (.stalledHead, "no data for 3 s (idle timeout)"),
        (.redirectChain, "more than 5 redirects"),
        (.redirectCycle, "a redirect cycle"),
        (.redirectAway, "redirect to http://169.254.169.254/latest/meta-data/ refused: pages stay on 127.0.0.1"),
        (.retryAfterHuge, "HTTP 503: the server asks to retry after 999999999 s, longer than the 60 s this client waits"),
        (.hugeLength, "the page is larger than 16777216 bytes"),
        (.htmlPage, "the server sent text/html, not a JSON feed page"),
    ]

    /// Bounds every run is held to: memory from the issue; time generous for a loaded CI
    /// machine (the slowest route, the drip, ends at its 5 s total timeout; a full test run
    /// on two busy cores stretched a 0.5 s import to several seconds).
    static let maxPeakRSSMB = 300.0
    static let maxSeconds = 45.0

    /// The timeouts of each run: tight only where the route is about that timeout, loose
    /// elsewhere, so the good first page arrives in time on a loaded machine (a 1 s idle
    /// timeout once failed it during a full run).
    static func timeouts(_ route: HostileFeedServer.Route) -> (idle: Int, total: Int) {
        switch route {
        case .stalledHead: (3, 60)
        case .drip: (30, 5)
        default: (30, 60)
        }
    }

    @Test(arguments: cases.map(\.0))
    func aHostileServerCannotExhaustTheImport(_ route: HostileFeedServer.Route) async throws {
        let expected = try #require(Self.cases.first { $0.0 == route }?.1)
        let database = TestFeeds.temporaryFolder("hostile-\(route.rawValue)").appendingPathComponent("feed.sqlite").path
        let run = try await FlickProcess.runMeasured(
            ["import", Self.server.feedURL(route).absoluteString, "--db", database,
             "--idle-timeout", "\(Self.timeouts(route).idle)", "--total-timeout", "\(Self.timeouts(route).total)"])
        let result = run.result
        print("hostile import \(route.rawValue): peak RSS \(String(format: "%.1f", run.peakRSSMB)) MB, \(String(format: "%.2f", run.seconds)) s, exit \(result.status)")
        #expect(result.status == 1, "\(route): \(result.stderr)")
        let bad = Self.server.badURL(route).absoluteString
        #expect(result.stderr.contains("error: \(bad)"), "\(route): the error names the bad page: \(result.stderr)")
        #expect(result.stderr.contains(expected), "\(route): \(result.stderr)")
        #expect(result.stdout == "imported 3 posts (0 skipped)\n", "\(route): \(result.stdout)")
        #expect(run.peakRSSMB <= Sanitizers.memoryBound(Self.maxPeakRSSMB), "\(route): peak RSS \(run.peakRSSMB) MB")
        #expect(run.seconds <= Self.maxSeconds, "\(route): \(run.seconds) s")
        let store = try FeedStore(path: database)
        #expect(try store.posts(in: 0..<store.count()).map(\.id) == HostileFeedServer.firstPageIDs, "\(route): only the good page is stored")
    }

    @Test func aRetryAfterWithinTheLimitIsWaitedForAndTheSecondAnswerTaken() async throws {
        let key = UUID().uuidString
        let url = URL(string: Self.server.badURL(.retryAfterOnce).absoluteString + "?key=\(key)")!
        let started = ContinuousClock.now
        let page = try await FeedPageFetcher(configuration: .patient).fetch(url)
        let waited = ContinuousClock.now - started
        #expect(page.posts.map(\.id) == ["hostile-0"])
        #expect(Self.server.hits("/bad/retry-after-once?key=\(key)") == 2)
        #expect(waited >= .milliseconds(950), "Retry-After: 1 was honoured: \(waited)")
    }

    @Test func retryDecisionsHonourRetryAfterUpToTheLimitAndBackOffWithoutIt() {
        var configuration = FeedPageFetcher.Configuration()
        configuration.maxAttempts = 3
        configuration.maxRetryAfter = 60
        configuration.retryBackoff = 1
        #expect(PageRetry.decide(status: 503, retryAfter: 5, attempt: 1, configuration: configuration) == .wait(5))
        #expect(PageRetry.decide(status: 429, retryAfter: 999_999_999, attempt: 1, configuration: configuration) == .tooLong(999_999_999))
        #expect(PageRetry.decide(status: 503, retryAfter: nil, attempt: 1, configuration: configuration) == .wait(1))
        #expect(PageRetry.decide(status: 502, retryAfter: nil, attempt: 2, configuration: configuration) == .wait(2))
        #expect(PageRetry.decide(status: 503, retryAfter: 1, attempt: 3, configuration: configuration) == .giveUp)
        #expect(PageRetry.decide(status: 404, retryAfter: 1, attempt: 1, configuration: configuration) == .giveUp)
    }
}
