import FlickTimeline

extension FeedPageFetcher.Configuration {
    /// The defaults with timeouts of minutes: for the tests against a loopback server that are
    /// not about timeouts (those set their own). The test process runs synchronous suites on
    /// Swift's cooperative threads (two on this machine) beside the server's async handlers;
    /// once, in a clean-clone CI run, every task of the process waited about 10 s, and four
    /// drill tests failed their first fetch with the 10 s idle timeout although the server had
    /// answered.
    public static var patient: Self {
        var configuration = Self()
        configuration.idleTimeout = 120
        configuration.totalTimeout = 240
        return configuration
    }
}

extension FeedPageFetcher {
    /// A fetcher with `Configuration.patient`.
    public static var patient: FeedPageFetcher { FeedPageFetcher(configuration: .patient) }
}
