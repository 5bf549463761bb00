import FlickCore
import FlickRaster

/// A processed bitmap and whether every pixel is opaque (found once on the worker that made
/// it, so a display can copy instead of blend without scanning pixels on the main thread).
public struct CachedImage: Sendable {
    public let bitmap: Bitmap
    public let isOpaque: Bool
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

    /// Adds `bitmap`; a bitmap larger than the whole limit is not kept. Evicted entries are
    /// returned so the caller can release them off a hot thread if it wants.
    @discardableResult
    public func insert(_ bitmap: Bitmap, isOpaque: Bool, for key: String) -> [CachedImage] {
        storage.withLock { lru in
            guard bitmap.byteCount <= lru.costLimit else { return [] }
            return lru.insert(CachedImage(bitmap: bitmap, isOpaque: isOpaque), for: key, cost: bitmap.byteCount)
        }
    }

    /// Evicts least recently used bitmaps until at most `bytes` remain (memory pressure).
    public func trim(toBytes bytes: Int) {
        let evicted = storage.withLock { $0.trim(toCost: max(0, bytes)) }
        _ = evicted  // released here, outside the lock
    }
}
