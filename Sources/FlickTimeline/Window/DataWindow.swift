import Dispatch
import FlickCore

/// Data virtualization (seed "数据虚拟化"): keeps only the posts around the rows the list
/// asks for in memory, loads pages from a store in the background, and drops the pages
/// furthest from the latest request once `Configuration.maxResidentPages` are held.
///
/// Threading: every method is safe on any thread and never blocks on I/O except
/// `waitUntilIdle()`. `request`, `prefetch` and `post(at:)` are meant for the main thread
/// (the list calls them each frame): they take a lock for microseconds and hand reads to the
/// loading executor, a serial queue the window creates unless one is injected. Events are
/// delivered on the caller's `callbackQueue`.
///
/// ```swift
/// let window = try DataWindow(store: store, callbackQueue: .main) { event in
///     if case .loaded(let rows) = event { list.reload(rows) }
/// }
/// window.request(rows: visibleRows)            // each frame
/// window.prefetch(around: predictedLandingRow) // when a fling starts
/// let post = window.post(at: 1234)             // nil: draw a placeholder
/// ```
public final class DataWindow: Sendable {
    /// Runs a load somewhere off the main thread.
    public typealias Executor = @Sendable (@escaping @Sendable () -> Void) -> Void

    public let configuration: Configuration
    private let loader: any PostRangeLoading
    private let executor: Executor
    private let callbackQueue: DispatchQueue
    private let onEvent: (@Sendable (Event) -> Void)?
    private let table: LockedBox<PageTable>
    private let statistics = LockedBox(Statistics())
    private let outstanding = DispatchGroup()

    /// - Parameters:
    ///   - loader: where pages come from (a `FeedStore`).
    ///   - rowCount: rows in the timeline; `reset(rowCount:)` changes it.
    ///   - executor: runs each page load; default: a serial queue of `configuration.qos`.
    ///   - callbackQueue: where `onEvent` is called. Default main.
    ///   - onEvent: told when a page loaded or failed.
    public init(
        loader: some PostRangeLoading, rowCount: Int, configuration: Configuration = .default,
        executor: Executor? = nil, callbackQueue: DispatchQueue = .main,
        onEvent: (@Sendable (Event) -> Void)? = nil
    ) {
        self.loader = loader
        self.configuration = configuration
        self.callbackQueue = callbackQueue
        self.onEvent = onEvent
        table = LockedBox(
            PageTable(pageSize: configuration.pageSize, maxPages: configuration.maxResidentPages, rowCount: rowCount))
        if let executor {
            self.executor = executor
        } else {
            let queue = DispatchQueue(label: "flick.datawindow", qos: configuration.qos)
            // Loads asked for during a frame start after it (`HeldWakes`).
            self.executor = { work in HeldWakes.wake { queue.async(execute: work) } }
        }
    }

    /// A window over `store`, reading its row count on the calling thread (one cheap query;
    /// do it on a worker or at startup).
    public convenience init(
        store: FeedStore, configuration: Configuration = .default, executor: Executor? = nil,
        callbackQueue: DispatchQueue = .main, onEvent: (@Sendable (Event) -> Void)? = nil
    ) throws(FeedStore.Error) {
        self.init(
            loader: store, rowCount: try store.count(), configuration: configuration, executor: executor,
            callbackQueue: callbackQueue, onEvent: onEvent)
    }

    /// Rows in the timeline as the window knows it.
    public var rowCount: Int { table.withLock { $0.rowCount } }

    /// Makes `rows` (usually the visible rows plus a margin) resident: starts loads for their
    /// missing pages, nearest the middle first, and evicts pages furthest from them when over
    /// capacity. Loads of evicted pages are cancelled or dropped. Returns at once.
    public func request(rows: Range<Int>) {
        submit(table.withLock { $0.want(rows, prefetch: false) })
    }

    /// Loads the rows within `radius` of `targetRow` (a predicted fling landing row) before
    /// the list gets there. Pages near both the latest request and the latest prefetch are
    /// kept; others go first. Returns at once.
    public func prefetch(around targetRow: Int, radius: Int? = nil) {
        let radius = max(0, radius ?? configuration.prefetchRadius)
        let lower = targetRow > Int.min + radius ? targetRow - radius : Int.min
        let upper = targetRow < Int.max - radius ? targetRow + radius + 1 : Int.max
        submit(table.withLock { $0.want(lower..<upper, prefetch: true) })
    }

    /// The post at `row` when resident; nil means "not loaded, draw a placeholder".
    public func post(at row: Int) -> Post? {
        table.withLock { $0.post(at: row) }
    }

    /// The rows of the latest `request`, as asked; nil before the first.
    public var lastRequestedRows: Range<Int>? { table.withLock { $0.lastRequestedRows } }

    /// The rows of every page in memory now, one range per page.
    public var residentRows: [Range<Int>] { table.withLock { $0.residentRows } }

    /// Posts in memory now; never more than `configuration.capacity`.
    public var residentCount: Int { table.withLock { $0.residentCount } }

    /// Pages with a load in flight.
    public var loadingPageCount: Int { table.withLock { $0.loadingPageCount } }

    /// Load counters since the window was made.
    public var loadStatistics: Statistics { statistics.value }

    /// Reloads the resident rows among `rows` (after `FeedStore.upsert` edited them); the old
    /// posts stay visible until the new ones arrive.
    public func refresh(rows: Range<Int>) {
        submit(table.withLock { $0.refresh(rows) })
    }

    /// Rows were appended at the end (an older page stored): loaded pages stay; the last one,
    /// if it was short, loads again at the next request. Any thread.
    public func extend(rowCount: Int) {
        table.withLock { $0.extend(rowCount: rowCount) }
    }

    /// Forgets every page (loads in flight are dropped) and adopts `rowCount`, e.g. after an
    /// import appended rows; the latest request is then made again.
    public func reset(rowCount: Int) {
        let loads = table.withLock { table -> [PageTable.Load] in
            table.reset(rowCount: rowCount)
            guard let rows = table.lastRequestedRows else { return [] }
            return table.want(rows, prefetch: false)
        }
        submit(loads)
    }

    /// Blocks until every load started so far has finished and its event was delivered.
    /// For tests and tools; never call it on the callback queue (the events wait for it).
    public func waitUntilIdle() {
        outstanding.wait()
    }

    private func submit(_ loads: [PageTable.Load]) {
        guard !loads.isEmpty else { return }
        statistics.withLock { $0.submitted += loads.count }
        for load in loads {
            outstanding.enter()
            executor { [self] in
                run(load)
                outstanding.leave()
            }
        }
    }

    /// On the loading executor: read the page unless it stopped being wanted, then store it
    /// unless it stopped being wanted while reading.
    private func run(_ load: PageTable.Load) {
        guard table.withLock({ $0.isPending(load) }) else {
            statistics.withLock { $0.cancelled += 1 }
            return
        }
        let event: Event?
        do {
            let posts = try loader.posts(in: load.rows)
            let accepted = table.withLock { $0.complete(load, posts: posts) }
            statistics.withLock { accepted ? ($0.completed += 1) : ($0.dropped += 1) }
            event = accepted ? .loaded(rows: load.rows) : nil
        } catch {
            let current = table.withLock { $0.fail(load) }
            statistics.withLock { $0.failed += 1 }
            event = current ? .failed(rows: load.rows, error: error) : nil
        }
        guard let event, let onEvent else {
            FrameWake.shared.signal()  // the page is in the table: a host at rest shows it
            return
        }
        outstanding.enter()
        callbackQueue.async { [outstanding] in
            onEvent(event)
            FrameWake.shared.signal()
            outstanding.leave()
        }
    }
}
