import Dispatch
import FlickCore
import FlickList

/// The timeline's posts in memory, read ahead of the scroll (seed 004 §4, "数据虚拟化"): a
/// `DataWindow` over the feed store that the list fills from the rows it will want soon, plus
/// what each page tells the list before its rows are laid out — their kinds, and the heights
/// an earlier run persisted for the current width.
///
/// The list's order is a `RowOrder` over the store: rows are stored positions until the live
/// timeline changes them — new posts inserted on top, posts deleted, moved or edited are held
/// here without rewriting the store, so "20 new posts on top" of a million touches nothing
/// else. The data window and the hints work in stored positions; rows are mapped at the edges.
///
/// Threads: `prepare`, `takeHints`, `restartHints`, `post(atRow:)` and the edits run on the
/// main thread and return at once; `loadPost(atRow:)` runs on layout workers; pages load on the
/// data window's own queue, and hints for pages already in memory are gathered again on a
/// private serial queue.
public final class TimelineRows: Sendable {
    /// Counters for tests, overlays and the benchmark.
    public struct Statistics: Sendable, Hashable {
        /// Layouts that found their post in the data window.
        public var windowHits = 0
        /// Layouts that had to read their post from the store themselves (page not loaded yet).
        public var directReads = 0
    }

    public let window: DataWindow
    private let store: FeedStore
    /// The stored position of the window's row 0: the store's first position when the rows
    /// were made. Posts prepended to the store later sit below it and are shown as local
    /// posts, so nothing the window holds moves.
    private let base: Int
    private let order: LockedBox<RowOrder<Post>>
    private let hints: RowHintCollector
    private let statistics = LockedBox(Statistics())
    private let restartRequested = LockedBox(true)
    private let rehintQueue = DispatchQueue(label: "flick.timeline.hints", qos: .userInitiated)

    /// - Parameters:
    ///   - positions: the stored positions shown (`FeedStore.positions()`).
    ///   - environmentKey: the persisted-height key for a width and scale (`PostLayouter`).
    public init(
        store: FeedStore, positions: Range<Int>, configuration: DataWindow.Configuration = .default,
        environmentKey: @escaping @Sendable (Double, DisplayScale) -> String
    ) {
        let hints = RowHintCollector(store: store, base: positions.lowerBound, environmentKey: environmentKey)
        self.hints = hints
        self.store = store
        base = positions.lowerBound
        order = LockedBox(RowOrder(storedCount: positions.count))
        window = DataWindow(
            loader: HintingLoader(store: store, base: positions.lowerBound, hints: hints), rowCount: positions.count,
            configuration: configuration)
    }

    /// Counters since the rows were made.
    public var stats: Statistics { statistics.value }

    /// Rows in the list now.
    public var count: Int { order.withLock { $0.count } }

    /// The post at `row` if it is in memory (its page loaded, or held here). Main thread.
    public func post(atRow row: Int) -> Post? {
        guard let entry = order.withLock({ row >= 0 && row < $0.count ? $0.entry(at: row) : nil }) else { return nil }
        switch entry {
        case .stored(let position): return window.post(at: position)
        case .local(let post): return post
        }
    }

    /// The post at `row`, read from the store when its page is not in memory, counted as a
    /// window hit or a direct read. Layout worker.
    public func loadPost(atRow row: Int) -> Post? {
        // One lock for the check and the read: the main thread may delete rows meanwhile.
        guard let entry = order.withLock({ row >= 0 && row < $0.count ? $0.entry(at: row) : nil }) else { return nil }
        switch entry {
        case .stored(let position):
            let post = window.post(at: position)
            statistics.withLock { post == nil ? ($0.directReads += 1) : ($0.windowHits += 1) }
            return post ?? (try? store.posts(atPositions: base + position..<(base + position + 1)).first)
        case .local(let post):
            return post
        }
    }

    // MARK: Live changes (main thread)

    /// New posts before `row`.
    public func insert(_ posts: [Post], at row: Int) { order.withLock { $0.insert(posts, at: row) } }

    /// Removes `rows`.
    public func remove(_ rows: Range<Int>) { order.withLock { $0.remove(rows) } }

    /// Moves the post at `from` so it ends at `to`.
    public func move(from: Int, to: Int) { order.withLock { $0.move(from: from, to: to) } }

    /// Shows `post` (a new version of the row's post) at `row`.
    public func replace(at row: Int, with post: Post) { order.withLock { $0.replace(at: row, with: post) } }

    /// The store grew at its end by `count` posts (an older page stored after the ones shown):
    /// they become the last rows, read through the data window like the rest.
    public func appendStored(count: Int) {
        let stored = order.withLock { order in
            order.appendStored(count: count)
            return order.storedCount
        }
        window.extend(rowCount: stored)
    }

    /// The row among `rows` showing the post with `id`, if its post is in memory (held here
    /// or in a loaded page), or nil. Main thread; O(`rows.count`).
    public func row(ofPostID id: String, among rows: Range<Int>) -> Int? {
        order.withLock { order in
            for row in rows.clamped(to: 0..<order.count) {
                switch order.entry(at: row) {
                case .local(let post) where post.id == id: return row
                case .stored(let position) where window.post(at: position)?.id == id: return row
                default: continue
                }
            }
            return nil
        }
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
            if let visible = stored(demand.visible) { window.request(rows: visible) }
            if let positions = stored(landing) {
                let middle = (positions.lowerBound + positions.upperBound) / 2
                window.prefetch(around: middle, radius: max(window.configuration.prefetchRadius, landing.count))
            }
        } else if let preload = stored(demand.preload) {
            window.request(rows: preload)
        }
    }

    /// The stored positions `rows` need, as one span (rows in timeline order are stored in
    /// order, but for the few moved ones).
    private func stored(_ rows: Range<Int>) -> Range<Int>? {
        let runs = order.withLock { $0.storedRuns(in: rows.clamped(to: 0..<$0.count)) }
        guard let low = runs.map(\.lowerBound).min(), let high = runs.map(\.upperBound).max() else { return nil }
        return low..<high
    }

    /// A new list reads these rows: hints of the pages in memory go out again at the next
    /// `prepare`. Main thread.
    public func restartHints() {
        restartRequested.withLock { $0 = true }
    }

    /// Hints gathered since the last call, by the rows' current indices (hints of positions
    /// no longer shown are dropped). Main thread.
    public func takeHints() -> [RowHint] {
        let taken = hints.take()
        guard !taken.isEmpty else { return [] }
        return order.withLock { order in
            taken.compactMap { hint in
                order.row(ofStored: hint.row).map { RowHint(row: $0, kind: hint.kind, height: hint.height, width: hint.width) }
            }
        }
    }

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
            FrameWake.shared.signal()
        }
    }
}

/// Reads pages for the data window and notes, for each, the rows' kinds and persisted heights.
/// Runs on the data window's loading queue.
struct HintingLoader: PostRangeLoading {
    let store: FeedStore
    /// The stored position of row 0.
    let base: Int
    let hints: RowHintCollector

    func posts(in rows: Range<Int>) throws -> [Post] {
        let posts = try store.posts(atPositions: base + rows.lowerBound..<base + rows.upperBound)
        hints.collect(posts, firstRow: rows.lowerBound)
        return posts
    }
}
