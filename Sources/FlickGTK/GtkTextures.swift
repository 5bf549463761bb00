import CFlickGTK
import CGtk4
import FlickCore
import FlickRaster
import FlickHost

/// A row bitmap's render node, and for a Cairo node the image surface over the bitmap's
/// memory its recording refers to. The surface holds the bitmap (released with the surface).
/// Main thread.
struct GtkRowNode {
    let node: OpaquePointer
    /// `cairo_surface_t` over the bitmap a Cairo node draws, kept until the node is released.
    let surface: OpaquePointer?
    let kind: GtkRowNodeKind

    /// Releases the node, then the surface: a recording lets go of its snapshot of the
    /// surface first, so destroying the surface copies nothing.
    func release() {
        gsk_render_node_unref(node)
        if let surface { cairo_surface_destroy(surface) }
    }
}

/// Row bitmaps as GSK render nodes, made once per bitmap and kept in a `TextureCache` by the
/// bitmap's identity while it stays on screen; neither copies the bitmap's pixels. For the GL
/// renderer a `GskTextureNode` over a `GdkMemoryTexture` of the bitmap's memory (the texture's
/// bytes keep the bitmap alive; GSK keeps the texture it uploaded); for the Cairo renderer a
/// `GskCairoNode` that paints an image surface over the bitmap's memory (the surface keeps the
/// bitmap), holding the surface itself where it can (`GtkRowNodeKind.cairoImage`). A frame
/// only translates the cached nodes to their rows.
///
/// Main thread (GDK objects are made and released on GTK's thread).
@MainActor
final class GtkTextures {
    private(set) var cache: TextureCache<GtkRowNode>
    private(set) var frame = 0
    /// Nodes made in the current frame.
    private(set) var madeThisFrame = 0
    /// Whether Cairo nodes hold their bitmap's image surface instead of a recording of it
    /// (`GtkListConfiguration.cairoNodesHoldImages`).
    let cairoNodesHoldImages: Bool
    /// The kind of the last node made.
    private(set) var lastKind: GtkRowNodeKind?
    /// Nodes evicted from the cache and not yet released (`releaseEvicted`).
    private(set) var evicted: [GtkRowNode] = []
    /// The idle source that releases `evicted`, 0 when none is pending.
    private var releaseSource: guint = 0

    init(evictAfterFrames: Int, cairoNodesHoldImages: Bool) {
        cache = TextureCache(evictAfterFrames: evictAfterFrames)
        self.cairoNodesHoldImages = cairoNodesHoldImages
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
        let cairo = forCairo, holdsImages = cairoNodesHoldImages
        let made = cache.texture(for: bitmap, frame: frame) { bitmap in
            cairo ? Self.makeCairoNode(bitmap, holdingImage: holdsImages) : Self.makeTextureNode(bitmap)
        }
        if cache.uploads > before {
            madeThisFrame += cache.uploads - before
            lastKind = made?.kind
        }
        return made?.node
    }

    /// Ends a painted frame: nodes unused for too long leave the cache, released once GTK is
    /// idle (`releaseEvicted`).
    func endFrame() {
        evicted += cache.evict(now: frame)
        if !evicted.isEmpty, releaseSource == 0 {
            let box = Unmanaged.passRetained(WeakTextures(self)).toOpaque()
            releaseSource = g_idle_add_full(G_PRIORITY_LOW, Self.releaseWhenIdle, box, Self.dropBox)
        }
        frame += 1
        madeThisFrame = 0
    }

    /// Releases the evicted nodes: after the frame, from an idle source below GTK's redraw
    /// priority, because freeing a row's pixels (1–2 MB at 2×: unmapped, with the other core's
    /// TLB entries shot down) is work no frame needs and a burst of evictions in the paint
    /// phase lengthened that frame. Main thread.
    func releaseEvicted() {
        releaseSource = 0
        let nodes = evicted
        evicted.removeAll()
        for made in nodes { made.release() }
    }

    func releaseAll() {
        if releaseSource != 0 { g_source_remove(releaseSource) }
        releaseEvicted()
        for made in cache.removeAll() { made.release() }
    }

    /// The idle source's hold on the textures: weak, so a pending release keeps nothing alive.
    private final class WeakTextures {
        weak var textures: GtkTextures?
        init(_ textures: GtkTextures) { self.textures = textures }
    }

