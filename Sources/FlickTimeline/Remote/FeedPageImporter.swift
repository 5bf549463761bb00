import Foundation

/// Imports a paged feed into a `FeedStore`: fetches a page, commits it, follows `next`
/// until the end, a loop (a `next` already read) or the page cap. What `flick import URL`
/// runs.
///
/// Failure keeps what was stored: each page is committed on its own, so a bad page (HTTP
/// error, truncated or invalid JSON) throws `Failure` naming that page's URL and carrying
/// the report of the pages committed before it; nothing of theirs is rolled back.
///
/// What a page may lead to (the one policy for links between pages): `next` stays on the
/// origin the import started from — same host and port, `http` or `https` (an upgrade to
/// https is fine) — and a `file:` start reads only `file:` pages. So a page from a server
/// cannot make the importer read a local file or reach another host (the viewer's
/// loopback, its LAN, a cloud metadata address), whatever that host's name resolves to.
/// `Configuration.allowedHosts` widens this explicitly. A refused link throws `Failure`
/// with `.refused`, keeping the pages before it.
///
/// Threading: `run` is `async`; pages are fetched by the `FeedPageFetcher` and written
/// on the calling task (store writes are synchronous disk I/O: call from a task, never
/// from the main actor).
public struct FeedPageImporter: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// Most pages read before stopping with `.pageCap`. Default 10,000: at the server's
        /// default page of 50 posts that is 500,000 posts, far past any real import, while an
        /// endless feed (one that invents a new `next` forever) still ends.
        public var maxPages: Int = 10_000
        /// Warnings kept in the report; more are only counted. Default 1,000.
        public var maxReportedWarnings: Int = 1_000
        /// Hosts (as written in URLs) a page's `next` may lead to besides the start's own.
        /// Default none: a feed paged across hosts is rare, and each host is a place the
        /// feed's server chooses for this machine to connect to.
        public var allowedHosts: Set<String> = []

        public init() {}

        public static let `default` = Configuration()
    }

    /// An import that stopped on an error, with what it had committed until then.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public enum Cause: Sendable {
            case page(FeedPageError)
            case store(FeedStore.Error)
            /// A page's `next` broke the link policy (see `FeedPageImporter`).
            case refused(from: URL, to: URL, rule: String)
        }

        public let cause: Cause
        /// Pages committed before the failure (they stay in the store).
        public let report: PageImportReport

        public var description: String {
            switch cause {
            case .page(let error): error.description
            case .store(let error): error.description
            case .refused(let from, let to, let rule):
                FeedWarning.escaped("the next page of \(from.absoluteString) is \(to.absoluteString), refused: \(rule)")
            }
        }
    }

    public let store: FeedStore
    public let fetcher: FeedPageFetcher
    public let configuration: Configuration

    public init(store: FeedStore, fetcher: FeedPageFetcher, configuration: Configuration = .default) {
        self.store = store
        self.fetcher = fetcher
        self.configuration = configuration
    }

    /// Imports from the page at `url` onwards. `progress` is called after each committed
    /// page with the report so far, on the calling task.
    public func run(
        from url: URL, progress: (PageImportReport) -> Void = { _ in }
    ) async throws(Failure) -> PageImportReport {
        var report = PageImportReport()
        var seenIDs: Set<String> = []
        var visited: Set<String> = []
        var next: URL? = url
        while let pageURL = next {
            if report.pages >= configuration.maxPages {
                report.stop = .pageCap(configuration.maxPages)
                return report
            }
            visited.insert(Self.key(pageURL))
            let page: FeedPage
            do {
                page = try await fetcher.fetch(pageURL)
            } catch {
                throw Failure(cause: .page(error), report: report)
            }
            do {
                try store.importPage(
                    page, seenIDs: &seenIDs, report: &report, maxReportedWarnings: configuration.maxReportedWarnings)
            } catch {
                throw Failure(cause: .store(error), report: report)
            }
            progress(report)
            if let following = page.next, visited.contains(Self.key(following)) {
                report.stop = .loop(from: page.url, to: following)
                return report
            }
            if let following = page.next, let rule = Self.refusal(of: following, start: url, allowedHosts: configuration.allowedHosts) {
                throw Failure(cause: .refused(from: page.url, to: following, rule: rule), report: report)
            }
            next = page.next
        }
        report.stop = .end
        return report
    }

    /// Why a page may not lead to `link` in an import that started at `start`, or nil when it
    /// may (the policy in the type's documentation). Pure; any thread. Public so every client
    /// that follows a page's `next` or `newer` (the live timeline's `FeedClient`) applies the
    /// same policy.
    public static func refusal(of link: URL, start: URL, allowedHosts: Set<String>) -> String? {
        let startScheme = start.scheme?.lowercased() ?? ""
        let scheme = link.scheme?.lowercased() ?? ""
        if startScheme == "file" {
            return scheme == "file" ? nil : "an import from a file follows only file: pages"
        }
        guard scheme == "http" || scheme == "https" else {
            return "a page from a server may only lead to http(s) pages, not \(scheme):"
        }
        let host = link.host?.lowercased() ?? ""
        if allowedHosts.contains(host) { return nil }
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
        let sameHost = host == (start.host?.lowercased() ?? "")
        // http → https on the default ports is the same server upgrading; any other port change is another service.
        let samePort = port(link) == port(start) || (link.port == nil && start.port == nil)
        guard sameHost, samePort else {
            return "pages stay on \(start.host ?? "")\(start.port.map { ":\($0)" } ?? "") where the import started (allowed hosts: \(allowedHosts.isEmpty ? "none" : allowedHosts.sorted().joined(separator: ", ")))"
        }
        return nil
    }

    /// The identity of a page URL for loop detection: the absolute string without a fragment.
    static func key(_ url: URL) -> String {
        var components = URLComponents(url: url.absoluteURL, resolvingAgainstBaseURL: true)
        components?.fragment = nil
        return components?.string ?? url.absoluteString
    }
}
