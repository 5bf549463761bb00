import FlickLive
import FlickServer
import FlickTimeline
import Foundation
import FlickTestSupport
import Testing

/// The feed client against a real server on loopback: pages into the cache store.
@Suite("Feed client")
@MainActor
struct FeedClientTests {
    /// Runs one request to completion and returns its landings.
    static func run(_ client: FeedClient, _ direction: PagingDirection) -> [PageLanding] {
        if direction == .older { client.loadOlder() } else { client.loadNewer() }
        client.waitUntilIdle()
        return client.takeLandings()
    }

    @Test func pagesToTheEndWithTheExactCountAndNoDuplicates() async throws {
        let fixture = try await LiveFixture(posts: 130, pageSize: 20)
        let cache = try fixture.cache()
        let client = FeedClient(store: cache, source: fixture.timeline, fetcher: .patient)
        var pages = 0
        var reachedEnd = false
        while !reachedEnd, pages < 20 {
            for landing in Self.run(client, .older) {
                guard case .older(_, _, _, let end) = landing else {
                    Issue.record("unexpected \(landing)")
                    return await fixture.stop()
                }
                pages += 1
                reachedEnd = end
            }
        }
        #expect(pages == 7, "130 posts in pages of 20")
        #expect(try cache.count() == 130)
        let served = try fixture.server.store.posts(in: 0..<130).map(\.id)
        #expect(try cache.posts(in: 0..<130).map(\.id) == served, "same order, no duplicates")
        #expect(!client.mayHaveOlderPages())
        #expect(client.loadOlder() == true)
        client.waitUntilIdle()
        #expect(try cache.count() == 130, "at the end nothing more is fetched")
        await fixture.stop()
    }

    @Test func newerPostsArePrependedNewestFirstAcrossSeveralPages() async throws {
        let fixture = try await LiveFixture(posts: 60, pageSize: 20)
        let cache = try fixture.cache()
        let client = FeedClient(store: cache, source: fixture.timeline, fetcher: .patient)
        _ = Self.run(client, .older)
        #expect(try cache.count() == 20)
        let added = try fixture.server.addPosts(45)
        var inserted: [String] = []
        for landing in Self.run(client, .newer) {
            guard case .newer(let posts, _, _, _) = landing else {
                Issue.record("unexpected \(landing)")
                continue
            }
            inserted = posts.map(\.id) + inserted
        }
        let served = try await FeedPageFetcher.patient.fetch(URL(string: fixture.timeline.absoluteString + "?limit=45")!)
        #expect(inserted.count == 45)
        #expect(Set(inserted) == Set(added.map(\.id)))
        #expect(inserted == served.posts.map(\.id), "newest first, as the server's timeline")
        #expect(try cache.posts(in: 0..<45).map(\.id) == inserted, "the cache's top is the new posts")
        #expect(try cache.count() == 65)
        await fixture.stop()
    }

    @Test func aLoopingNextStopsPagingWithAWarning() async throws {
        let fixture = try await LiveFixture(posts: 200, pageSize: 20) { configuration in
            configuration.drills.pageFaults = [.init(.loopingNext, fromPage: 2)]
        }
        let cache = try fixture.cache()
        let client = FeedClient(store: cache, source: fixture.timeline, fetcher: .patient)
        var warnings: [FeedWarning] = []
        var end = false
        for _ in 0..<10 where !end {
            for case .older(_, _, let pageWarnings, let reachedEnd) in Self.run(client, .older) {
                warnings += pageWarnings
                end = reachedEnd
            }
        }
        #expect(end)
        #expect(warnings.contains { $0.reason.contains("leads back") })
        let ids = try cache.posts(in: 0..<(try cache.count())).map(\.id)
        #expect(Set(ids).count == ids.count, "no post stored twice")
        await fixture.stop()
    }

    @Test func serverErrorsFailThePageAndKeepWhatWasStored() async throws {
        let fixture = try await LiveFixture(posts: 100, pageSize: 20) { configuration in
            configuration.drills.pageFaults = [.init(.truncatedBody, fromPage: 1)]
        }
        let cache = try fixture.cache()
        let client = FeedClient(store: cache, source: fixture.timeline, fetcher: .patient)
        _ = Self.run(client, .older)
        #expect(try cache.count() == 20)
        let landings = Self.run(client, .older)
        guard case .failed(.older, let reason, let offline)? = landings.first else {
            Issue.record("expected a failure, got \(landings)")
            return await fixture.stop()
        }
        #expect(reason.contains("/timeline"), "names the page: \(reason)")
        #expect(!offline)
        #expect(try cache.count() == 20, "the first page stays")
        #expect(client.mayHaveOlderPages(), "a retry asks the same page again")
        await fixture.stop()
    }

    @Test func anUnreachableServerIsReportedOffline() async throws {
        let fixture = try await LiveFixture(posts: 40, pageSize: 20)
        let cache = try fixture.cache()
        let client = FeedClient(store: cache, source: fixture.timeline, fetcher: .patient)
        _ = Self.run(client, .older)
        await fixture.server.stop()
        let landings = Self.run(client, .newer)
        guard case .failed(.newer, _, let offline)? = landings.first else {
            Issue.record("expected a failure, got \(landings)")
            return await fixture.stop()
        }
        #expect(offline)
        #expect(try cache.count() == 20)
        await fixture.stop()
    }
}

/// Faults between pages, against the server's drills.
@Suite("Feed client: faults between pages")
@MainActor
struct FeedClientFaultTests {
    @Test func aPostDeletedBetweenPagesLosesNothingElse() async throws {
        let fixture = try await LiveFixture(posts: 100, pageSize: 20)
        let cache = try fixture.cache()
        let client = FeedClient(store: cache, source: fixture.timeline, fetcher: .patient)
        _ = FeedClientTests.run(client, .older)
        let stored = try cache.posts(in: 0..<20)
        // The cursor of the next page (the last stored post) and a post of the next page go.
        let next = try fixture.server.store.posts(in: 20..<40)
        try fixture.server.deletePosts([stored[19].id, next[3].id])
        var end = false
        for _ in 0..<10 where !end {
            for landing in FeedClientTests.run(client, .older) {
                switch landing {
                case .older(_, _, _, let reachedEnd): end = reachedEnd
                case .deleted(let ids): #expect(Set(ids) == [stored[19].id, next[3].id], "the server tells what it deleted")
                default: Issue.record("unexpected \(landing)")
                }
            }
        }
        let served = try fixture.server.store.posts(in: 0..<100).map(\.id).filter { $0 != next[3].id }
        let ids = try cache.posts(in: 0..<(try cache.count())).map(\.id)
        #expect(ids == served, "every post but the one deleted before it was read, in order, once")
        #expect(try cache.deletedIDs() == [stored[19].id, next[3].id], "both recorded: a list leaves the stored one out")
        await fixture.stop()
    }

    @Test func aPageRepeatingPostsOfTheLastStoresEachOnce() async throws {
        let fixture = try await LiveFixture(posts: 90, pageSize: 20) { configuration in
            configuration.drills.pageFaults = [.init(.repeatedPosts(count: 5), fromPage: 1)]
        }
        let cache = try fixture.cache()
        let client = FeedClient(store: cache, source: fixture.timeline, fetcher: .patient)
        for _ in 0..<10 { _ = FeedClientTests.run(client, .older) }
        let ids = try cache.posts(in: 0..<(try cache.count())).map(\.id)
        #expect(ids == (try fixture.server.store.posts(in: 0..<90).map(\.id)))
        await fixture.stop()
    }
}
