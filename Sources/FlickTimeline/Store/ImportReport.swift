/// What `FeedStore.importFeed(from:)` did.
public struct ImportReport: Sendable, Hashable {
    /// Posts appended at the end of the timeline, in feed order.
    public var appended: Int = 0
    /// Posts whose id was already stored; each kept its row and got the new content.
    public var updated: Int = 0
    /// Posts skipped (broken rule, duplicate id within the feed, oversized).
    public var skipped: Int = 0
    /// Posts stored after a repair (a lone surrogate replaced); each has a `.repaired` warning.
    /// Also counted in `appended` or `updated`.
    public var repaired: Int = 0
    /// Rows the appended posts occupy.
    public var appendedRows: Range<Int> = 0..<0
    /// The feed's next-page URL.
    public var next: String?
    /// The first `Configuration.maxReportedWarnings` warnings, in feed order.
    public var warnings: [FeedWarning] = []
    /// Warnings beyond those kept.
    public var omittedWarnings: Int = 0

    public init() {}

    /// Posts the feed held, valid or not.
    public var total: Int { appended + updated + skipped }

    mutating func warn(_ warning: FeedWarning, limit: Int) {
        if warnings.count < limit { warnings.append(warning) } else { omittedWarnings += 1 }
    }
}
