import Dispatch
import Flick
import FlickCore
import FlickList
import FlickRaster
import FlickText
import FlickTimeline

/// A timeline that lives: a list engine over the cache store, kept in step with a server by a
/// `FeedClient`. It asks for the next older page when the reader nears the end (batch
/// fetching), refreshes on a pull past the top and in the background, inserts newer posts on
/// top with the engine's anchoring (what the reader reads does not move; a "N new posts" pill
/// counts them and scrolls to the top when tapped), and shows the paging state in a footer
/// (loading, "tap to retry", the end) and an offline badge while the server is unreachable.
///
/// Main thread: it hooks the engine's `beforeFrame` and `onAccessoryTap`, drains the client's
/// landings each frame and applies them as list changes. Its art (footer, header, pill) is
/// drawn on the engine's pool and placed when ready.
@MainActor
public final class LiveTimeline {
    /// The older-page state the footer shows.
    public enum OlderState: Sendable, Hashable {
        /// More may come; none asked for yet.
        case idle
        case loading
        /// The last request failed; a tap on the footer retries.
        case failed(reason: String)
        /// The oldest post is shown.
        case end
    }

    /// Skipped-post warnings kept in `statistics`, newest last.
    public static let maxWarningsKept = 100
    /// Batch-fetch latencies kept in `statistics` (a day of paging), newest last.
    public static let maxSamplesKept = 10_000

    /// The engine shown now (`attach(to:)` moves to a rebuilt one).
    public private(set) var engine: ListEngine<CellSource<String>>
    /// The timeline's pages (the list's rows): landings change them, then the engine is told.
    public let pages: TimelinePages
    public let client: FeedClient
    public let configuration: Configuration
    public internal(set) var statistics = LiveStatistics()
    public internal(set) var older: OlderState {
        didSet { engine.source.rowCountIsFinal = older == .end }
    }
    /// Whether a pull-started refresh is running (the header is held open).
    public internal(set) var isRefreshing = false
    /// Whether the last request could not reach the server (the cached timeline is shown).
    public internal(set) var isOffline = false
    var art: LiveArtCache
    /// Posts the server deleted (from the store's tombstones and later pages): their rows are
    /// dropped as they come near the viewport.
    var deletedIDs: Set<String>
    /// Landings taken from the client but not applied yet (held through a bounce).
    private var held: [PageLanding] = []
    /// A pull past the threshold, waiting for the finger to lift.
    private var armed = false
    private var lastPoll: Double?
    /// When the batch-fetch threshold was crossed for the request in flight (wall clock, ns).
    var crossedAt: UInt64?

    /// - Parameters:
    ///   - engine: an engine of a `CellList` over `pages`.
    ///   - pagingState: the store's saved state (`FeedStore.pagingState()`), read by the
    ///     caller where it opened the store.
    public init(
        engine: ListEngine<CellSource<String>>, pages: TimelinePages, client: FeedClient, pagingState: FeedStore.PagingState,
        configuration: Configuration = Configuration()
    ) {
        self.engine = engine
        self.pages = pages
        self.client = client
        self.configuration = configuration
        older = pagingState.reachedEnd ? .end : .idle
        // One small read at construction (≤ maxDeletedIDs ids): rows deleted while the app was
        // closed must not show in the first frames.
        deletedIDs = (try? client.store.deletedIDs()) ?? []
        art = LiveArtCache(pool: engine.pool)
        attach(to: engine)
    }

    /// Drives `engine` from now on (a window rebuilt its engine for a new size or pipeline,
    /// over the same pages): the old one is let go, the new one gets the hooks and the
    /// accessories at its next frame. Main thread.
    public func attach(to engine: ListEngine<CellSource<String>>) {
        if self.engine !== engine {
            self.engine.beforeFrame = nil
            self.engine.onAccessoryTap = nil
            self.engine = engine
            art = LiveArtCache(pool: engine.pool)
        }
        engine.beforeFrame = { [weak self] time in self?.tick(at: time) }
        engine.onAccessoryTap = { [weak self] placement in self?.tapped(placement) }
        engine.source.rowCountIsFinal = older == .end
        if isRefreshing { engine.holdsHeaderOpen = true }
    }

