import Foundation
import GRDB

extension FeedStore {
    /// Stores one fetched page of a paged import in one transaction: posts new to the store
    /// are appended in page order, posts already stored before this import are updated in
    /// place (`upsert`), and posts this import already stored from an earlier page (a server
    /// repeating posts across pages) are skipped with a warning. `seenIDs` carries the ids
    /// stored so far by this import from page to page; `report` is added to.
    ///
    /// A page is all or nothing: a store error rolls this page back and leaves every earlier
    /// page committed. Runs on the calling thread (a task of the import; a 200-post page
    /// commits in a few milliseconds).
    public func importPage(
        _ page: FeedPage, seenIDs: inout Set<String>, report: inout PageImportReport, maxReportedWarnings: Int
    ) throws(Error) {
        let limit = maxReportedWarnings
        var pageReport = report
        var pageSeen = seenIDs
        for warning in page.warnings {
            if warning.postIndex != nil {
                if warning.effect == .repaired { pageReport.repaired += 1 } else { pageReport.skipped += 1 }
            }
            pageReport.warn(.init(page: page.url, warning: warning), limit: limit)
        }
        try performWrite("importing the page \(page.url.absoluteString)") {
            try pool.write { db in
                for (index, post) in page.posts.enumerated() {
                    guard pageSeen.insert(post.id).inserted else {
                        pageReport.skipped += 1
                        let shown = FeedWarning.escaped(String(post.id.prefix(48)))
                        let reason = "post \"\(shown)\" repeats a post of an earlier page; skipped"
                        pageReport.warn(.init(page: page.url, warning: FeedWarning(postIndex: index, reason: reason)), limit: limit)
                        continue
                    }
                    switch try upsert(post, in: db) {
                    case .inserted: pageReport.appended += 1
                    case .updated, .unchanged: pageReport.updated += 1
                    }
                }
            }
        }
        pageReport.pages += 1
        report = pageReport
        seenIDs = pageSeen
    }
}
