import FlickCore
import FlickImage
import FlickList
import FlickLive
import FlickServer
import FlickTimeline
import Foundation
import FlickTestSupport
import Testing

/// The live timeline against a real server on loopback, in lockstep.
@Suite("Live timeline", .serialized)
@MainActor
struct LiveTimelineTests {
    /// A cache holding the server's first page.
    static func primedCache(_ fixture: LiveFixture, name: String = "cache.sqlite") throws -> FeedStore {
        let cache = try fixture.cache(name)
        let client = FeedClient(store: cache, source: fixture.timeline, fetcher: .patient)
        client.loadOlder()
        client.waitUntilIdle()
        _ = client.takeLandings()
        return cache
    }

    @Test func batchFetchingStartsAtTheConfiguredDistanceFromTheEnd() async throws {
        let fixture = try await LiveFixture(posts: 200, pageSize: 20)
        let harness = try LiveHarness(cache: try Self.primedCache(fixture), source: fixture.timeline) {
            $0.leadingScreensForBatching = 1
        }
        harness.step(4)
        #expect(harness.engine.source.rowCount == 20)
        #expect(harness.live.statistics.pagesLoaded == 0, "far from the end: no request")
        // Heights are exact once the rows were laid out: walk down to 1.2 screens from the end.
        let viewport = harness.engine.viewport.height
        func remaining() -> Double { harness.engine.heights.totalHeight - harness.engine.contentOffset - viewport }
        harness.engine.setContentOffset(harness.engine.heights.totalHeight - 2.2 * viewport, time: harness.time)
        harness.step(10)
        #expect(remaining() > viewport)
        #expect(harness.live.statistics.pagesLoaded == 0, "1.2 screens left, threshold 1: no request")
        #expect(harness.live.older == .idle)
        harness.engine.setContentOffset(harness.engine.contentOffset + 0.3 * viewport, time: harness.time)
        harness.step(3)
        #expect(harness.live.statistics.pagesLoaded == 1, "0.9 screens left: the next page was asked for and landed")
        #expect(harness.engine.source.rowCount == 40)
        #expect(harness.engine.heights.rowCount == 40)
        #expect(harness.live.statistics.batchFetchMilliseconds.count == 1)
        await fixture.stop()
    }

    @Test func scrollingToTheEndLoadsEveryPageAndShowsTheEndFooter() async throws {
        let fixture = try await LiveFixture(posts: 90, pageSize: 20)
        let harness = try LiveHarness(cache: try fixture.cache(), source: fixture.timeline)
        harness.step(until: { harness.engine.source.rowCount == 20 })
        #expect(!harness.engine.source.rowCountIsFinal, "older pages may come: the count is not the list's length")
        for _ in 0..<40 where harness.live.older != .end {
            harness.engine.jump(toRow: harness.engine.source.rowCount - 1, time: harness.time)
            harness.step(5)
        }
        #expect(harness.live.older == .end)
        #expect(harness.engine.source.rowCountIsFinal, "the oldest post is shown: the count is final")
        #expect(harness.engine.source.rowCount == 90, "exactly the served posts")
        #expect(try harness.store.count() == 90)
        let ids = (0..<90).compactMap { harness.pages.rows.loadPost(atRow: $0)?.id }
        #expect(Set(ids).count == 90)
        harness.engine.fling(velocity: 30_000, time: harness.time)
        harness.step(until: { harness.engine.physics.phase == .idle })
        harness.step(5)
        let footer = harness.layer(.footer)
        #expect(footer != nil, "the end footer is under the last row")
        #expect(footer.map { abs($0.origin.y + LiveArt.barHeight - harness.engine.viewport.height) < 1 } == true)
        await fixture.stop()
    }

    @Test func pullToRefreshInsertsNewerPostsWithoutMovingTheReaderAndThePillScrollsUp() async throws {
        let fixture = try await LiveFixture(posts: 60, pageSize: 20)
        let harness = try LiveHarness(cache: try Self.primedCache(fixture), source: fixture.timeline)
        harness.step(4)
        let reading = try #require(harness.topPost)
        #expect(harness.screenY(ofPost: reading.id) == 0)
        try fixture.server.addPosts(7)
        harness.pull(by: 200)
        #expect(harness.engine.pullDistance >= harness.live.configuration.pullThreshold)
        #expect(harness.layer(.header) != nil, "the pull header shows in the opened space")
        harness.release()
        for _ in 0..<8 {
            harness.step()
        }
        harness.step(until: { !harness.live.isRefreshing })
        harness.step(until: { harness.engine.physics.phase == .idle })
        harness.step(3)
        #expect(harness.live.statistics.pullRefreshes == 1)
        #expect(harness.live.statistics.newPostsInserted == 7)
        #expect(harness.engine.source.rowCount == 27)
        // The header's bounce brought the reader to just under the header, and the new posts
        // landing meanwhile did not change that.
        let y = try #require(harness.screenY(ofPost: reading.id))
        #expect(abs(y - LiveArt.barHeight) <= 0.5, "the post read before the pull is under the header: \(y)")
        #expect(harness.engine.updateStatistics.anchorDriftMax <= 0.5)
        #expect(harness.engine.rowsInsertedAbove == 7)
        let pill = try #require(harness.layer(.badge), "the pill shows")
        // Tapping the pill scrolls to the newest post.
        #expect(harness.engine.tapAccessory(at: Point(x: pill.frame.midX, y: pill.frame.midY)))
        harness.step(until: { harness.engine.physics.phase == .idle })
        harness.step(2)
        #expect(harness.engine.contentOffset == 0)
        #expect(harness.layer(.badge) == nil)
        let newest = try await FeedPageFetcher.patient.fetch(fixture.timeline)
        #expect(harness.topPost?.id == newest.posts.first?.id)
        await fixture.stop()
    }

