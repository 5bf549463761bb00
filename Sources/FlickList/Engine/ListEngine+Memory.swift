import Dispatch
import FlickCore
import FlickRaster

/// What a list engine holds in memory now, by holder: the figures its budgets bound. Value.
public struct ListMemory: Sendable, Hashable {
    /// Row nodes held (wanted rows plus the recent ones kept beyond the ranges).
    public var rowNodes = 0
    /// Row nodes holding a layout.
    public var rowLayouts = 0
    /// Bytes of row bitmaps (full and skeleton) held by the nodes.
    public var rowBitmapBytes = 0
    /// Of `rowBitmapBytes`, the rows outside every range: what `bitmapBudget` bounds.
    public var rowBitmapBytesBeyondRanges = 0
    /// Bytes of image bitmaps the rows show, each bitmap counted once (most are also in the
    /// image pipeline's memory cache).
    public var rowImageBytes = 0
    /// Bytes of kind skeletons kept.
    public var kindSkeletonBytes = 0
    /// Bytes of processed images in the image pipeline's memory cache (0 without images).
    public var imageCacheBytes = 0
    /// Bytes of the height index's row state resident (follows the rows measured or tagged).
    public var heightIndexBytes = 0

    public init() {}
}

extension ListEngine {
    /// Layouts and renders committed, work cancelled, stale results dropped, so far.
    public var counters: (layouts: Int, renders: Int, cancelled: Int, staleDropped: Int) {
        let c = store.counters
        return (c.layoutsApplied, c.rendersApplied, c.cancelled, c.staleDropped)
    }

    public var residentBitmapBytes: Int { store.residentBitmapBytes }

    /// Items the engine holds state for (near the viewport, plus the bounded LRU).
    public var residentRows: Int { store.nodes.count }


    /// What the engine holds now (walks the row nodes: call it between frames, not per frame).
    /// Main thread: the nodes are the main thread's.
    public var memory: ListMemory {
        var memory = ListMemory()
        var images = Set<ObjectIdentifier>()
        for (id, node) in store.nodes {
            memory.rowNodes += 1
            if node.layout != nil { memory.rowLayouts += 1 }
            memory.rowBitmapBytes += node.bitmapBytes
            if store.rowOf[id] == nil { memory.rowBitmapBytesBeyondRanges += node.bitmapBytes }
            for layer in node.images?.layers ?? [] where images.insert(ObjectIdentifier(layer.bitmap)).inserted {
                memory.rowImageBytes += layer.bitmap.byteCount
            }
        }
        memory.kindSkeletonBytes = kindSkeletons?.bytes ?? 0
        memory.imageCacheBytes = imagePipeline?.memoryCache.totalBytes ?? 0
        memory.heightIndexBytes = heights.residentStorageBytes
        return memory
    }
}

extension ListEngine {
    /// Runs the housekeeping the last frame put off (an eviction pass it found due), and
    /// returns how long it took, milliseconds. Main thread: a display calls it once the frame is
    /// shown and before it waits for the next, when the thread would otherwise sleep (the
    /// run loop's idle time, where UIKit apps do such work); a display that never calls it gets
    /// the same work done at the start of the next frame's scheduling instead.
    @discardableResult
    public func idle() -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        store.idle()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}
