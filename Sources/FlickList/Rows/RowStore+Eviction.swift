import Dispatch
import FlickCore
import FlickRaster

/// Memory bounds: bitmaps beyond the wanted rows within a byte budget, layouts of a bounded
/// number of recent nodes, released off the main thread. Main thread.
extension RowStore {
    /// Rows that leave the ranges between eviction passes: 4. A pass walks every node (up to
    /// ~450), so it runs when this many have left — every few frames of a fast scroll, at once
    /// after a jump — and the bitmap budget is overshot by at most four cells.
    static var evictionBatch: Int { 4 }

    /// Keeps bitmaps of the wanted rows plus an LRU within the budget, and layouts of a
    /// bounded number of recent nodes.
    func evict() {
        leftSinceEviction = 0
        var outside: [(id: ID, lastWanted: Int, bytes: Int)] = []
        for (id, node) in nodes where rowOf[id] == nil {
            outside.append((id, node.lastWanted, node.bitmapBytes))
        }
        outside.sort { $0.lastWanted > $1.lastWanted }
        var bytes = 0
        var released: [Bitmap] = []
        for (index, entry) in outside.enumerated() {
            bytes += entry.bytes
            guard index >= configuration.layoutBudget || bytes > configuration.bitmapBudget else { continue }
            if let full = nodes[entry.id]?.full { released.append(full) }
            if let skeleton = nodes[entry.id]?.skeleton { released.append(skeleton) }
            if index >= configuration.layoutBudget {
                nodes[entry.id]?.cancelAll()
                nodes[entry.id] = nil
            } else {
                nodes[entry.id]!.full = nil
                nodes[entry.id]!.skeleton = nil
            }
        }
        releaseInBackground(consume released)
    }

    /// Drops the last references to evicted bitmaps on a background queue: freeing megabytes
    /// can unmap memory (~0.1–0.3 ms each), which must not happen inside a frame (seed 002:
    /// release objects off the main thread).
    func releaseInBackground(_ bitmaps: consuming [Bitmap]) {
        guard !bitmaps.isEmpty else { return }
        // `consume` leaves the box as the only owner, so the last release happens over there.
        let box = ReleaseBox(consume bitmaps)
        DispatchQueue.global(qos: .background).async { box.release() }
    }
}

/// Carries bitmaps to the queue that releases them; `Bitmap` is immutable and `Sendable`.
private final class ReleaseBox: Sendable {
    private let bitmaps: LockedBox<[Bitmap]>

    init(_ bitmaps: [Bitmap]) { self.bitmaps = LockedBox(bitmaps) }

    func release() { bitmaps.withLock { $0.removeAll() } }
}
