import FlickCore
import FlickRaster

/// A processed bitmap and whether every pixel is opaque, found once on the worker that made
/// it (so a display can copy instead of blend without scanning pixels on the main thread):
/// what the memory cache keeps and what a load's completion receives.
public struct CachedImage: Sendable {
    public let bitmap: Bitmap
    public let isOpaque: Bool

    public init(bitmap: Bitmap, isOpaque: Bool) {
        self.bitmap = bitmap
        self.isOpaque = isOpaque
    }
}

/// Processed bitmaps by request cache key, bounded by bytes: inserting past `limit` evicts the
/// least recently used first, so the total never exceeds it. Any thread (one lock).
public final class MemoryImageCache: Sendable {
    private let storage: LockedBox<CostLRU<String, CachedImage>>

    public init(limit: Int) {
        storage = LockedBox(CostLRU(costLimit: max(0, limit)))
    }

    public var limit: Int { storage.withLock { $0.costLimit } }
    /// Bytes held now; never above `limit`.
    public var totalBytes: Int { storage.withLock { $0.totalCost } }
    public var count: Int { storage.withLock { $0.count } }

    /// The entry for `key` (bitmap and opacity), marked recently used.
    public func image(for key: String) -> CachedImage? {
        storage.withLock { $0.value(for: key) }
    }

    /// Adds `image`; one larger than the whole limit is not kept (and drops any older entry
    /// under `key`). Evicted bitmaps are released after the lock is let go.
    public func insert(_ image: CachedImage, for key: String) {
        let evicted = storage.withLock { $0.insert(image, for: key, cost: image.bitmap.byteCount) }
        _ = evicted  // released here, outside the lock
    }

    /// Evicts least recently used bitmaps until at most `bytes` remain (memory pressure).
    public func trim(toBytes bytes: Int) {
        let evicted = storage.withLock { $0.trim(toCost: max(0, bytes)) }
        _ = evicted  // released here, outside the lock
    }
}
