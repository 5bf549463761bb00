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
    ///
    /// The order is sorted on plain integers (`EvictionCandidate`), the identities kept
    /// aside: a sort of generic `(ID, Int, Int)` tuples runs unspecialized across modules,
    /// through value witnesses, and took ~0.8 ms of a jump's frame for ~450 nodes.
    func evict() {
        leftSinceEviction = 0
        var ids: [ID] = []
        var candidates: [EvictionCandidate] = []
        ids.reserveCapacity(nodes.count)
        candidates.reserveCapacity(nodes.count)
        for (id, node) in nodes where rowOf[id] == nil {
            candidates.append(EvictionCandidate(lastWanted: node.lastWanted, bytes: node.bitmapBytes, slot: ids.count))
            ids.append(id)
        }
        candidates.sort { $0.lastWanted > $1.lastWanted }
        var bytes = 0
        var released: [Bitmap] = []
        for (index, candidate) in candidates.enumerated() {
            bytes += candidate.bytes
            guard index >= configuration.layoutBudget || bytes > configuration.bitmapBudget else { continue }
            let id = ids[candidate.slot]
            guard var node = nodes[id] else { continue }
            if let full = node.full { released.append(full) }
            if let skeleton = node.skeleton { released.append(skeleton) }
            if index >= configuration.layoutBudget {
                node.cancelAll()
                nodes[id] = nil
            } else if node.full != nil || node.skeleton != nil {
                node.full = nil
                node.skeleton = nil
                nodes[id] = node
            }
        }
        releaseInBackground(consume released)
    }
}

/// Drops the last references to evicted bitmaps on a background queue: freeing megabytes
/// can unmap memory (~0.1–0.3 ms each), which must not happen inside a frame (seed 002:
/// release objects off the main thread). The queue starts after the frame (`HeldWakes`).
func releaseInBackground(_ bitmaps: consuming [Bitmap]) {
    guard !bitmaps.isEmpty else { return }
    // `consume` leaves the box as the only owner, so the last release happens over there.
    let box = ReleaseBox(consume bitmaps)
    HeldWakes.wake { DispatchQueue.global(qos: .background).async { box.release() } }
}

/// Carries bitmaps to the queue that releases them; `Bitmap` is immutable and `Sendable`.
private final class ReleaseBox: Sendable {
    private let bitmaps: LockedBox<[Bitmap]>

    init(_ bitmaps: [Bitmap]) { self.bitmaps = LockedBox(bitmaps) }

    func release() { bitmaps.withLock { $0.removeAll() } }
}

/// One node outside every range, as eviction orders it: non-generic, so the sort is
/// specialized (see `RowStore.evict`).
struct EvictionCandidate {
    /// The node's `lastWanted` frame: higher is more recent, kept first.
    var lastWanted: Int
    /// Its bitmaps' bytes.
    var bytes: Int
    /// Where its identity is in the pass's `ids`.
    var slot: Int
}
