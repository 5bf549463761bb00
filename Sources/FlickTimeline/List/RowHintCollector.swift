import FlickCore
import FlickList

/// Gathers what loaded pages say about their rows — each post's kind, and the height persisted
/// for it at the list's current width and scale — until the list takes them on the main
/// thread. Pages report on loading queues; `take` and `adopt` run on the main thread. Bounded:
/// if the list stops taking hints, the oldest are dropped.
final class RowHintCollector: Sendable {
    /// Most hints held between two takes: 64 pages of 64 rows, far more than a frame brings.
    static let capacity = 4_096

    private struct Environment: Sendable {
        let width: Double
        let scale: DisplayScale
        let key: String
    }

    private let store: FeedStore
    /// The stored position of index 0 (the data window's rows are positions from here).
    private let base: Int
    private let environmentKey: @Sendable (Double, DisplayScale) -> String
    private let environment = LockedBox<Environment?>(nil)
    private let pending = LockedBox([RowHint]())

    init(store: FeedStore, base: Int, environmentKey: @escaping @Sendable (Double, DisplayScale) -> String) {
        self.store = store
        self.base = base
        self.environmentKey = environmentKey
    }

    /// Adopts the width and scale heights are read for; true when they changed. Main thread.
    func adopt(width: Double, scale: DisplayScale) -> Bool {
        if let current = environment.value, current.width == width, current.scale == scale { return false }
        let adopted = Environment(width: width, scale: scale, key: environmentKey(width, scale))
        environment.withLock { $0 = adopted }
        return true
    }

    /// Notes the kinds of `posts` (rows from `firstRow` on) and reads their persisted heights
    /// in one range query. A failed read only means no heights: the rows are laid out anyway.
    /// Loading queue.
    func collect(_ posts: [Post], firstRow: Int) {
        guard !posts.isEmpty else { return }
        let rows = firstRow..<(firstRow + posts.count)
        let environment = environment.value
        let heights = environment.flatMap { try? store.heights(atPositions: base + rows.lowerBound..<base + rows.upperBound, layoutKey: $0.key) } ?? []
        let found = posts.enumerated().map { offset, post in
            RowHint(
                row: firstRow + offset, kind: post.kind.index,
                height: offset < heights.count ? heights[offset] : nil, width: environment?.width ?? 0)
        }
        pending.withLock { hints in
            hints.append(contentsOf: found)
            if hints.count > Self.capacity { hints.removeFirst(hints.count - Self.capacity) }
        }
    }

    /// The hints gathered since the last call. Main thread.
    func take() -> [RowHint] { pending.takeAll() }
}
