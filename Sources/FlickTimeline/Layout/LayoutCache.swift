import Dispatch
import FlickCore

/// Where computed cell heights outlive the process (the feed store's `layout_heights` table),
/// so a relaunch knows exact heights without laying anything out.
public protocol LayoutHeightStoring: Sendable {
    /// The persisted height of a post's cell in an environment, if any.
    func persistedHeight(postID: String, contentVersion: UInt64, layoutKey: String) -> Double?
    /// Persists heights; called in batches from a background worker.
    func persistHeights(_ heights: [LayoutHeight]) throws
}

/// Cell layouts in memory (a cost-bounded LRU) in front of persisted heights.
///
/// Keys carry id, content version, width, scale, font scale and layout version, so a rotation
/// uses separate entries and an edited post misses (seed 004: "横屏和竖屏的高度是不一样的，要分开缓存").
/// Safe from any thread.
public final class LayoutCache: Sendable {
    /// Limits of the cache.
    public struct Configuration: Sendable {
        /// Bytes of layouts kept in memory; default 24 MB (≈ 3,000 typical cells).
        public var costLimit = 24 * 1024 * 1024
        /// Heights remembered in memory without their layouts; default 200,000 (≈ 10 MB).
        public var heightCountLimit = 200_000
        /// New heights written to the store per batch, on a background queue; default 256
        /// (one transaction per ~256 laid-out cells, never one per cell).
        public var persistBatch = 256

        public init() {}
    }

    /// Lookup counters (for tests and the benchmark).
    public struct Statistics: Hashable, Sendable {
        public var layoutHits = 0
        public var layoutMisses = 0
        public var persistedHeightHits = 0
    }

    private let layouts: LockedBox<CostLRU<PostLayoutKey, PostLayout>>
    private let heights: LockedBox<CostLRU<PostLayoutKey, Double>>
    private let statistics = LockedBox(Statistics())
    private let store: (any LayoutHeightStoring)?
    private let pending = LockedBox([LayoutHeight]())
    private let persistBatch: Int
    private let writer = DispatchQueue(label: "flick.layout-heights", qos: .background)

    public init(configuration: Configuration = Configuration(), store: (any LayoutHeightStoring)? = nil) {
        layouts = LockedBox(CostLRU(costLimit: configuration.costLimit))
        heights = LockedBox(CostLRU(costLimit: configuration.heightCountLimit))
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

    /// Keeps `layout`, remembers its height, and queues the height for the store (written in
    /// batches on a background queue).
    public func insert(_ layout: PostLayout) {
        layouts.withLock { _ = $0.insert(layout, for: layout.key, cost: layout.estimatedCost) }
        heights.withLock { _ = $0.insert(layout.height, for: layout.key, cost: 1) }
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

    /// The exact height for `key` if known: from a cached layout, a remembered height, or the
    /// persisted heights (then remembered). `nil` means the list must estimate.
    public func height(for key: PostLayoutKey) -> Double? {
        if let height = heights.withLock({ $0.value(for: key) }) { return height }
        guard let store,
            let height = store.persistedHeight(postID: key.postID, contentVersion: key.contentVersion, layoutKey: key.environmentKey)
        else { return nil }
        statistics.withLock { $0.persistedHeightHits += 1 }
        heights.withLock { _ = $0.insert(height, for: key, cost: 1) }
        return height
    }

    /// Layouts currently held and their total cost.
    public var residentLayouts: (count: Int, cost: Int) {
        layouts.withLock { ($0.count, $0.totalCost) }
    }
}
