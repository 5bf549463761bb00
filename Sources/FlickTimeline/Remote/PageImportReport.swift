import Foundation

/// What a paged import (`FeedPageImporter`) did so far: pages read, posts stored or
/// skipped, the first warnings, and why it stopped. A value: a failed import hands back the
/// report of what was committed before the failure.
public struct PageImportReport: Sendable, Hashable {
    /// Why the import stopped following `next`.
    public enum Stop: Sendable, Hashable {
        /// The last page had no `next`.
        case end
        /// A page's `next` pointed at a page already read (a loop); not read again.
        case loop(from: URL, to: URL)
        /// `FeedPageImporter.Configuration.maxPages` pages were read and more remained.
        case pageCap(Int)
    }

    /// A warning about one post (or member) of one page.
    public struct Warning: Sendable, Hashable, CustomStringConvertible {
        public let page: URL
        public let warning: FeedWarning

        public init(page: URL, warning: FeedWarning) {
            self.page = page
            self.warning = warning
        }

        /// `<page URL> post 3: reason`, control characters escaped (safe on a terminal).
        public var description: String {
            FeedWarning.escaped("\(page.absoluteString) \(warning.description)")
        }
    }

    /// Pages read and committed.
    public var pages = 0
    /// Posts new to the store, appended in feed order.
    public var appended = 0
    /// Posts whose id was already stored (before this import); they kept their row and took
    /// the page's content.
    public var updated = 0
    /// Posts left out: broken rules, an id repeated within a page or from an earlier page.
    public var skipped = 0
    /// Posts stored after a repair (also counted in `appended` or `updated`).
    public var repaired = 0
    /// The first warnings (`FeedPageImporter.Configuration.maxReportedWarnings`), in order.
    public var warnings: [Warning] = []
    /// Warnings beyond those kept.
    public var omittedWarnings = 0
    /// Why the import stopped; nil while running or after a failure.
    public var stop: Stop?

    public init() {}

    /// Posts stored by this import: appended plus updated.
    public var imported: Int { appended + updated }

    mutating func warn(_ warning: Warning, limit: Int) {
        if warnings.count < limit { warnings.append(warning) } else { omittedWarnings += 1 }
    }
}
