import CGtk4
import FlickCore
import FlickList
import FlickRaster

extension FlickListView {
    /// What a snapshot would show now: the engine's layers (the previous engine's during a
    /// handoff; focus ring and selection are layers too) and the background.
    func currentPicture() -> PaintedFrame {
        let shown = engineRebuild.shown(engine)
        let size = Size(width: Double(gtk_widget_get_width(canvas)), height: Double(gtk_widget_get_height(canvas)))
        return PaintedFrame(size: size, background: shown.compositor.background, layers: shown.compositor.layers)
    }

    /// Queues a redraw when the picture changed since the last snapshot; otherwise GTK paints
    /// nothing this frame (an idle list costs its tick only). Main thread, update phase.
    func redrawIfChanged() {
        guard !configuration.redrawsEveryFrame, let painted = lastPainted, painted == currentPicture() else {
            gtk_widget_queue_draw(canvas)
            return
        }
        paintStatistics.unchangedFrames += 1
    }

    /// Paints the frame the engine composed: the background where no opaque row covers the
    /// viewport, then each layer's cached texture node translated to its place (placeholder
    /// tiles clipped to their row; the focus ring and selection tint are the engine's layers
    /// too). GTK's renderer composites
    /// the nodes; no row is redrawn and no texture made for a bitmap already shown.
    /// Main thread, paint phase.
    func paint(_ snapshot: OpaquePointer, width: Int, height: Int) {
        let began = g_get_monotonic_time()
        textures.forCairo = GtkHost.rendererName(of: canvas) == "GskCairoRenderer"
        paintStatistics.cairoNodes = textures.forCairo
        if textures.forCairo, let pixels = X11UploadPool.windowPixels(of: canvas) {
            uploadPool.hold(for: canvas, pixels: pixels)
        } else if uploadPool.isHolding {
            uploadPool.release()
        }
        paintStatistics.holdsUploadPool = uploadPool.isHolding
        let shown = engineRebuild.shown(engine)
        let picture = currentPicture()
        var background = Self.rgba(shown.compositor.background)
        for gap in PaintedFrame.backgroundGaps(shown.compositor.layers, width: Double(width), height: Double(height)) {
            var bounds = Self.rect(Rect(x: 0, y: gap.lowerBound, width: Double(width), height: gap.upperBound - gap.lowerBound))
            gtk_snapshot_append_color(snapshot, &background, &bounds)
        }
        let viewport = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        for layer in shown.compositor.layers where layer.frame.intersects(viewport) {
            guard let node = textures.node(for: layer.bitmap) else { continue }
            var clip = layer.clip.map(Self.rect)
            if clip != nil { gtk_snapshot_push_clip(snapshot, &clip!) }
            var origin = graphene_point_t(x: Float(layer.origin.x), y: Float(layer.origin.y))
            gtk_snapshot_save(snapshot)
            gtk_snapshot_translate(snapshot, &origin)
            gtk_snapshot_append_node(snapshot, node)
            gtk_snapshot_restore(snapshot)
            if clip != nil { gtk_snapshot_pop(snapshot) }
        }
        paintStatistics.nodesMade += textures.madeThisFrame
        paintStatistics.rowNodes = textures.lastKind ?? paintStatistics.rowNodes
        textures.endFrame()
        lastPainted = picture
        paintStatistics.snapshots += 1
        paintStatistics.snapshotMilliseconds.append(Double(g_get_monotonic_time() - began) / 1000)
        if paintStatistics.snapshotMilliseconds.count > configuration.frameLogLimit {
            paintStatistics.snapshotMilliseconds.removeFirst(paintStatistics.snapshotMilliseconds.count / 2)
        }
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
