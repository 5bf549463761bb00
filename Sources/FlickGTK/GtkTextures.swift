import CGtk4
import FlickCore
import FlickRaster
import FlickWindow

/// Row bitmaps as GSK render nodes: each `Bitmap` wrapped once in a `GdkMemoryTexture`
/// without copying its pixels (the texture's bytes keep the bitmap alive and let go of it when
/// GTK frees the texture), and that texture in one `GskTextureNode` at the origin, kept in a
/// `TextureCache` by the bitmap's identity while it stays on screen. A frame only translates
/// the cached nodes to their rows: no texture or node is made for a bitmap already shown, and
/// GSK's GL renderer keeps the texture it uploaded for the node's texture.
///
/// Main thread (GDK objects are made and released on GTK's thread).
@MainActor
final class GtkTextures {
    private(set) var cache: TextureCache<OpaquePointer>
    private(set) var frame = 0
    /// Nodes made in the current frame.
    private(set) var madeThisFrame = 0

    init(evictAfterFrames: Int) {
        cache = TextureCache(evictAfterFrames: evictAfterFrames)
    }

    /// Whether nodes are made for GSK's Cairo renderer: a Cairo node replaying the bitmap's
    /// pixels, because GTK 4.8's Cairo renderer copies a texture node's whole texture into a
    /// new image surface every time it draws it. Set before the first node; a change empties
    /// the cache.
    var forCairo = false {
        didSet { if forCairo != oldValue { releaseAll() } }
    }

    /// The node for `bitmap` (bounds: the bitmap's size in points, at 0, 0), made on its first use.
    func node(for bitmap: Bitmap) -> OpaquePointer? {
        let before = cache.uploads
        let node = cache.texture(for: bitmap, frame: frame, upload: forCairo ? Self.makeCairoNode : Self.makeNode)
        madeThisFrame += cache.uploads - before
        return node
    }

    /// Ends a painted frame: nodes unused for too long are released (and their textures with them).
    func endFrame() {
        for node in cache.evict(now: frame) { gsk_render_node_unref(node) }
        frame += 1
        madeThisFrame = 0
    }

    func releaseAll() {
        for node in cache.removeAll() { gsk_render_node_unref(node) }
    }

    static func makeNode(_ bitmap: Bitmap) -> OpaquePointer? {
        guard let texture = makeTexture(bitmap) else { return nil }
        defer { g_object_unref(gpointer(texture)) }  // the node holds its own reference
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0),
            size: graphene_size_t(width: Float(bitmap.pointSize.width), height: Float(bitmap.pointSize.height)))
        return gsk_texture_node_new(texture, &bounds)
    }

    /// A `GskCairoNode` whose recording paints the bitmap: drawn by the Cairo renderer as a
    /// source it can clip to the part on screen, with no copy of the whole bitmap per frame.
    static func makeCairoNode(_ bitmap: Bitmap) -> OpaquePointer? {
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0),
            size: graphene_size_t(width: Float(bitmap.pointSize.width), height: Float(bitmap.pointSize.height)))
        guard let node = gsk_cairo_node_new(&bounds), let context = gsk_cairo_node_get_draw_context(node) else { return nil }
        defer { cairo_destroy(context) }
        bitmap.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            let surface = cairo_image_surface_create_for_data(
                UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)), CAIRO_FORMAT_ARGB32,
                Int32(bitmap.pixelSize.width), Int32(bitmap.pixelSize.height), Int32(bitmap.bytesPerRow))
            cairo_surface_set_device_scale(surface, bitmap.scale.value, bitmap.scale.value)
            cairo_set_source_surface(context, surface, 0, 0)
            cairo_paint(context)
            // The recording keeps a snapshot of the pixels: cairo copies them once when the
            // surface over the bitmap's memory goes here.
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        return node
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
