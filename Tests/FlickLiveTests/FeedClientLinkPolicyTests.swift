import FlickLive
import FlickServer
import FlickTimeline
import Foundation
import FlickTestSupport
import Testing

/// A page cannot send the live client elsewhere: `next` and `newer` follow the import's link
/// policy (`FeedPageImporter.refusal`) from the timeline's origin.
@Suite("Feed client link policy")
@MainActor
struct FeedClientLinkPolicyTests {
    @Test func aFilePagesNextToAServerIsRefusedAndPagingStops() async throws {
        let fixture = try await LiveFixture(posts: 10, pageSize: 10)
        let posts = try fixture.server.store.posts(in: 0..<10)
        let page = fixture.folder.appendingPathComponent("page-1.json")
        // A local page whose `next` points at a server (here the fixture's own, which would answer).
        let elsewhere = fixture.timeline.absoluteString + "?before=\(posts[9].id)"
        try FeedEncoder().encodePage(posts: posts, next: elsewhere, newer: nil).write(to: page)
        let cache = try fixture.cache()
        let client = FeedClient(store: cache, source: page, fetcher: .patient)
        let landings = FeedClientTests.run(client, .older)
        guard case .older(let appended, _, let warnings, let reachedEnd) = try #require(landings.first) else {
            Issue.record("unexpected \(landings)")
            return await fixture.stop()
        }
        #expect(appended.count == 10, "the page itself is read")
        #expect(reachedEnd, "paging stops at the refused link")
        #expect(warnings.contains { $0.reason.contains("refused") && $0.reason.contains("127.0.0.1") }, "\(warnings)")
        #expect(try cache.pagingState().older == nil, "the refused link is not saved for later")
        #expect(client.loadOlder() == true)
        client.waitUntilIdle()
        #expect(try cache.count() == 10, "nothing was fetched from the other origin")
        await fixture.stop()
    }

    @Test func bidirectionalOverridesAreEscapedLikeControls() {
        #expect(FeedWarning.escaped("a\u{202E}b\u{2066}c\u{1B}[2J") == "a\\u{202e}b\\u{2066}c\\u{1b}[2J")
    }
}
