/// What the live timeline did, for the report, the HUD and tests. Plain value.
public struct LiveStatistics: Sendable, Hashable {
    /// Pages stored and shown (older and newer).
    public var pagesLoaded = 0
    /// Rows inserted on top (newer posts).
    public var newPostsInserted = 0
    /// Rows appended at the end (older pages).
    public var olderPostsAppended = 0
    /// Known posts shown with new content.
    public var postsUpdated = 0
    /// Rows of posts the server deleted, dropped from the list.
    public var postsDropped = 0
    /// Requests that failed (either direction).
    public var failures = 0
    /// Refreshes started by a pull.
    public var pullRefreshes = 0
    /// Posts a page skipped, with the reason (the most recent `LiveTimeline.maxWarningsKept`).
    public var warnings: [String] = []
    /// Wall-clock milliseconds from each crossing of the batch-fetch threshold to its page's
    /// rows being in the list.
    public var batchFetchMilliseconds: [Double] = []
    /// Frames that showed the loading footer (the reader reached the end before the page).
    public var loadingFooterFrames = 0

    public init() {}
}
