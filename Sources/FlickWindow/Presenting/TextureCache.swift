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
        uploads += 1
        bytes += bitmap.byteCount
        return texture
    }

    /// Removes entries unused since `frame − evictAfterFrames` and returns their textures, for
    /// the caller to destroy.
    public mutating func evict(now frame: Int) -> [Texture] {
        let limit = frame - evictAfterFrames
        let stale = entries.filter { $0.value.lastUsedFrame < limit }
        for (key, entry) in stale {
            entries[key] = nil
            bytes -= entry.bitmap.byteCount
        }
        return stale.map(\.value.texture)
    }

    /// Empties the cache (the renderer is going away) and returns every texture.
    public mutating func removeAll() -> [Texture] {
        defer {
            entries.removeAll()
            bytes = 0
        }
        return entries.values.map(\.texture)
    }
}
