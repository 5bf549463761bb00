import FlickCore

/// Converts between straight and premultiplied alpha in 32-bit BGRA rows.
enum Premultiply {
    /// Straight → premultiplied, as Cairo requires; rounds to nearest.
    static func inPlace(_ storage: UnsafeMutableRawPointer, size: PixelSize, bytesPerRow: Int) {
        for y in 0..<size.height {
            let row = (storage + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<size.width {
                let p = row + x * 4
                let alpha = UInt32(p[3])
                if alpha == 255 { continue }
                p[0] = UInt8((UInt32(p[0]) * alpha + 127) / 255)
                p[1] = UInt8((UInt32(p[1]) * alpha + 127) / 255)
                p[2] = UInt8((UInt32(p[2]) * alpha + 127) / 255)
            }
        }
    }

    /// Premultiplied → straight BGRA rows, tightly packed (for encoders that want straight alpha).
    static func straightBGRA(_ bitmap: Bitmap) -> [UInt8] {
        let size = bitmap.pixelSize
        var out = [UInt8](repeating: 0, count: size.width * size.height * 4)
        bitmap.withUnsafeBytes { raw in
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let s = y * bitmap.bytesPerRow + x * 4
                    let d = (y * size.width + x) * 4
                    let alpha = UInt32(raw[s + 3])
                    out[d + 3] = UInt8(alpha)
                    guard alpha > 0 else { continue }
                    for c in 0..<3 { out[d + c] = UInt8(min(255, (UInt32(raw[s + c]) * 255 + alpha / 2) / alpha)) }
                }
            }
        }
        return out
    }
}
