import Dispatch
import FlickCore

/// Where computed cell heights outlive the process (the feed store's `layout_heights` table),
/// so a relaunch knows exact heights without laying anything out (they come back with each
/// page of posts: `FeedStore.heights(in:layoutKey:)`, read by `TimelineRows`).
public protocol LayoutHeightStoring: Sendable {
    /// Persists heights; called in batches from a background worker.
    func persistHeights(_ heights: [LayoutHeight]) throws
}

/// Cell layouts in memory (a cost-bounded LRU), writing every measured height to the store.
///
/// Keys carry id, content version, width, scale, font scale and layout version, so a rotation
/// uses separate entries and an edited post misses (seed 004: "横屏和竖屏的高度是不一样的，要分开缓存").
/// Safe from any thread.
public final class LayoutCache: Sendable {
    /// Limits of the cache.
    public struct Configuration: Sendable {
        /// Bytes of layouts kept in memory (by `PostLayout.estimatedCost`); default 12 MB,
        /// about 1,300 typical cells: three times the 400 rows whose layouts the list keeps
        /// itself, so a reader going back past those finds theirs here, while a long session
        /// stays bounded (24 MB before; the benchmark's runs fill 11 MB).
        public var costLimit = 12 * 1024 * 1024
        /// New heights written to the store per batch, on a background queue; default 256
        /// (one transaction per ~256 laid-out cells, never one per cell).
        public var persistBatch = 256

        public init() {}
    }

    /// Lookup counters (for tests and the benchmark).
    public struct Statistics: Hashable, Sendable {
        public var layoutHits = 0
        public var layoutMisses = 0
    }

    private let layouts: LockedBox<CostLRU<PostLayoutKey, PostLayout>>
    private let statistics = LockedBox(Statistics())
    private let store: (any LayoutHeightStoring)?
    private let pending = LockedBox([LayoutHeight]())
    private let persistBatch: Int
    private let writer = DispatchQueue(label: "flick.layout-heights", qos: .background)

    public init(configuration: Configuration = Configuration(), store: (any LayoutHeightStoring)? = nil) {
        layouts = LockedBox(CostLRU(costLimit: configuration.costLimit))
        self.store = store
        persistBatch = max(1, configuration.persistBatch)
    }

    public var stats: Statistics { statistics.value }

    /// The cached layout for `key`, or `nil`.
    public func layout(for key: PostLayoutKey) -> PostLayout? {
        let found = layouts.withLock { $0.value(for: key) }
        statistics.withLock { found == nil ? ($0.layoutMisses += 1) : ($0.layoutHits += 1) }
        return found
    }

    /// Keeps `layout` and queues its height for the store (written in batches on a background
    /// queue).
    public func insert(_ layout: PostLayout) {
        layouts.withLock { _ = $0.insert(layout, for: layout.key, cost: layout.estimatedCost) }
        guard store != nil else { return }
        let key = layout.key
        let full = pending.withLock { batch -> Bool in
            batch.append(LayoutHeight(postID: key.postID, contentVersion: key.contentVersion, layoutKey: key.environmentKey, height: layout.height))
            return batch.count >= persistBatch
        }
        if full { writer.async { [self] in flush() } }
    }

    /// Writes queued heights now and waits for the background writer (call before exit so the
    /// next launch knows them). Any thread but the writer's.
    public func persistPendingHeights() {
        writer.sync { flush() }
    }

    /// Runs on `writer`. A failed write is dropped: heights are a cache the next launch rebuilds.
    private func flush() {
        let batch = pending.withLock { batch -> [LayoutHeight] in
            defer { batch.removeAll() }
            return batch
        }
        guard let store, !batch.isEmpty else { return }
        try? store.persistHeights(batch)
    }

    /// Layouts currently held and their total cost.
    public var residentLayouts: (count: Int, cost: Int) {
        layouts.withLock { ($0.count, $0.totalCost) }
    }
}
