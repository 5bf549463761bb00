import CGtk4
import FlickCore
import FlickList
import FlickRaster

extension FlickListView {
    /// Paints the frame the engine composed: the background, then each layer's texture at its
    /// place (placeholder tiles clipped to their row), then the keyboard focus ring. GTK's
    /// renderer composites the textures; no row is redrawn here. Main thread, paint phase.
    func paint(_ snapshot: OpaquePointer, width: Int, height: Int) {
        let shown = handoff?.engine ?? engine
        var bounds = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        var background = Self.rgba(shown.compositor.background)
        gtk_snapshot_append_color(snapshot, &background, &bounds)
        for layer in shown.compositor.layers {
            guard let texture = textures.texture(for: layer.bitmap) else { continue }
            var clip = layer.clip.map(Self.rect)
            if clip != nil { gtk_snapshot_push_clip(snapshot, &clip!) }
            let size = layer.bitmap.pointSize
            var target = graphene_rect_t(
                origin: graphene_point_t(x: Float(layer.origin.x), y: Float(layer.origin.y)),
                size: graphene_size_t(width: Float(size.width), height: Float(size.height)))
            gtk_snapshot_append_texture(snapshot, texture, &target)
            if clip != nil { gtk_snapshot_pop(snapshot) }
        }
        if shown === engine, gtk_widget_has_focus(canvas) != 0, let link = focusedLink {
            appendFocusRing(snapshot, around: link.frame)
        }
        textures.endFrame()
    }

    private func appendFocusRing(_ snapshot: OpaquePointer, around frame: Rect) {
        var outline = GskRoundedRect()
        var rect = Self.rect(frame.insetBy(dx: -2, dy: -2))
        gsk_rounded_rect_init_from_rect(&outline, &rect, 4)
        var widths: [Float] = [2, 2, 2, 2]
        let accent = GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1)  // GNOME's accent blue
        var colors = [accent, accent, accent, accent]
        gtk_snapshot_append_border(snapshot, &outline, &widths, &colors)
    }

    static func rect(_ rect: Rect) -> graphene_rect_t {
        graphene_rect_t(
            origin: graphene_point_t(x: Float(rect.minX), y: Float(rect.minY)),
            size: graphene_size_t(width: Float(rect.width), height: Float(rect.height)))
    }

    static func rgba(_ color: Color) -> GdkRGBA {
        GdkRGBA(red: Float(color.red), green: Float(color.green), blue: Float(color.blue), alpha: Float(color.alpha))
    }
}