    private static let releaseWhenIdle: GSourceFunc = { data in
        let address = UInt(bitPattern: data)
        MainActor.assumeIsolated {
            guard let box = UnsafeMutableRawPointer(bitPattern: address) else { return }
            Unmanaged<WeakTextures>.fromOpaque(box).takeUnretainedValue().textures?.releaseEvicted()
        }
        return 0  // G_SOURCE_REMOVE
    }

    private static let dropBox: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<WeakTextures>.fromOpaque(data).release()
    }

    static func makeTextureNode(_ bitmap: Bitmap) -> GtkRowNode? {
        makeNode(bitmap).map { GtkRowNode(node: $0, surface: nil, kind: .texture) }
    }

    static func makeNode(_ bitmap: Bitmap) -> OpaquePointer? {
        guard let texture = makeTexture(bitmap) else { return nil }
        defer { g_object_unref(gpointer(texture)) }  // the node holds its own reference
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0),
            size: graphene_size_t(width: Float(bitmap.pointSize.width), height: Float(bitmap.pointSize.height)))
        return gsk_texture_node_new(texture, &bounds)
    }

    /// A `GskCairoNode` that paints the bitmap: drawn by the Cairo renderer as a source it can
    /// clip to the part on screen, with no copy of the whole bitmap per frame. It paints an
    /// image surface over the bitmap's own memory (never written), so making it copies no
    /// pixels: at 2× a fast fling brings 2–3 new rows a frame, 1–2 MB each, which the main
    /// thread once copied into fresh, page-faulted memory. `holdingImage`: the node holds that
    /// surface in place of its recording (`flick_gtk_cairo_node_new_for_image`), so GSK
    /// composites the rows straight from their pixels instead of replaying each recording
    /// through a zeroed temporary image every frame.
    static func makeCairoNode(_ bitmap: Bitmap, holdingImage: Bool = true) -> GtkRowNode? {
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0),
            size: graphene_size_t(width: Float(bitmap.pointSize.width), height: Float(bitmap.pointSize.height)))
        guard let surface = imageSurface(over: bitmap) else { return nil }
        var direct: gboolean = 0
        guard let node = flick_gtk_cairo_node_new_for_image(&bounds, surface, holdingImage ? 1 : 0, &direct) else {
            cairo_surface_destroy(surface)
            return nil
        }
        return GtkRowNode(node: node, surface: surface, kind: direct != 0 ? .cairoImage : .cairoRecording)
    }

    /// A Cairo image surface over `bitmap`'s pixels that keeps the bitmap alive until the
    /// surface is destroyed. Cairo only reads it (the bitmap is immutable).
    static func imageSurface(over bitmap: Bitmap) -> OpaquePointer? {
        bitmap.withUnsafeBytes { raw -> OpaquePointer? in
            guard let base = raw.baseAddress else { return nil }
            let surface = cairo_image_surface_create_for_data(
                UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)), CAIRO_FORMAT_ARGB32,
                Int32(bitmap.pixelSize.width), Int32(bitmap.pixelSize.height), Int32(bitmap.bytesPerRow))
            guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
                if let surface { cairo_surface_destroy(surface) }
                return nil
            }
            cairo_surface_set_device_scale(surface, bitmap.scale.value, bitmap.scale.value)
            let owner = Unmanaged.passRetained(bitmap).toOpaque()
            cairo_surface_set_user_data(surface, bitmapKey, owner) { owner in
                guard let owner else { return }
                Unmanaged<Bitmap>.fromOpaque(owner).release()
            }
            return surface
        }
    }

    /// The user-data key under which an image surface holds its bitmap (its address is the key).
    private static let bitmapKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

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

/// How a row bitmap reaches GSK. Plain value.
public enum GtkRowNodeKind: String, Sendable {
    /// A `GskTextureNode` over a `GdkMemoryTexture` of the bitmap (GL renderer: uploaded once).
    case texture
    /// A `GskCairoNode` holding an image surface over the bitmap (Cairo renderer: composited
    /// straight from the bitmap's pixels).
    case cairoImage
    /// A `GskCairoNode` recording a paint of that image surface (Cairo renderer: replayed
    /// through a temporary image each draw); used when the node cannot hold the image.
    case cairoRecording
}
