import FlickCore
import FlickList
import FlickRaster

/// The GPU present path: draws a frame's layers as textures, each bitmap uploaded once and
/// reused while it stays on screen, copied when opaque and blended (premultiplied) when not;
/// placeholder tiles clipped to their row. Every frame is drawn whole (`SDL_RenderClear`, every
/// layer, `SDL_RenderPresent`): cheap on real graphics hardware, ~10 ms a frame at @2x under a
/// CPU rasterizer (llvmpipe), where the software path (`SurfacePresenter`) is taken instead.
///
/// Main thread (SDL rendering).
@MainActor
final class LayerPresenter: FramePresenting {
    let display: SDLDisplay
    let path = PresentPath.gpu
    private(set) var textures: TextureCache<SDLTexture>
    private(set) var frame = 0
    /// Uploads made in the current frame.
    private(set) var uploadsThisFrame = 0
    let redrawnRowsThisFrame = 0
    let presentWaitMillisecondsThisFrame = 0.0

    init(display: SDLDisplay, evictAfterFrames: Int) {
        self.display = display
        textures = TextureCache(evictAfterFrames: evictAfterFrames)
    }

    func drawList(_ layers: [DisplayLayer], background: Color, scale: DisplayScale) {
        display.clear(OverlayColor(background))
        draw(layers, scale: scale)
    }

    /// Draws `layers` in order (a pressed row's look is already among them: the engine
    /// composes it).
    func draw(_ layers: [DisplayLayer], scale: DisplayScale) {
        for layer in layers {
            if let clip = layer.clip { display.setClip(clip.pixelRect(scale)) }
            draw(layer.bitmap, at: layer.origin, scale: scale, blended: !layer.isOpaque)
            if layer.clip != nil { display.setClip(nil) }
        }
    }

    /// Draws one bitmap with its top-left at `origin` (points), uploading it if needed.
    func draw(_ bitmap: Bitmap, at origin: Point, scale: DisplayScale, blended: Bool) {
        let display = display
        let upload = { (bitmap: Bitmap) -> SDLTexture? in display.upload(bitmap, blended: blended) }
        let before = textures.uploads
        guard let texture = textures.texture(for: bitmap, frame: frame, upload: upload) else { return }
        uploadsThisFrame += textures.uploads - before
        let target = LayerPlacement.destination(origin: origin, pixelSize: bitmap.pixelSize, bitmapScale: bitmap.scale, scale: scale)
        display.draw(texture, x: target.x, y: target.y, width: target.width, height: target.height, blended: blended)
    }

    func fill(_ rects: [PixelRect], _ color: OverlayColor) {
        display.fill(rects.map { ($0.x, $0.y, $0.width, $0.height) }, color)
    }

    func capture(scale: DisplayScale) -> Bitmap? { display.capture(scale: scale) }

    /// Presents, then ends the frame: textures unused for too long are destroyed.
    func present(frameStart: UInt64, hold: consuming HeldWakes.Hold) {
        display.present()
        hold.end()
        for texture in textures.evict(now: frame) { display.destroy(texture) }
        frame += 1
        uploadsThisFrame = 0
    }

    var hudDescription: String {
        "gpu present · textures \(textures.count) · \(textures.bytes / 1_048_576) MB · \(display.info.renderer)"
    }

    /// Destroys every texture (before the renderer goes).
    func releaseAll() {
        for texture in textures.removeAll() { display.destroy(texture) }
    }
}
