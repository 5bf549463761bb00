import CSDL2
import FlickCore
import FlickRaster

/// An 8-bit straight-alpha colour for overlay rects.
public struct OverlayColor: Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From a FlickRaster colour (0…1 channels).
    public init(_ color: Color) {
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        self.init(byte(color.red), byte(color.green), byte(color.blue), byte(color.alpha))
    }
}

extension SDLDisplay {
    /// Clears the whole drawable to `color`.
    func clear(_ color: OverlayColor) {
        guard let renderer else { return }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, color.red, color.green, color.blue, 255)
        SDL_RenderClear(renderer)
    }

    /// Fills a rectangle in device pixels, blending when the colour is translucent.
    func fill(x: Int, y: Int, width: Int, height: Int, _ color: OverlayColor) {
        fill([(x, y, width, height)], color)
    }

    /// Fills rectangles in device pixels with one colour: one blend-mode and colour change and
    /// one `SDL_RenderFillRects` call for all of them (the frame graph's ~240 bars).
    func fill(_ rects: [(x: Int, y: Int, width: Int, height: Int)], _ color: OverlayColor) {
        let filled = rects.compactMap { rect in
            rect.width > 0 && rect.height > 0
                ? SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height)) : nil
        }
        guard let renderer, !filled.isEmpty else { return }
        SDL_SetRenderDrawBlendMode(renderer, color.alpha < 255 ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, color.red, color.green, color.blue, color.alpha)
        _ = filled.withUnsafeBufferPointer { SDL_RenderFillRects(renderer, $0.baseAddress, Int32($0.count)) }
    }

    /// Restricts drawing to a rectangle in device pixels; `nil` lifts the restriction.
    func setClip(_ rect: (x: Int, y: Int, width: Int, height: Int)?) {
        guard let renderer else { return }
        if let rect {
            var clip = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(max(0, rect.width)), h: Int32(max(0, rect.height)))
            SDL_RenderSetClipRect(renderer, &clip)
        } else {
            SDL_RenderSetClipRect(renderer, nil)
        }
    }

    /// Shows the frame. With a vsynced renderer this waits for the vertical blank.
    func present() {
        if let renderer { SDL_RenderPresent(renderer) }
    }

    /// Reads back what was drawn this frame (call before `present()`): the screenshot path.
    func capture(scale: DisplayScale) -> Bitmap? {
        let size = outputSize
        guard let renderer, !size.isEmpty else { return nil }
        var pixels = [UInt32](repeating: 0, count: size.width * size.height)
        let status = pixels.withUnsafeMutableBytes { bytes in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, bytes.baseAddress, Int32(size.width * 4))
        }
        guard status == 0 else { return nil }
        return pixels.withUnsafeBytes { Bitmap(copying: $0, pixelSize: size, bytesPerRow: size.width * 4, scale: scale, opaque: true) }
    }
}
