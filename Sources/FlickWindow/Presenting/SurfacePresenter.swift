import CCairo
import CSDL2
import FlickCore
import FlickList
import FlickRaster
import Foundation

/// The software present path: frames composed by the CPU straight into the window's surface
/// (on X11 an XShm image the X server reads from shared memory) and sent with
/// `SDL_UpdateWindowSurfaceRects`. The surface keeps the previous frame, so a frame moves it by
/// the scroll delta (one `memmove`) and draws again only what `ScrollBlitPlan` says changed:
/// the exposed strip, rows that are new, gone or moved differently, and where last frame's
/// overlays were. Opaque layers are copied row by row with `memcpy`; translucent ones
/// (round avatars, HUD panels) and overlay fills are blended by Cairo (pixman), premultiplied.
///
/// Main thread (SDL video). Made by `SDLDisplay` when the software path is chosen.
@MainActor
final class SurfacePresenter: FramePresenting {
    /// Pixels the frame is composed into (the SDL window surface, or one of two X11 shared
    /// images) with a Cairo surface over them.
    private struct Target {
        let surface: UnsafeMutablePointer<SDL_Surface>?
        let pixels: UnsafeMutableRawPointer
        let size: PixelSize
        let pitch: Int
        let cairoSurface: OpaquePointer
        let cairo: OpaquePointer

        var bounds: PixelRect { PixelRect(x: 0, y: 0, width: size.width, height: size.height) }
    }

    let window: OpaquePointer
    let path = PresentPath.software
    /// The buffer this frame is composed into.
    private var target: Target? { targets.isEmpty ? nil : targets[current] }
    private var targets: [Target] = []
    private var current = 0
    /// Double-buffered shared images presented off the main thread (X11 with MIT-SHM); `nil`
    /// uses the SDL window surface, presented synchronously.
    private var images: X11SharedImages?
    /// Whether to try `images` (cleared when they cannot be made).
    private var triesSharedImages: Bool
    /// Attempts in a row that made no usable images (the X window not yet at SDL's size while a
    /// resize lands); after `sharedImageAttempts` the SDL surface is kept for good.
    private var failedSharedImageAttempts = 0
    /// Default 8: a resize settles within a few frames; an X server without SHM fails every time.
    private let sharedImageAttempts = 8
    /// The previous frame's layers: they hold its bitmaps, so their identities stay unique
    /// while `previousPlaced` refers to them.
    private var previousLayers: [DisplayLayer] = []
    private var previousPlaced: [PlacedLayer]?
    private var previousBackground: OverlayColor?
    /// Overlays drawn over this frame's list (redrawn from the list next frame).
    private var overlays: [PixelRect] = []
    /// Parts of the surface changed this frame; `nil`: all of it.
    private var damage: [PixelRect]? = []
    /// This frame's plan.
    private(set) var lastPlan: ScrollBlitPlan?
    let uploadsThisFrame = 0
    private(set) var redrawnRowsThisFrame = 0
    private(set) var presentWaitMillisecondsThisFrame = 0.0
    private let clock = MonotonicClock()
    private let holdsWorkersThroughPresent: Bool

    /// - Parameters:
    ///   - asynchronous: present from X11 shared images on a thread of their own (when the
    ///     window is on X11 with MIT-SHM), instead of `SDL_UpdateWindowSurfaceRects`.
    ///   - holdsWorkersThroughPresent: an asynchronous present keeps the frame's worker
    ///     wake-ups held until the X server completed it.
    init(window: OpaquePointer, asynchronous: Bool, holdsWorkersThroughPresent: Bool) {
        self.window = window
        triesSharedImages = asynchronous
        self.holdsWorkersThroughPresent = holdsWorkersThroughPresent
    }

    /// Whether frames are presented from shared images off the main thread.
    var presentsAsynchronously: Bool { images != nil }

    /// Asynchronous presents since the last call: from each hand-off, and from its frame's
    /// start, until the X server completed it (empty when presents are synchronous).
    func takePresented() -> [CompletedPresent] { images?.takePresented() ?? [] }

