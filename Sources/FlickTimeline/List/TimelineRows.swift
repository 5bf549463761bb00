import Dispatch
import FlickCore
import FlickList

/// The timeline's posts in memory, read ahead of the scroll (seed 004 §4, "数据虚拟化"): a
/// `DataWindow` over the feed store that the list fills from the rows it will want soon, plus
/// what each page tells the list before its rows are laid out — their kinds, and the heights
/// an earlier run persisted for the current width.
///
/// Threads: `prepare`, `takeHints` and `restartHints` run on the main thread and return at
/// once; `post(at:)` runs on layout workers; pages load on the data window's own queue, and
/// hints for pages already in memory are gathered again on a private serial queue.
public final class TimelineRows: Sendable {
    /// Counters for tests, overlays and the benchmark.
    public struct Statistics: Sendable, Hashable {
        /// Layouts that found their post in the data window.
        public var windowHits = 0
        /// Layouts that had to read their post from the store themselves (page not loaded yet).
        public var directReads = 0
    }

    public let window: DataWindow
    private let hints: RowHintCollector
    private let statistics = LockedBox(Statistics())
    private let restartRequested = LockedBox(true)
    private let rehintQueue = DispatchQueue(label: "flick.timeline.hints", qos: .userInitiated)

    /// - Parameters:
    ///   - environmentKey: the persisted-height key for a width and scale (`PostLayouter`).
    public init(
        store: FeedStore, rowCount: Int, configuration: DataWindow.Configuration = .default,
        environmentKey: @escaping @Sendable (Double, DisplayScale) -> String
    ) {
        let hints = RowHintCollector(store: store, environmentKey: environmentKey)
        self.hints = hints
        window = DataWindow(
            loader: HintingLoader(store: store, hints: hints), rowCount: rowCount, configuration: configuration)
    }

    /// Counters since the rows were made.
    public var stats: Statistics { statistics.value }

    /// The post at `row` if its page is in memory, counted as a hit or a miss. Layout worker.
    public func post(at row: Int) -> Post? {
        let post = window.post(at: row)
        statistics.withLock { post == nil ? ($0.directReads += 1) : ($0.windowHits += 1) }
        return post
    }

    /// Loads the pages the list will want: the preload range, or during a fast fling the rows
    /// on screen now plus the landing zone. After a new width or scale, or a restart, the
    /// pages already in memory send their hints again (for that width). Main thread; the
    /// engine calls it when the demand changes.
    public func prepare(_ demand: RowDemand) {
        let newEnvironment = hints.adopt(width: demand.width, scale: demand.scale)
        let restart = restartRequested.withLock { requested in
            defer { requested = false }
            return requested
        }
        if newEnvironment || restart { rehintResidentRows() }
        if let landing = demand.landing, !landing.isEmpty {
            window.request(rows: demand.visible)
            let middle = (landing.lowerBound + landing.upperBound) / 2
            window.prefetch(around: middle, radius: max(window.configuration.prefetchRadius, landing.count))
        } else {
            window.request(rows: demand.preload)
        }
    }

    /// A new list reads these rows: hints of the pages in memory go out again at the next
    /// `prepare`. Main thread.
    public func restartHints() {
        restartRequested.withLock { $0 = true }
    }

    /// Hints gathered since the last call. Main thread.
    public func takeHints() -> [RowHint] { hints.take() }

    /// Blocks until page loads and re-hinting are done (tests, lockstep pacing).
    public func waitUntilIdle() {
        window.waitUntilIdle()
        rehintQueue.sync {}
    }

    /// Gathers hints again for every page in memory, from the posts already held.
    private func rehintResidentRows() {
        rehintQueue.async { [window, hints] in
            for rows in window.residentRows {
                let posts = rows.compactMap { window.post(at: $0) }
                guard posts.count == rows.count else { continue }  // evicted meanwhile: its reload hints
                hints.collect(posts, firstRow: rows.lowerBound)
            }
        }
    }
}

/// Reads pages for the data window and notes, for each, the rows' kinds and persisted heights.
/// Runs on the data window's loading queue.
struct HintingLoader: PostRangeLoading {
    let store: FeedStore
    let hints: RowHintCollector

    func posts(in rows: Range<Int>) throws -> [Post] {
        let posts = try store.posts(in: rows)
        hints.collect(posts, firstRow: rows.lowerBound)
        return posts
    }
}