    /// Rows in the list now.
    public var rowCount: Int { pages.rowCount }

    /// Starts a refresh as a pull would (a key, a menu item). Main thread.
    public func refresh() {
        guard !isRefreshing else { return }
        isRefreshing = true
        engine.holdsHeaderOpen = true
        client.loadNewer()
    }

    /// Retries a failed older page (what a tap on the footer does).
    public func retryOlder() {
        guard case .failed = older else { return }
        older = .idle
        requestOlder()
    }

    /// Blocks until the client's requests finished (tests, lockstep tools).
    public func waitForRequests() { client.waitUntilIdle() }

    // MARK: Each frame

    /// Runs at the start of each engine frame: lands finished pages, then looks at the scroll
    /// (batch fetching, pull to refresh, polling) and updates the accessories.
    func tick(at time: Double) {
        // Landings wait out a bounce (a refresh header settling): inserted above a spring, the
        // content would coast on from where the spring had it instead of settling.
        held += client.takeLandings()
        let landings = engine.physics.phase == .bouncing ? [] : held
        if !landings.isEmpty { held.removeAll() }
        for landing in landings { apply(landing) }
        dropDeletedRows()
        if engine.physics.phase == .dragging {
            armed = engine.pullDistance >= configuration.pullThreshold
        } else if armed {
            armed = false
            statistics.pullRefreshes += 1
            refresh()
        }
        // Rows a landing added reach the height index later in this frame: measure next frame.
        if landings.isEmpty, shouldFetchOlder { requestOlder() }
        if let last = lastPoll {
            if configuration.pollInterval > 0, time - last >= configuration.pollInterval {
                lastPoll = time
                client.loadNewer()
            }
        } else {
            lastPoll = time
            if configuration.refreshesOnOpen { client.loadNewer() }
        }
        updateAccessories(time: time)
        requestFrames(after: time)
    }

    /// Asks a host at rest for the frames the clock needs: the next poll, and the next spinner
    /// phase while a spinner is on screen.
    private func requestFrames(after time: Double) {
        if configuration.pollInterval > 0, let last = lastPoll { engine.requestFrame(at: last + configuration.pollInterval) }
        let spinning = engine.compositor.layers.contains { layer in
            switch layer.role {
            case .accessory(.footer): older == .idle || older == .loading
            case .accessory(.header): isRefreshing
            default: false
            }
        }
        if spinning {
            let rate = configuration.spinnerFramesPerSecond
            engine.requestFrame(at: ((time * rate).rounded(.down) + 1) / rate)
        }
    }

    /// Whether the reader is within `leadingScreensForBatching` screens of the end with more
    /// to load and nothing loading.
    private var shouldFetchOlder: Bool {
        guard older == .idle else { return false }
        let viewport = engine.viewport.height
        let remaining = engine.heights.totalHeight - (engine.contentOffset + viewport)
        return remaining <= configuration.leadingScreensForBatching * viewport
    }

    private func requestOlder() {
        guard client.loadOlder() else { return }
        older = .loading
        crossedAt = DispatchTime.now().uptimeNanoseconds
    }

    private func tapped(_ placement: ListAccessory.Placement) {
        switch placement {
        case .footer: retryOlder()
        case .badge where engine.rowsInsertedAbove > 0 && !isOffline:
            engine.scrollToTop(time: engine.physics.time)
            engine.clearRowsInsertedAbove()
        case .badge, .header: break
        }
    }
}

extension LiveTimeline: ListPaging {
    public var pageRequestsEnded: Int { statistics.pagesLoaded + statistics.failures }
    public var isLoadingPage: Bool { client.isLoading(.older) || client.isLoading(.newer) }
}
