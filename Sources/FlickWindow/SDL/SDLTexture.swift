import CSDL2
import FlickCore
import FlickRaster

/// A bitmap on the display: one SDL texture, or several tiles when the bitmap is larger than
/// the renderer's texture limit. Destroy it with `SDLDisplay.destroy(_:)`. Main thread.
struct SDLTexture {
    struct Tile {
        let texture: OpaquePointer
        /// The tile's part of the bitmap, pixels.
        let x: Int, y: Int, width: Int, height: Int
    }

    let tiles: [Tile]
    let pixelSize: PixelSize
    /// Pixels were converted to straight alpha at upload (no premultiplied blend mode).
    let straightAlpha: Bool
}

extension SDLDisplay {
    /// Uploads `bitmap` (premultiplied ARGB32, the same bytes as SDL's ARGB8888) once.
    /// `blended`: the layer is translucent; without a premultiplied blend mode its pixels are
    /// converted to straight alpha on the way (a per-pixel pass, only for translucent layers).
    /// `nil` when SDL refuses (out of memory): the layer is skipped this frame.
    func upload(_ bitmap: Bitmap, blended: Bool) -> SDLTexture? {
        let size = bitmap.pixelSize
        guard let renderer, !size.isEmpty else { return nil }
        let side = info.maxTextureSide > 0 ? info.maxTextureSide : Int.max
        let straight = blended && !info.premultipliedBlending
        var tiles: [SDLTexture.Tile] = []
        let converted: [UInt32]? = straight ? Self.straightAlpha(bitmap) : nil
        for y in stride(from: 0, to: size.height, by: min(side, size.height)) {
            for x in stride(from: 0, to: size.width, by: min(side, size.width)) {
                let width = min(side, size.width - x)
                let height = min(side, size.height - y)
                guard let texture = SDL_CreateTexture(
                    renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                    Int32(width), Int32(height))
                else {
                    for tile in tiles { SDL_DestroyTexture(tile.texture) }
                    return nil
                }
                var rect = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
                if let converted {
                    converted.withUnsafeBytes { bytes in
                        _ = SDL_UpdateTexture(texture, &rect, bytes.baseAddress! + (y * size.width + x) * 4, Int32(size.width * 4))
                    }
                } else {
                    bitmap.withUnsafeBytes { bytes in
                        _ = SDL_UpdateTexture(texture, &rect, bytes.baseAddress! + y * bitmap.bytesPerRow + x * 4, Int32(bitmap.bytesPerRow))
                    }
                }
                tiles.append(SDLTexture.Tile(texture: texture, x: x, y: y, width: width, height: height))
            }
        }
        return SDLTexture(tiles: tiles, pixelSize: size, straightAlpha: straight)
    }

    func destroy(_ texture: SDLTexture) {
        for tile in texture.tiles { SDL_DestroyTexture(tile.texture) }
    }

    /// Draws `texture` into the destination rectangle (device pixels), copying when `blended`
    /// is false and blending (premultiplied, or straight for converted pixels) when true.
    func draw(_ texture: SDLTexture, x: Int, y: Int, width: Int, height: Int, blended: Bool) {
        let sx = Double(width) / Double(max(1, texture.pixelSize.width))
        let sy = Double(height) / Double(max(1, texture.pixelSize.height))
        guard let renderer else { return }
        let mode: SDL_BlendMode = !blended ? SDL_BLENDMODE_NONE : texture.straightAlpha ? SDL_BLENDMODE_BLEND : premultipliedBlendMode
        for tile in texture.tiles {
            SDL_SetTextureBlendMode(tile.texture, mode)
            let x0 = x + Int((Double(tile.x) * sx).rounded())
            let y0 = y + Int((Double(tile.y) * sy).rounded())
            let x1 = x + Int((Double(tile.x + tile.width) * sx).rounded())
            let y1 = y + Int((Double(tile.y + tile.height) * sy).rounded())
            var destination = SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
            SDL_RenderCopy(renderer, tile.texture, nil, &destination)
        }
    }

    /// Premultiplied → straight alpha, for renderers without a premultiplied blend mode.
    private static func straightAlpha(_ bitmap: Bitmap) -> [UInt32] {
        let size = bitmap.pixelSize
        var out = [UInt32](repeating: 0, count: size.width * size.height)
        bitmap.withUnsafeBytes { bytes in
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let word = bytes.load(fromByteOffset: y * bitmap.bytesPerRow + x * 4, as: UInt32.self)
                    let alpha = word >> 24
                    guard alpha > 0 else { continue }
                    guard alpha < 255 else {
                        out[y * size.width + x] = word
                        continue
                    }
                    func channel(_ shift: UInt32) -> UInt32 { min(255, (((word >> shift) & 0xFF) * 255 + alpha / 2) / alpha) << shift }
                    out[y * size.width + x] = alpha << 24 | channel(16) | channel(8) | channel(0)
                }
            }
        }
        return out
    }
}