    @Test func newPostsArrivingDuringAFlingKeepItGoing() async throws {
        let fixture = try await LiveFixture(posts: 200, pageSize: 50)
        let harness = try LiveHarness(cache: try Self.primedCache(fixture), source: fixture.timeline) {
            $0.pollInterval = 0.1
        }
        harness.step(4)
        harness.engine.jump(toRow: 10, time: harness.time)
        harness.step(4)
        harness.engine.fling(velocity: 2_500, time: harness.time)
        harness.step(2)
        try fixture.server.addPosts(5)
        harness.step(until: { harness.live.statistics.newPostsInserted == 5 }, limit: 60)
        #expect(harness.live.statistics.newPostsInserted == 5)
        #expect(harness.engine.physics.phase == .decelerating, "the fling goes on")
        #expect(harness.engine.updateStatistics.flingsBrokenByUpdates == 0)
        #expect(harness.engine.updateStatistics.anchorDriftMax <= 0.5)
        #expect(harness.engine.updateStatistics.anchoredUpdates >= 1)
        await fixture.stop()
    }

    @Test func offlineRelaunchShowsTheCacheAtOnceAndMergesWhenTheServerIsBack() async throws {
        let fixture = try await LiveFixture(posts: 80, pageSize: 20)
        let cache = try Self.primedCache(fixture, name: "offline.sqlite")
        let port = try #require(fixture.server.port)
        await fixture.server.stop()
        // Relaunch: a new store handle and a new timeline over it, the server gone.
        let harness = try LiveHarness(cache: try FeedStore(path: cache.path), source: fixture.timeline) {
            $0.refreshesOnOpen = true
            $0.pollInterval = 0.5
        }
        harness.step(2)
        #expect(harness.engine.source.rowCount == 20, "the cached posts, at once")
        harness.step(until: { harness.live.isOffline }, limit: 120)
        harness.step(3)
        #expect(harness.live.isOffline)
        #expect(harness.layer(.badge) != nil, "the offline badge shows")
        #expect(harness.engine.visibleRowsFullyDrawn, "the cached rows are drawn")
        // The server comes back on the same port with new posts; the next poll merges them.
        var configuration = FeedServer.Configuration()
        configuration.pageSize = 20
        configuration.port = port
        let again = FeedServer(store: fixture.server.store, feedFolder: fixture.folder, configuration: configuration)
        try again.addPosts(3)
        _ = try await again.start()
        harness.step(until: { !harness.live.isOffline }, limit: 240)
        #expect(!harness.live.isOffline)
        #expect(harness.live.statistics.newPostsInserted == 3)
        #expect(harness.engine.source.rowCount == 23)
        await again.stop()
        await fixture.stop()
    }

    @Test func aFailedPageShowsTheRetryFooterAndATapRetries() async throws {
        let fixture = try await LiveFixture(posts: 100, pageSize: 20) { configuration in
            configuration.drills.pageFaults = [.init(.invalidJSON, fromPage: 1)]
        }
        let harness = try LiveHarness(cache: try Self.primedCache(fixture), source: fixture.timeline)
        harness.step(2)
        harness.engine.jump(toRow: 19, time: harness.time)
        harness.step(until: {
            if case .failed = harness.live.older { return true }
            return false
        })
        guard case .failed(let reason) = harness.live.older else {
            Issue.record("expected a failed footer, got \(harness.live.older)")
            return await fixture.stop()
        }
        #expect(reason.contains("/timeline"))
        #expect(harness.engine.source.rowCount == 20, "nothing lost")
        harness.engine.fling(velocity: 30_000, time: harness.time)
        harness.step(until: { harness.engine.physics.phase == .idle })
        harness.step(4)
        let footer = try #require(harness.layer(.footer), "the error footer is in view")
        let failures = harness.live.statistics.failures
        #expect(harness.engine.tapAccessory(at: Point(x: footer.frame.midX, y: footer.frame.midY)))
        harness.step(until: { harness.live.statistics.failures > failures })
        #expect(harness.live.statistics.failures == failures + 1, "the tap asked again (and the drill failed it again)")
        await fixture.stop()
    }

