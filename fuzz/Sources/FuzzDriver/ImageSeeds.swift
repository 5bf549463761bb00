import FlickCore
import FlickRaster

/// Tiny images made with `ImageEncoder` for the seed corpus (a colour gradient, optionally
/// with an alpha ramp), each with its truncated and damaged variants.
public enum ImageSeeds {
    public static func variants(_ format: ImageFormat, sizes: [(Int, Int, Bool)], lossless: Bool = false) -> [String: [UInt8]] {
        var seeds: [String: [UInt8]] = [:]
        for (width, height, alpha) in sizes {
            let name = "\(width)x\(height)\(alpha ? "-alpha" : "")\(lossless ? "-lossless" : "")"
            let bytes = try! ImageEncoder.encode(gradient(width, height, alpha: alpha), as: format, quality: 80, lossless: lossless)
            seeds.merge(seedVariants(name, format.rawValue, bytes)) { first, _ in first }
        }
        return seeds
    }

    /// Premultiplied ARGB32 (native-endian words, as Cairo stores them).
    static func gradient(_ width: Int, _ height: Int, alpha: Bool) -> Bitmap {
        var words: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width {
                let a = alpha ? UInt32(255 * (x + 1) / width) : 255
                let r = UInt32(255 * x / max(1, width - 1)) * a / 255
                let g = UInt32(255 * y / max(1, height - 1)) * a / 255
                let b = UInt32(128) * a / 255
                words.append(a << 24 | r << 16 | g << 8 | b)
            }
        }
        return words.withUnsafeBytes {
            Bitmap(copying: $0, pixelSize: PixelSize(width: width, height: height), bytesPerRow: width * 4, scale: .one, opaque: !alpha)!
        }
    }
}
