import CGtk4
import FlickCore
import FlickRaster

/// A widget's pixels as GTK paints them: its render node (through a `GtkWidgetPaintable`)
/// rendered by its window's GSK renderer at `scale` device pixels per point and read back.
/// The list's own screenshots and the comparison's both come from here. Main thread.
public enum GtkCapture {
    /// The widget's current frame, or `nil` when it is not realized or the renderer failed.
    @MainActor
    public static func capture(_ widget: UnsafeMutablePointer<GtkWidget>, scale: DisplayScale) -> Bitmap? {
        let width = Int(gtk_widget_get_width(widget)), height = Int(gtk_widget_get_height(widget))
        guard width > 0, height > 0, let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else { return nil }
        let paintable = gtk_widget_paintable_new(widget)
        defer { g_object_unref(gpointer(paintable)) }
        guard let snapshot = gtk_snapshot_new() else { return nil }
        gtk_snapshot_scale(snapshot, Float(scale.value), Float(scale.value))
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        let pixels = PixelSize(width: scale.pixels(Double(width)), height: scale.pixels(Double(height)))
        var viewport = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(pixels.width), height: Float(pixels.height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return nil }
        defer { g_object_unref(gpointer(texture)) }
        let stride = pixels.width * 4
        var buffer = [UInt8](repeating: 0, count: stride * pixels.height)
        buffer.withUnsafeMutableBytes { gdk_texture_download(texture, $0.baseAddress, gsize(stride)) }
        return buffer.withUnsafeBytes { Bitmap(copying: $0, pixelSize: pixels, bytesPerRow: stride, scale: scale) }
    }
}
