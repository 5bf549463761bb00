import FlickCore
import FlickList

/// The timeline's posts in memory, read ahead of the scroll (seed 004 §4, "数据虚拟化"): a
/// `DataWindow` over the feed store that the list fills from the rows it will want soon, plus
/// what each page tells the list before its rows are laid out — their kinds, and the heights
/// an earlier run persisted for the current width.
///
/// Threads: `prepare` and `takeHints` run on the main thread and return at once; `post(at:)`
/// runs on layout workers; pages load on the data window's own queue. Safe from any thread.
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

    /// - Parameters:
    ///   - environmentKey: the persisted-height key for a width and scale (see `PostLayoutKey`).
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
    /// on screen now plus the landing zone. A new width or scale re-reads the resident pages so
    /// their persisted heights for it arrive too. Main thread, once per frame.
    public func prepare(_ demand: RowDemand) {
        if hints.adopt(width: demand.width, scale: demand.scale), let rows = window.lastRequestedRows {
            window.refresh(rows: rows)
        }
        if let landing = demand.landing, !landing.isEmpty {
            window.request(rows: demand.visible)
            let middle = (landing.lowerBound + landing.upperBound) / 2
            window.prefetch(around: middle, radius: max(window.configuration.prefetchRadius, landing.count))
        } else {
            window.request(rows: demand.preload)
        }
    }

    /// Hints gathered since the last call. Main thread.
    public func takeHints() -> [RowHint] { hints.take() }
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
