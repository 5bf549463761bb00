import FlickServer
import FlickTimeline
import FlickTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5)))
struct DrillTests {
    let fetcher = FeedPageFetcher(configuration: .patient)

    /// The error fetching `url` gives, or nil when it succeeds.
    private func fetchError(_ url: URL) async -> FeedPageError? {
        do throws(FeedPageError) {
            _ = try await fetcher.fetch(url)
            return nil
        } catch {
            return error
        }
    }

    @Test func latencyDelaysEveryResponse() async throws {
        try await withServer({ $0.drills.latency = .milliseconds(400) }) { _, timeline in
            for url in [timeline.with(query: "limit=1"), timeline.serverRoot.appendingPathComponent("images/a00.jpg"),
                        timeline.serverRoot.appendingPathComponent("nothing")] {
                // A lower bound only: a loaded machine can make it slower, never faster.
                let started = ContinuousClock.now
                _ = try await HTTPExchange.get(url)
                #expect(ContinuousClock.now - started >= .milliseconds(400), "\(url)")
            }
        }
    }

    @Test func failRateFailsASeededShareOfTimelineRequests() async throws {
        func statuses() async throws -> [Int] {
            var statuses: [Int] = []
            try await withServer({ $0.drills.failRate = 0.5; $0.drills.failSeed = 3 }) { _, timeline in
                for _ in 0..<40 { statuses.append(try await HTTPExchange.get(timeline.with(query: "limit=1")).status) }
                // Images are never failed by the drill.
                #expect(try await HTTPExchange.get(timeline.serverRoot.appendingPathComponent("images/a00.jpg")).status == 200)
            }
            return statuses
        }
        let first = try await statuses()
        #expect(Set(first) == [200, 500])
        #expect((8...32).contains(first.filter { $0 == 500 }.count))
        #expect(try await statuses() == first, "the same seed fails the same requests")
        try await withServer({ $0.drills.failRate = 0.5; $0.drills.failSeed = 3 }) { _, timeline in
            var failure: FeedPageError?
            for _ in 0..<40 where failure == nil { failure = await fetchError(timeline.with(query: "limit=1")) }
            guard case .httpStatus(_, 500, let message?)? = failure else {
                Issue.record("expected a 500 with a message, got \(String(describing: failure))")
                return
            }
            #expect(message.contains("drill"))
        }
    }

    @Test func truncatedBodyIsATruncationNamingThePage() async throws {
        try await withServer({ $0.drills.pageFaults = [.init(.truncatedBody, fromPage: 1)] }) { _, timeline in
            let first = try await fetcher.fetch(timeline.with(query: "limit=10"))
            #expect(first.posts.count == 10)
            let next = try #require(first.next)
            let error = await fetchError(next)
            guard case .truncated(let url, let received, let expected)? = error else {
                Issue.record("expected a truncation, got \(String(describing: error))")
                return
            }
            #expect(url == next)
            #expect(received < (expected ?? .max))
            #expect(error?.description.contains(next.absoluteString) == true)
        }
    }

    @Test func invalidJSONPageIsAnInvalidFeedNamingThePage() async throws {
        try await withServer({ $0.drills.pageFaults = [.init(.invalidJSON, fromPage: 2)] }) { _, timeline in
            let first = try await fetcher.fetch(timeline.with(query: "limit=10"))
            let second = try await fetcher.fetch(try #require(first.next))
            let third = try #require(second.next)
            let error = await fetchError(third)
            guard case .invalidFeed(let url, .invalidJSON)? = error else {
                Issue.record("expected invalid JSON, got \(String(describing: error))")
                return
            }
            #expect(url == third)
        }
    }

    @Test func repeatedPostsBeginAPageWithTheEndOfThePreviousOne() async throws {
        try await withServer({ $0.drills.pageFaults = [.init(.repeatedPosts(count: 3), fromPage: 1)] }) { _, timeline in
            let first = try await fetcher.fetch(timeline.with(query: "limit=10"))
            let second = try await fetcher.fetch(try #require(first.next))
            #expect(second.posts.count == 10)
            #expect(Array(second.posts.prefix(3).map(\.id)) == Array(first.posts.suffix(3).map(\.id)))
            let third = try await fetcher.fetch(try #require(second.next))
            #expect(Array(third.posts.prefix(3).map(\.id)) == Array(second.posts.suffix(3).map(\.id)))
        }
    }

    @Test func loopingNextPointsBackAtTheSecondPage() async throws {
        try await withServer({ $0.drills.pageFaults = [.init(.loopingNext, fromPage: 3)] }) { _, timeline in
            var urls: [URL] = []
            var next: URL? = timeline.with(query: "limit=10")
            while let url = next, urls.count < 6 {
                urls.append(url)
                next = try await fetcher.fetch(url).next
            }
            #expect(urls.count == 6)
            #expect(urls[4] == urls[1], "page 3's next is page 1 again")
            #expect(urls[5] == urls[2])
        }
    }

    @Test func stalledImageHostNeverFinishesAResponse() async throws {
        let patient = URLSessionConfiguration.ephemeral
        patient.timeoutIntervalForRequest = 2
        let session = URLSession(configuration: patient)
        try await withServer({ $0.drills.imageStall = .init(duration: .seconds(120)) }) { _, timeline in
            let image = timeline.serverRoot.appendingPathComponent("images/a00.jpg")
            await #expect(throws: (any Error).self) { _ = try await HTTPExchange.get(image, session: session) }
            // Pages are not stalled.
            let page = try await fetcher.fetch(timeline.with(query: "limit=2"))
            #expect(page.posts.count == 2)
        }
        // Control: the same request without the drill completes through the same session.
        try await withServer { _, timeline in
            let image = timeline.serverRoot.appendingPathComponent("images/a00.jpg")
            let exchange = try await HTTPExchange.get(image, session: session)
            #expect(exchange.status == 200)
        }
    }
}
