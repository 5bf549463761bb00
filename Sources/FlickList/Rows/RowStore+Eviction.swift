import Dispatch
import FlickCore
import FlickRaster

/// Memory bounds: bitmaps beyond the wanted rows within a byte budget, layouts of a bounded
/// number of recent nodes, released after the frame. Main thread.
extension RowStore {
    /// Rows with bitmaps that leave the ranges between eviction passes: 4. A pass walks every node (up to
    /// ~450), so it runs when this many have left — every few frames of a fast scroll, at once
    /// after a jump — and the bitmap budget is overshot by at most four cells.
    static var evictionBatch: Int { 4 }

    /// Nodes beyond the layout budget tolerated before a pass: 32. A pass trims to the budget,
    /// so rows flying past (a scroll to the top, a fling) start one every eight frames or so,
    /// not every frame; 32 layouts are a few hundred kilobytes.
    static var layoutSlack: Int { 32 }

    /// Runs what the last update put off: the eviction pass it found due. Main thread, after the
    /// frame is shown (an eviction walks every node — about 0.1 ms after a jump, in the frame
    /// that is already the most expensive of a run).
    func idle() {
        if evictionDue { evict() }
    }

    /// Keeps bitmaps of the wanted rows plus an LRU within the budget, and layouts of a
    /// bounded number of recent nodes.
    ///
    /// The order is sorted on plain integers (`EvictionOrder`), the identities kept
    /// aside: a sort of generic `(ID, Int, Int)` tuples runs unspecialized across modules,
    /// through value witnesses, and took ~0.8 ms of a jump's frame for ~450 nodes. A node no
    /// range wants is one the last update did not stamp (no lookup of its identity). Called by
    /// `idle()`, or at the start of the next update when no idle time ran.
    func evict() {
        leftSinceEviction = 0
        evictionDue = false
        var ids: [ID] = []
        var order = EvictionOrder(capacity: nodes.count)
        ids.reserveCapacity(nodes.count)
        for (id, node) in nodes where node.lastWanted < frame {
            order.append(lastWanted: node.lastWanted, bytes: node.bitmapBytes)
            ids.append(id)
        }
        var bytes = 0
        var released: [Bitmap] = []
        for (index, slot) in order.slots(newestFirst: true).enumerated() {
            bytes += order.bytes[slot]
            guard index >= configuration.layoutBudget || bytes > configuration.bitmapBudget else { continue }
            let id = ids[slot]
            if index >= configuration.layoutBudget {
                guard let node = nodes.removeValue(forKey: id) else { continue }
                node.dropBitmaps(into: &released)
                node.cancelAll()
            } else {
                nodes[id]?.dropBitmaps(into: &released)
            }
        }
        releaseAfterFrame(consume released)
    }
}

extension RowNode {
    /// Takes the node's bitmaps for release after the frame (`releaseAfterFrame`).
    func dropBitmaps(into released: inout [Bitmap]) {
        if let full { released.append(full) }
        if let skeleton { released.append(skeleton) }
        full = nil
        skeleton = nil
    }
}

/// Drops the last references to evicted bitmaps once the frame is done (when its held
/// wake-ups start, `HeldWakes`; at once outside a frame). Their buffers go back to
/// `PixelBufferPool`, which on the main thread costs a lock: what the pool does not keep is
/// unmapped by its reclaimer thread, never inside the frame (seed 002: no big frees in a
/// frame). Not on a dispatch queue: after a jump the worker lanes kept dispatch's threads
/// busy, and the evicted bitmaps (up to 54 MB in the whole-feed trip) stayed held while the
/// workers drew the new rows into new memory.
func releaseAfterFrame(_ bitmaps: consuming [Bitmap]) {
    guard !bitmaps.isEmpty else { return }
    // `consume` leaves the box as the only owner, so the last release happens in it.
    let box = ReleaseBox(consume bitmaps)
    HeldWakes.wake { box.release() }
}

/// Holds evicted bitmaps until the held wake-up that releases them runs; `Bitmap` is immutable
/// and `Sendable`.
private final class ReleaseBox: Sendable {
    private let bitmaps: LockedBox<[Bitmap]>

    init(_ bitmaps: [Bitmap]) { self.bitmaps = LockedBox(bitmaps) }

    func release() { bitmaps.withLock { $0.removeAll() } }
}

/// The entries of an eviction pass in the order they were last wanted: each packed into one
/// integer (frame, then its slot in the pass), so the order is a sort of plain `UInt64`s —
/// specialized in the standard library whatever generic type the cache is over, ~10 µs for
/// the ~450 nodes of a row store.
struct EvictionOrder {
    private var keys: [UInt64] = []
    /// Each slot's bytes, by slot.
    private(set) var bytes: [Int] = []

    init(capacity: Int) {
        keys.reserveCapacity(capacity)
        bytes.reserveCapacity(capacity)
    }

    var isEmpty: Bool { keys.isEmpty }

    /// Adds an entry last wanted at frame `lastWanted` holding `bytes`; its slot is the count
    /// before the call.
    mutating func append(lastWanted: Int, bytes entryBytes: Int) {
        keys.append(UInt64(max(0, lastWanted)) << 24 | UInt64(keys.count & 0xFF_FFFF))
        bytes.append(entryBytes)
    }

    /// Slots, least recently wanted first (`newestFirst`: most recently wanted first).
    func slots(newestFirst: Bool) -> [Int] {
        var sorted = keys
        sorted.sort()
        if newestFirst { sorted.reverse() }
        return sorted.map { Int($0 & 0xFF_FFFF) }
    }
}
