import Dispatch
import FlickCore
import FlickTimeline
import Foundation

/// Pages a remote timeline into a `FeedStore`, the offline cache: older pages appended after
/// the stored posts (following each page's `next`), newer posts prepended on top (following
/// `newer`), known ids updated by version, repeated posts kept once. The paging state is
/// saved with every page, so a relaunch goes on where the last run stopped.
///
/// Threads: `loadOlder()` and `loadNewer()` return at once (any thread; the list calls them
/// on the main thread); each runs as a task that fetches with `FeedPageFetcher` and writes the
/// store on the task's thread, then posts one `PageLanding` per page to a mailbox the main
/// thread drains with `takeLandings()`. At most one request per direction is in flight.
public final class FeedClient: Sendable {
    /// Limits of one client; every default with its reason.
    public struct Configuration: Sendable {
        /// Newer pages fetched in a row by one `loadNewer()` before it stops (the rest waits for
        /// the next refresh); default 10: with 20-post pages, 200 new posts — more than a reader
        /// catches up on — without one refresh running unbounded against a fire hose.
        public var maxNewerPagesPerLoad = 10
        /// Older pages one session follows at most; default 100,000 (a cap against a server
        /// whose `next` never ends, far past any reader's scrolling).
        public var maxOlderPages = 100_000
        /// Stored posts tried as the cursor when the server no longer knows the one it gave
        /// (deleted between two pages); default 5: several deletions in a row at the end of
        /// what is stored, and at most 5 extra requests when the server is just failing.
        public var cursorFallbacks = 5
        /// Hosts a page's `next` and `newer` may lead to besides the timeline's own origin;
        /// default none: a page from a server cannot send the client to another host, to a
        /// local file or to the reader's loopback or LAN (`FeedPageImporter.refusal`).
        public var allowedHosts: Set<String> = []

        public init() {}
    }

    public let store: FeedStore
    /// The timeline's first-page URL (newest posts); nil: page only from the saved state.
    public let source: URL?
    public let configuration: Configuration
    private let fetcher: FeedPageFetcher
    private let mailbox = Mailbox<PageLanding>()
    private let inFlight = LockedBox<Set<PagingDirection>>([])
    /// Older-page URLs requested this session: a `next` pointing back at one is a loop.
    private let visited = LockedBox<Set<String>>([])
    private let running = DispatchGroup()

    public init(store: FeedStore, source: URL?, fetcher: FeedPageFetcher = FeedPageFetcher(), configuration: Configuration = Configuration()) {
        self.store = store
        self.source = source
        self.fetcher = fetcher
        self.configuration = configuration
    }

    /// Whether a request in `direction` is running.
    public func isLoading(_ direction: PagingDirection) -> Bool { inFlight.withLock { $0.contains(direction) } }

    /// Whether older pages may remain (the saved state has a `next`, or nothing was paged yet).
    public func mayHaveOlderPages() -> Bool {
        guard let state = try? store.pagingState() else { return false }
        return !state.reachedEnd
    }

    /// Asks for the next older page unless one is in flight; false when none was started
    /// (one running, or the end reached).
    @discardableResult
    public func loadOlder() -> Bool {
        start(.older) { client in await client.fetchOlder() }
    }

    /// Asks for posts newer than the newest stored (one page after another until caught up,
    /// at most `maxNewerPagesPerLoad`) unless a refresh is in flight.
    @discardableResult
    public func loadNewer() -> Bool {
        start(.newer) { client in await client.fetchNewer() }
    }

    /// The landings since the last call, in the order they happened. Main thread.
    public func takeLandings() -> [PageLanding] { mailbox.takeAll() }

    /// Blocks until no request is running (tests, tools, lockstep; never on the main thread
    /// of an interactive loop).
    public func waitUntilIdle() { running.wait() }

    // MARK: Requests (task threads)

    private func start(_ direction: PagingDirection, _ work: @escaping @Sendable (FeedClient) async -> Void) -> Bool {
        let started = inFlight.withLock { $0.insert(direction).inserted }
        guard started else { return false }
        running.enter()
        Task.detached(priority: .utility) { [self] in
            await work(self)
            inFlight.withLock { _ = $0.remove(direction) }
            running.leave()
        }
        return true
    }

    private func land(_ landing: PageLanding) { mailbox.post(landing) }

    /// Records and lands the ids `page` says were deleted (none: nothing).
    private func noteDeletions(of page: FeedPage) {
        guard !page.deleted.isEmpty else { return }
        try? store.markDeleted(page.deleted)
        land(.deleted(ids: page.deleted))
    }

