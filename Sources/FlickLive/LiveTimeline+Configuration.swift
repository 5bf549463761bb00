extension LiveTimeline {
    /// How the live timeline pages and refreshes; every default with its reason.
    public struct Configuration: Sendable {
        /// Screens of content left below the viewport at which the next older page is asked
        /// for (Texture's `leadingScreensForBatching`); default 2: at 3,000 pt/s on a 667 pt
        /// screen the reader needs about 0.45 s to reach the end, several round trips of a
        /// 50 ms server, so a reader at constant speed never sees the loading footer.
        public var leadingScreensForBatching = 2.0
        /// How far the content must be pulled past its top (points, after rubber banding)
        /// for a release to refresh; default 72: a deliberate pull, about 1.5× the header's
        /// height, never an overscroll from a fling bouncing at the top.
        public var pullThreshold = 72.0
        /// Seconds between background checks for newer posts (on the list's clock); default
        /// 10: new posts reach the pill within seconds without hammering the server. 0 = never.
        public var pollInterval = 10.0
        /// Check for newer posts as soon as the list opens; default true: the cached timeline
        /// shows at once, and the server's news (or the offline state) follows.
        public var refreshesOnOpen = true
        /// Spinner frames per second; default 10 (a turn in 0.8 s), calm but visibly alive.
        public var spinnerFramesPerSecond = 10.0

        public init() {}
    }
}
