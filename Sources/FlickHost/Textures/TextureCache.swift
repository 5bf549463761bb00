import FlickRaster

/// Bitmaps uploaded to the display, each once (seed 002 "优化七": CALayer.contents is set,
/// not redrawn). Keyed by the bitmap's identity: an entry keeps its `Bitmap` alive, so the
/// identity cannot be reused by a new bitmap while the entry exists. Entries not used for
/// `evictAfterFrames` frames are handed back for destruction.
///
/// Generic over the texture type so the policy is tested without a display; the window
/// instantiates it with SDL textures. Not `Sendable`: main thread only (it holds textures).
public struct TextureCache<Texture> {
    struct Entry {
        let bitmap: Bitmap
        let texture: Texture
        var lastUsedFrame: Int
    }

    /// Frames an entry may go unused before it is evicted; default 90 (0.75 s at 120 Hz), so a
    /// short reversal finds its rows still uploaded.
    public let evictAfterFrames: Int
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// No entry was last used before this frame (a lower bound: reuse only raises the true
    /// oldest), so `evict` scans the entries only when one of them could have expired.
    private var oldestLastUse = Int.max
    /// Uploads since the start (every miss that produced a texture).
    public private(set) var uploads = 0
    /// Bytes of bitmap pixels behind the cached textures.
    public private(set) var bytes = 0

    public init(evictAfterFrames: Int = 90) {
        self.evictAfterFrames = max(1, evictAfterFrames)
    }

    public var count: Int { entries.count }

    /// Whether `bitmap` already has a texture.
    public func contains(_ bitmap: Bitmap) -> Bool { entries[ObjectIdentifier(bitmap)] != nil }

    /// The texture for `bitmap`, made with `upload` on the first use; marks it used at `frame`.
    /// `nil` when the upload fails (the layer is then skipped this frame, retried next).
    public mutating func texture(for bitmap: Bitmap, frame: Int, upload: (Bitmap) -> Texture?) -> Texture? {
        let key = ObjectIdentifier(bitmap)
        if var entry = entries[key] {
            entry.lastUsedFrame = frame
            entries[key] = entry
            return entry.texture
        }
        guard let texture = upload(bitmap) else { return nil }
        entries[key] = Entry(bitmap: bitmap, texture: texture, lastUsedFrame: frame)
        oldestLastUse = min(oldestLastUse, frame)
        uploads += 1
        bytes += bitmap.byteCount
        return texture
    }

    /// Removes entries unused since `frame − evictAfterFrames` and returns their textures, for
    /// the caller to destroy. Once per frame; scans the entries only when the oldest last use
    /// may be past the limit (at most once per `evictAfterFrames` frames when none expires).
    public mutating func evict(now frame: Int) -> [Texture] {
        let limit = frame - evictAfterFrames
        guard oldestLastUse < limit else { return [] }
        var staleKeys: [ObjectIdentifier] = []
        var oldestKept = Int.max
        for (key, entry) in entries {
            if entry.lastUsedFrame < limit {
                staleKeys.append(key)
            } else {
                oldestKept = min(oldestKept, entry.lastUsedFrame)
            }
        }
        oldestLastUse = oldestKept
        return staleKeys.compactMap { key in
            guard let entry = entries.removeValue(forKey: key) else { return nil }
            bytes -= entry.bitmap.byteCount
            return entry.texture
        }
    }

    /// Empties the cache (the renderer is going away) and returns every texture.
    public mutating func removeAll() -> [Texture] {
        defer {
            entries.removeAll()
            bytes = 0
            oldestLastUse = Int.max
        }
        return entries.values.map(\.texture)
    }
}