    @Test func anImageHostThatStallsLeavesErrorTilesAndTheListScrolling() async throws {
        let fixture = try await LiveFixture(posts: 40, pageSize: 20, images: true) { configuration in
            configuration.drills.imageStall = .init(duration: .seconds(120))
        }
        var images = ImagePipeline.Configuration()
        images.access.feedLocation = fixture.timeline
        images.access.allowedHosts = ["127.0.0.1"]
        images.idleTimeout = 1
        images.totalTimeout = 2
        let pipeline = try ImagePipeline(configuration: images)
        let harness = try LiveHarness(cache: try Self.primedCache(fixture), source: fixture.timeline, images: pipeline)
        // Wall time must pass for the downloads' timeouts: frames at about 120 Hz for ≤ 15 s.
        harness.step(
            until: {
                usleep(8_000)
                return pipeline.statistics.failures > 0 && harness.engine.visibleRowsFullyDrawn
            }, limit: 1_800)
        // The stall lasts 120 s, far past the frames run: only the pipeline's own timeouts end them.
        #expect(pipeline.statistics.failures > 0, "the stalled downloads ended as failures")
        #expect(harness.engine.visibleRowsFullyDrawn, "every row on screen is drawn")
        harness.engine.fling(velocity: 3_000, time: harness.time)
        let before = harness.engine.contentOffset
        harness.step(10)
        #expect(harness.engine.contentOffset > before, "the list keeps moving")
        await fixture.stop()  // mid-stall: the server ends stalled responses on shutdown
    }

    @Test func postsTheServerDeletesLeaveTheListAndStayGoneAfterARelaunch() async throws {
        let fixture = try await LiveFixture(posts: 60, pageSize: 20)
        let cache = try Self.primedCache(fixture, name: "deleting.sqlite")
        let doomed = try cache.posts(in: 3..<4)[0]
        do {
            let harness = try LiveHarness(cache: cache, source: fixture.timeline)
            harness.step(4)
            #expect(harness.engine.source.rowCount == 20)
            try fixture.server.deletePosts([doomed.id])
            harness.live.refresh()
            harness.step(until: { !harness.live.isRefreshing })
            harness.step(3)
            #expect(harness.engine.source.rowCount == 19, "the deleted post's row is gone")
            #expect(harness.engine.heights.rowCount == 19)
            let shown = (0..<19).compactMap { harness.pages.rows.post(atRow: $0)?.id }
            #expect(shown.count == 19 && !shown.contains(doomed.id))
            #expect(harness.live.statistics.postsDropped == 1)
        }
        #expect(try cache.deletedIDs() == [doomed.id], "recorded in the cache")
        // Relaunched over the same cache, offline or not, the post does not come back.
        let again = try LiveHarness(cache: try FeedStore(path: cache.path), source: fixture.timeline)
        again.step(4)
        #expect(again.engine.source.rowCount == 19)
        await fixture.stop()
    }

    @Test func aPostEditedOnTheServerShowsItsNewVersionInPlaceAfterARefresh() async throws {
        let fixture = try await LiveFixture(posts: 60, pageSize: 20)
        let cache = try Self.primedCache(fixture, name: "editing.sqlite")
        let harness = try LiveHarness(cache: cache, source: fixture.timeline)
        harness.step(4)
        let target = try #require(harness.pages.rows.post(atRow: 2))
        let reading = try #require(harness.pages.rows.post(atRow: 1))
        let readingY = try #require(harness.screenY(ofPost: reading.id))
        let edited = try #require(try fixture.server.editPosts([target.id]).first)
        #expect(edited.contentVersion != target.contentVersion)
        harness.live.refresh()
        harness.step(until: { harness.live.statistics.postsUpdated > 0 })
        harness.step(4)
        // (Served posts carry absolute image URLs, so versions differ from the server's copy.)
        #expect(harness.pages.rows.post(atRow: 2)?.text == edited.text, "the new version, same row")
        #expect(harness.pages.rows.post(atRow: 2)?.contentVersion != target.contentVersion)
        #expect(harness.engine.source.rowCount == 20)
        #expect(try cache.post(id: target.id)?.text == edited.text, "stored in place")
        #expect(harness.engine.visibleRowsFullyDrawn)
        #expect(abs((harness.screenY(ofPost: reading.id) ?? -1) - readingY) <= 0.5, "rows above the edit stay")
        await fixture.stop()
    }
}

