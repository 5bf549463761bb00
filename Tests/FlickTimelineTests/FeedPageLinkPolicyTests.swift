import Foundation
import FlickTestSupport
import Testing
@testable import FlickTimeline

/// What a page's `next` may lead to in an import: the start's origin only (file pages from a
/// file, the same host and port from a server), unless a host is allowed explicitly.
@Suite("Feed page imports, link policy")
struct FeedPageLinkPolicyTests {
    let directory = ScratchDirectory()

    func refusal(_ link: String, start: String, allowed: Set<String> = []) -> String? {
        FeedPageImporter.refusal(of: URL(string: link)!, start: URL(string: start)!, allowedHosts: allowed)
    }

    @Test func pagesStayOnTheOriginTheImportStartedFrom() {
        let start = "https://feeds.example.com/timeline"
        #expect(refusal("https://feeds.example.com/timeline?before=9", start: start) == nil)
        #expect(refusal("http://feeds.example.com/timeline?before=9", start: "http://feeds.example.com/t") == nil)
        #expect(refusal("https://feeds.example.com/p2", start: "http://feeds.example.com/t") == nil, "an upgrade to https")
        #expect(refusal("http://127.0.0.1:8080/p2", start: "http://127.0.0.1:8080/timeline") == nil, "a loopback start is the user's choice")
        for link in [
            "file:///etc/passwd", "http://127.0.0.1/p2", "http://169.254.169.254/latest/meta-data/", "http://10.0.0.5/p2",
            "http://intranet.lan/p2", "http://feeds.example.com:6379/p2", "ftp://feeds.example.com/p2",
        ] {
            #expect(refusal(link, start: start) != nil, "\(link)")
        }
        #expect(refusal("http://mirror.example.com/p2", start: start, allowed: ["mirror.example.com"]) == nil)
        #expect(refusal("file:///data/p2.json", start: "file:///data/p1.json") == nil)
        #expect(refusal("http://127.0.0.1:9/p2", start: "file:///data/p1.json") != nil)
    }

    /// Before: the importer followed a file page's `next` to any host (here a closed port on
    /// loopback), and the failure was a transport error, not a refusal.
    @Test func aRefusedLinkStopsTheImportKeepingThePagesBefore() async throws {
        let page = directory.file(
            "p1.json", contents: DataFixtures.feedJSON([DataFixtures.postJSON(id: "a")], extra: #","next":"http://127.0.0.1:9/p2""#))
        let store = try FeedStore(path: directory.path("pages.sqlite"))
        let importer = FeedPageImporter(store: store, fetcher: FeedPageFetcher.patient)
        do {
            _ = try await importer.run(from: page)
            Issue.record("the import followed a refused link")
        } catch {
            guard case .refused(let from, let to, let rule) = error.cause else {
                Issue.record("expected a refusal, got \(error)")
                return
            }
            #expect(from == page && to.absoluteString == "http://127.0.0.1:9/p2" && rule.contains("file"))
            #expect(error.report.pages == 1 && error.report.imported == 1)
            #expect("\(error)".contains("refused"))
        }
        #expect(try store.count() == 1)
    }
}
