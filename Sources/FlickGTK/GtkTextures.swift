import CGtk4
import FlickRaster
import FlickWindow

/// Row bitmaps as GDK textures: each `Bitmap` wrapped once, without copying its pixels (the
/// texture's bytes keep the bitmap alive and let go of it when GTK frees the texture), and
/// kept in a `TextureCache` by the bitmap's identity while it stays on screen.
///
/// Main thread (GDK objects are made and released on GTK's thread).
@MainActor
final class GtkTextures {
    private(set) var cache: TextureCache<OpaquePointer>
    private(set) var frame = 0
    /// Textures made in the current frame.
    private(set) var madeThisFrame = 0

    init(evictAfterFrames: Int) {
        cache = TextureCache(evictAfterFrames: evictAfterFrames)
    }

    /// The texture for `bitmap`, made on its first use.
    func texture(for bitmap: Bitmap) -> OpaquePointer? {
        let before = cache.uploads
        let texture = cache.texture(for: bitmap, frame: frame, upload: Self.makeTexture)
        madeThisFrame += cache.uploads - before
        return texture
    }

    /// Ends a painted frame: textures unused for too long are released.
    func endFrame() {
        for texture in cache.evict(now: frame) { g_object_unref(gpointer(texture)) }
        frame += 1
        madeThisFrame = 0
    }

    func releaseAll() {
        for texture in cache.removeAll() { g_object_unref(gpointer(texture)) }
    }

    /// A `GdkMemoryTexture` over the bitmap's own memory: Cairo's premultiplied ARGB32 is
    /// B, G, R, A bytes on a little-endian machine, GDK's `B8G8R8A8_PREMULTIPLIED`.
    static func makeTexture(_ bitmap: Bitmap) -> OpaquePointer? {
        let owner = Unmanaged.passRetained(bitmap).toOpaque()
        let bytes: OpaquePointer? = bitmap.withUnsafeBytes { raw in
            g_bytes_new_with_free_func(raw.baseAddress, gsize(raw.count), { owner in
                guard let owner else { return }
                Unmanaged<Bitmap>.fromOpaque(owner).release()
            }, owner)
        }
        guard let bytes else {
            Unmanaged<Bitmap>.fromOpaque(owner).release()
            return nil
        }
        defer { g_bytes_unref(bytes) }
        let texture = gdk_memory_texture_new(
            Int32(bitmap.pixelSize.width), Int32(bitmap.pixelSize.height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes,
            gsize(bitmap.bytesPerRow))
        return texture
    }
}