    /// Whether `format` is one the path draws into: 32-bit xRGB/ARGB, the layout of Cairo's
    /// RGB24/ARGB32 and of Flick's bitmaps, so rows copy as they are.
    nonisolated static func cairoFormat(for format: UInt32) -> cairo_format_t? {
        switch format {
        case SDL_PIXELFORMAT_ARGB8888.rawValue: CAIRO_FORMAT_ARGB32
        case SDL_PIXELFORMAT_RGB888.rawValue: CAIRO_FORMAT_RGB24
        default: nil
        }
    }

    /// The buffers for this frame, made again when the window's size changed (then the previous
    /// frame is gone and the plan redraws everything).
    private func bind() -> Target? {
        if triesSharedImages {
            var width: Int32 = 0
            var height: Int32 = 0
            SDL_GetWindowSizeInPixels(window, &width, &height)
            let size = PixelSize(width: Int(width), height: Int(height))
            if let images, images.size == size, targets.count == X11SharedImages.count { return targets[current] }
            unbind()
            let made = X11SharedImages(sdlWindow: window)
            if let made, made.size != size { made.release() }
            if let made, made.size == size {
                let format = made.hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
                let bound = (0..<X11SharedImages.count).compactMap { Self.target(surface: nil, pixels: made.pixels($0), size: made.size, pitch: made.pitch, format: format) }
                if bound.count == X11SharedImages.count {
                    images = made
                    targets = bound
                    current = 0
                    failedSharedImageAttempts = 0
                    return targets[0]
                }
                for target in bound { Self.free(target) }
                made.release()
            }
            // No shared images, or a window not (yet) the size SDL reports: the SDL surface
            // this frame, and again for good once the attempts run out.
            failedSharedImageAttempts += 1
            if failedSharedImageAttempts >= sharedImageAttempts { triesSharedImages = false }
        }
        guard let surface = SDL_GetWindowSurface(window), let pixels = surface.pointee.pixels,
            let format = Self.cairoFormat(for: surface.pointee.format.pointee.format)
        else { return nil }
        let size = PixelSize(width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        let pitch = Int(surface.pointee.pitch)
        if let target, target.surface == surface, target.pixels == pixels, target.size == size, target.pitch == pitch {
            return target
        }
        unbind()
        guard let made = Self.target(surface: surface, pixels: pixels, size: size, pitch: pitch, format: format) else { return nil }
        targets = [made]
        current = 0
        return made
    }

    private static func target(
        surface: UnsafeMutablePointer<SDL_Surface>?, pixels: UnsafeMutableRawPointer, size: PixelSize, pitch: Int, format: cairo_format_t
    ) -> Target? {
        guard let cairoSurface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), format, Int32(size.width), Int32(size.height), Int32(pitch))
        else { return nil }
        return Target(surface: surface, pixels: pixels, size: size, pitch: pitch, cairoSurface: cairoSurface, cairo: cairo_create(cairoSurface)!)
    }

    private static func free(_ target: Target) {
        cairo_destroy(target.cairo)
        cairo_surface_destroy(target.cairoSurface)
    }

    private func unbind() {
        for target in targets { Self.free(target) }
        targets = []
        images?.release()
        images = nil
        previousPlaced = nil
    }

    func drawList(_ layers: [DisplayLayer], background: Color, scale: DisplayScale) {
        redrawnRowsThisFrame = 0
        presentWaitMillisecondsThisFrame = 0
        guard var target = bind() else { return }
        var previousBuffer: Target?
        if let images, targets.count == X11SharedImages.count {
            // Compose into the next image once the server has finished reading it.
            previousBuffer = targets[current]
            current = (current + 1) % targets.count
            let waitStart = clock.now
            images.waitUntilFree(current)
            presentWaitMillisecondsThisFrame = (clock.now - waitStart) * 1000
            target = targets[current]
        }
        let placed = layers.map { PlacedLayer($0, scale: scale) }
        let color = OverlayColor(background)
        let plan = ScrollBlitPlan(
            previous: color == previousBackground ? previousPlaced : nil, current: placed, previousOverlays: overlays,
            bounds: target.bounds)
        cairo_surface_flush(target.cairoSurface)
        if let previousBuffer {
            if !plan.isFull { copy(previousBuffer, into: target, shiftedBy: plan.dy) }
        } else if plan.dy != 0 {
            shift(target, by: plan.dy)
        }
        for band in plan.bands {
            redraw(band, layers: layers, placed: placed, background: color, in: target)
        }
        cairo_surface_mark_dirty(target.cairoSurface)
        redrawnRowsThisFrame = plan.redrawnRows
        damage = plan.dy != 0 || plan.isFull ? nil : plan.bands.map { PixelRect(x: 0, y: $0.lowerBound, width: target.size.width, height: $0.count) }
        previousLayers = layers
        previousPlaced = placed
        previousBackground = color
        overlays = []
        lastPlan = plan
    }

    /// Moves the whole surface `dy` rows down (up when negative): one `memmove`.
    private func shift(_ target: Target, by dy: Int) {
        let rows = target.size.height - abs(dy)
        guard rows > 0 else { return }
        let bytes = rows * target.pitch
        if dy > 0 {
            memmove(target.pixels + dy * target.pitch, target.pixels, bytes)
        } else {
            memmove(target.pixels, target.pixels + (-dy) * target.pitch, bytes)
        }
    }

    /// Copies the previous frame from the image it was drawn into, moved `dy` rows down (up when negative).
    private func copy(_ source: Target, into target: Target, shiftedBy dy: Int) {
        let rows = target.size.height - abs(dy)
        guard rows > 0, source.pitch == target.pitch, source.size == target.size else { return }
        let from = source.pixels + max(0, -dy) * source.pitch
        let to = target.pixels + max(0, dy) * target.pitch
        to.copyMemory(from: from, byteCount: rows * target.pitch)
    }

    /// Draws rows `band` again: background, then every layer that touches it, in order.
    private func redraw(_ band: Range<Int>, layers: [DisplayLayer], placed: [PlacedLayer], background: OverlayColor, in target: Target) {
        let rect = PixelRect(x: 0, y: band.lowerBound, width: target.size.width, height: band.count)
        fillOpaque(rect, background, in: target)
        for (layer, place) in zip(layers, placed) {
            let area = place.visible(in: rect)
            guard !area.isEmpty else { continue }
            paint(layer.bitmap, at: place.rect, area: area, opaque: layer.isOpaque, in: target)
        }
    }

    /// Fills `rect` with an opaque colour by writing words (no Cairo call per band).
    private func fillOpaque(_ rect: PixelRect, _ color: OverlayColor, in target: Target) {
        let area = rect.intersection(target.bounds)
        guard !area.isEmpty else { return }
        let word = 0xFF00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
        let first = target.pixels + area.y * target.pitch + area.x * 4
        first.initializeMemory(as: UInt32.self, repeating: word, count: area.width)
        for row in 1..<area.height {
            (first + row * target.pitch).copyMemory(from: first, byteCount: area.width * 4)
        }
    }

    /// Puts `bitmap` (placed at `rect`) into the surface, only inside `area`: opaque bitmaps at
    /// their own size by `memcpy` per row, the rest through Cairo (blended, or scaled).
    private func paint(_ bitmap: Bitmap, at rect: PixelRect, area: PixelRect, opaque: Bool, in target: Target) {
        let natural = rect.width == bitmap.pixelSize.width && rect.height == bitmap.pixelSize.height
        if opaque, natural {
            bitmap.withUnsafeBytes { source in
                guard let base = source.baseAddress else { return }
                let rowBytes = area.width * 4
                for row in area.y..<area.maxY {
                    let from = base + (row - rect.y) * bitmap.bytesPerRow + (area.x - rect.x) * 4
                    (target.pixels + row * target.pitch + area.x * 4).copyMemory(from: from, byteCount: rowBytes)
                }
            }
            return
        }
        let cairo = target.cairo
        bitmap.withUnsafeBytes { source in
            guard let base = source.baseAddress, !bitmap.pixelSize.isEmpty else { return }
            let mutable = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: UInt8.self)
            // A source surface only: Cairo never writes it, so the bitmap stays immutable.
            guard let image = cairo_image_surface_create_for_data(
                mutable, CAIRO_FORMAT_ARGB32, Int32(bitmap.pixelSize.width), Int32(bitmap.pixelSize.height), Int32(bitmap.bytesPerRow))
            else { return }
            defer { cairo_surface_destroy(image) }
            cairo_save(cairo)
            cairo_rectangle(cairo, Double(area.x), Double(area.y), Double(area.width), Double(area.height))
            cairo_clip(cairo)
            cairo_translate(cairo, Double(rect.x), Double(rect.y))
            if !natural {
                cairo_scale(cairo, Double(rect.width) / Double(bitmap.pixelSize.width), Double(rect.height) / Double(bitmap.pixelSize.height))
            }
            cairo_set_source_surface(cairo, image, 0, 0)
            cairo_set_operator(cairo, opaque ? CAIRO_OPERATOR_SOURCE : CAIRO_OPERATOR_OVER)
            cairo_paint(cairo)
            cairo_restore(cairo)
        }
    }

    func draw(_ bitmap: Bitmap, at origin: Point, scale: DisplayScale, blended: Bool) {
        guard let target else { return }
        let d = LayerPlacement.destination(origin: origin, pixelSize: bitmap.pixelSize, bitmapScale: bitmap.scale, scale: scale)
        let rect = PixelRect(x: d.x, y: d.y, width: d.width, height: d.height)
        let area = rect.intersection(target.bounds)
        guard !area.isEmpty else { return }
        cairo_surface_flush(target.cairoSurface)
        paint(bitmap, at: rect, area: area, opaque: !blended, in: target)
        cairo_surface_mark_dirty(target.cairoSurface)
        touched(area)
    }

    func fill(_ rects: [PixelRect], _ color: OverlayColor) {
        guard let target else { return }
        let cut = rects.map { $0.intersection(target.bounds) }.filter { !$0.isEmpty }
        guard !cut.isEmpty else { return }
        let cairo = target.cairo
        cairo_save(cairo)
        cairo_set_operator(cairo, color.alpha < 255 ? CAIRO_OPERATOR_OVER : CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cairo, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, Double(color.alpha) / 255)
        for rect in cut { cairo_rectangle(cairo, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height)) }
        cairo_fill(cairo)
        cairo_restore(cairo)
        for rect in cut { touched(rect) }
    }

    /// An overlay changed `rect`: send it this frame, draw the list there again next frame.
    private func touched(_ rect: PixelRect) {
        overlays.append(rect)
        damage?.append(rect)
    }

    func capture(scale: DisplayScale) -> Bitmap? {
        guard let target else { return nil }
        cairo_surface_flush(target.cairoSurface)
        let bytes = UnsafeRawBufferPointer(start: target.pixels, count: target.pitch * target.size.height)
        return Bitmap(copying: bytes, pixelSize: target.size, bytesPerRow: target.pitch, scale: scale, opaque: true)
    }

    func present(frameStart: UInt64, hold: consuming HeldWakes.Hold) {
        defer { damage = [] }
        guard let target else { return }
        cairo_surface_flush(target.cairoSurface)
        if let images {
            let kept: PresentHold
            if holdsWorkersThroughPresent {
                kept = PresentHold(hold)
            } else {
                hold.end()
                kept = PresentHold(nil)
            }
            images.present(current, rects: damage ?? [target.bounds], frameStart: frameStart, until: kept)
            return
        }
        guard let damage else {
            SDL_UpdateWindowSurface(window)
            return
        }
        guard !damage.isEmpty else { return }
        let rects = damage.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height)) }
        _ = rects.withUnsafeBufferPointer { SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) }
    }

    var hudDescription: String {
        guard let target, let plan = lastPlan else { return "software present" }
        let share = Double(redrawnRowsThisFrame) / Double(max(1, target.size.height)) * 100
        return String(format: "software present%@ · blit %d px · redrawn %.0f%%", images != nil ? " (shm, async)" : "", plan.dy, share)
    }

    func releaseAll() {
        unbind()
        previousLayers = []
    }
}