    private func fetchOlder() async {
        let state: FeedStore.PagingState
        let count: Int
        do {
            state = try store.pagingState()
            count = try store.count()
        } catch {
            return land(.failed(.older, reason: "\(error)", isOffline: false))
        }
        guard !state.reachedEnd else { return }
        let url: URL
        if let older = state.older.flatMap(URL.init(string:)) {
            url = older
        } else if count == 0, let source {
            url = source
        } else {
            return land(.older(appended: [], updated: [], warnings: [], reachedEnd: true))
        }
        let looped = visited.withLock { visited in
            visited.count >= configuration.maxOlderPages || visited.contains(url.absoluteString)
        }
        if looped {
            let warning = FeedWarning(postIndex: nil, reason: "\"next\" leads back to \(FeedWarning.escaped(url.absoluteString)), already read: paging stops")
            try? store.setPagingState(FeedStore.PagingState(source: state.source, older: nil, newer: state.newer, reachedEnd: true))
            return land(.older(appended: [], updated: [], warnings: [warning], reachedEnd: true))
        }
        do {
            let page = try await fetchOlderPage(url, storedCount: count)
            // Read once: a failed request may be retried, a page read twice is a loop.
            visited.withLock { _ = $0.insert(url.absoluteString) }
            let source = self.source?.absoluteString
            let (next, refused) = permitted(page.next, from: url)
            let outcome = try store.appendPage(page.posts) { state in
                state.older = next?.absoluteString
                state.reachedEnd = next == nil
                if state.newer == nil { state.newer = page.newer?.absoluteString }
                if state.source == nil { state.source = source }
            }
            noteDeletions(of: page)
            land(.older(appended: outcome.appended, updated: outcome.updated, warnings: page.warnings + refused, reachedEnd: next == nil))
        } catch let error as FeedPageError {
            land(.failed(.older, reason: error.description, isOffline: Self.isOffline(error)))
        } catch {
            land(.failed(.older, reason: "\(error)", isOffline: false))
        }
    }

    /// `link` if the page at `page` may lead there (the import's link policy, from the
    /// timeline's first page, or the page itself when there is none), else nil and a warning
    /// naming the refused link: paging stops there.
    private func permitted(_ link: URL?, from page: URL) -> (URL?, [FeedWarning]) {
        guard let link else { return (nil, []) }
        guard let reason = FeedPageImporter.refusal(of: link, start: source ?? page, allowedHosts: configuration.allowedHosts) else {
            return (link, [])
        }
        return (nil, [FeedWarning(postIndex: nil, reason: "link \(FeedWarning.escaped(link.absoluteString)) refused: \(reason)")])
    }

    /// Fetches the older page at `url`; when the server no longer knows its cursor (a 4xx
    /// for a `before=` URL: the post it names was deleted between two pages), asks again from
    /// each of the last few stored posts instead, newest of them last, so the page after the
    /// deleted post still comes (repeats are stored once).
    private func fetchOlderPage(_ url: URL, storedCount: Int) async throws(FeedPageError) -> FeedPage {
        do {
            return try await fetcher.fetch(url)
        } catch let error {
            guard case .httpStatus(_, 400..<500, _) = error, storedCount > 0,
                var parts = URLComponents(url: url, resolvingAgainstBaseURL: true),
                let cursor = parts.queryItems?.firstIndex(where: { $0.name == "before" }),
                let stored = try? store.posts(in: max(0, storedCount - configuration.cursorFallbacks - 1)..<storedCount)
            else { throw error }
            let failed = parts.queryItems?[cursor].value
            for post in stored.reversed() where post.id != failed {
                parts.queryItems?[cursor].value = post.id
                guard let fallback = parts.url else { continue }
                if let page = try? await fetcher.fetch(fallback) { return page }
            }
            throw error
        }
    }

    private func fetchNewer() async {
        for _ in 0..<max(1, configuration.maxNewerPagesPerLoad) {
            let state: FeedStore.PagingState
            do {
                state = try store.pagingState()
            } catch {
                return land(.failed(.newer, reason: "\(error)", isOffline: false))
            }
            // Nothing paged yet: the first page (the newest posts) comes as the first older page.
            guard let url = state.newer.flatMap(URL.init(string:)) else { return }
            do {
                let page = try await fetcher.fetch(url)
                let (newer, refused) = permitted(page.newer, from: url)
                let outcome = try store.prependPage(page.posts) { state in
                    if let newer { state.newer = newer.absoluteString }
                }
                noteDeletions(of: page)
                let caughtUp = outcome.inserted.isEmpty || newer == nil || newer == url
                land(.newer(inserted: outcome.inserted, updated: outcome.updated, warnings: page.warnings + refused, caughtUp: caughtUp))
                if caughtUp { return await fetchTopForEdits() }
            } catch let error as FeedPageError {
                return land(.failed(.newer, reason: error.description, isOffline: Self.isOffline(error)))
            } catch {
                return land(.failed(.newer, reason: "\(error)", isOffline: false))
            }
        }
    }

    /// Reads the newest page again once caught up: posts edited near the top come back with
    /// new versions (stored in place and landed as updates), deletions with the page.
    private func fetchTopForEdits() async {
        guard let source, let page = try? await fetcher.fetch(source) else { return }
        noteDeletions(of: page)
        guard let updated = try? store.updateKnownPosts(page.posts), !updated.isEmpty else { return }
        land(.newer(inserted: [], updated: updated, warnings: [], caughtUp: true))
    }

    /// Whether `error` means the server was not reached (offline), not that it answered badly.
    static func isOffline(_ error: FeedPageError) -> Bool {
        switch error {
        case .transport, .idleTimeout: true
        default: false
        }
    }
}
