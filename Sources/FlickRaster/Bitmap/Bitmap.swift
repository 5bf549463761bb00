import CCairo
import FlickCore

/// An immutable premultiplied-ARGB32 image in device pixels: the unit Flick rasterizes on
/// workers and composites on the main thread (CALayer.contents in the seeds).
///
/// Made once by a `Canvas` or a decoder and never written again, so it crosses threads
/// freely. Its memory is freed when the last reference goes.
public final class Bitmap: @unchecked Sendable {
    /// Width and height in device pixels.
    public let pixelSize: PixelSize
    /// Bytes from one row to the next (Cairo's stride for the width; ≥ 4 × width).
    public let bytesPerRow: Int
    /// Device pixels per point; `pointSize` = `pixelSize` / scale.
    public let scale: DisplayScale
    let storage: UnsafeMutableRawPointer

    /// Takes ownership of `storage`, which must hold `bytesPerRow × height` bytes allocated
    /// by `Bitmap.allocate(bytes:)` and must not be written after this call.
    init(adopting storage: UnsafeMutableRawPointer, pixelSize: PixelSize, bytesPerRow: Int, scale: DisplayScale) {
        self.storage = storage
        self.pixelSize = pixelSize
        self.bytesPerRow = bytesPerRow
        self.scale = scale
    }

    deinit {
        PixelBufferPool.shared.give(storage, bytes: byteCount)
    }

    /// The size in points.
    public var pointSize: Size { scale.points(pixelSize) }

    /// Bytes of pixel memory this bitmap holds (its cost in caches).
    public var byteCount: Int { bytesPerRow * pixelSize.height }

    /// The pixel at column `x`, row `y` (0-based, from the top left).
    public func pixel(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && y >= 0 && x < pixelSize.width && y < pixelSize.height, "pixel (\(x), \(y)) outside \(pixelSize)")
        let word = storage.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
        return Pixel(word: word)
    }

    /// Read-only access to the raw rows.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage, count: byteCount))
    }

    /// The same pixels declared at another scale (no resampling).
    public func withScale(_ newScale: DisplayScale) -> Bitmap {
        let copy = Bitmap.allocate(bytes: byteCount, zeroed: false)  // the copy overwrites every byte
        copy.copyMemory(from: storage, byteCount: byteCount)
        return Bitmap(adopting: copy, pixelSize: pixelSize, bytesPerRow: bytesPerRow, scale: newScale)
    }

    /// Cairo's stride for a premultiplied ARGB32 row of `width` pixels: exactly 4 × `width`
    /// (Cairo aligns rows to 4 bytes), so a decoder that writes every pixel writes every byte
    /// and may take unzeroed memory.
    static func stride(forWidth width: Int) -> Int {
        Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
    }

    /// Pixel memory, 16-byte aligned for SIMD-friendly Cairo/pixman paths, reused from freed
    /// bitmaps of a similar size when possible (`PixelBufferPool`). Zeroed (transparent)
    /// unless `zeroed` is false, for callers that overwrite every byte before anyone reads it.
    /// A bitmap adopting it must be exactly `bytes` = `bytesPerRow × height` long.
    static func allocate(bytes: Int, zeroed: Bool = true) -> UnsafeMutableRawPointer {
        PixelBufferPool.shared.take(bytes: bytes, zeroed: zeroed)
    }

    /// Returns memory from `allocate(bytes:)` that never became a bitmap (a failed decode, a
    /// canvas dropped unfinished) to the pool, with the same `bytes`.
    static func recycle(_ storage: UnsafeMutableRawPointer, bytes: Int) {
        PixelBufferPool.shared.give(storage, bytes: bytes)
    }

    /// Cairo's largest image surface side: a `Canvas` (and so any resampled result) can be no
    /// bigger. A decoded bitmap can (a 1080×40000 long screenshot).
    static let maxSurfaceSide = 32_767

    /// The side of the tiles a bitmap is read in as a drawing source. Measured with Cairo
    /// 1.16: a source surface 32,000 px tall draws, one 32,767 px tall (still a valid
    /// surface) draws nothing; 16,384 keeps well clear.
    static let sourceTileSide = 16_384

    /// A sub-rectangle of the pixels, in pixels.
    struct Tile: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// Tiles of at most `side`×`side` pixels covering the bitmap, row by row; one tile for
    /// any bitmap up to `sourceTileSide` on each side.
    func sourceTiles(side: Int = Bitmap.sourceTileSide) -> [Tile] {
        Swift.stride(from: 0, to: pixelSize.height, by: side).flatMap { y in
            Swift.stride(from: 0, to: pixelSize.width, by: side).map { x in
                Tile(x: x, y: y, width: min(side, pixelSize.width - x), height: min(side, pixelSize.height - y))
            }
        }
    }

    /// Runs `body` with a Cairo surface over `tile` of this bitmap's pixels (same memory and
    /// stride, no copy), for use as a source.
    func withSourceSurface<R>(tile: Tile, _ body: (OpaquePointer) -> R) -> R {
        let start = storage + tile.y * bytesPerRow + tile.x * 4
        let surface = cairo_image_surface_create_for_data(
            start.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(tile.width), Int32(tile.height),
            Int32(bytesPerRow))!
        defer { cairo_surface_destroy(surface) }
        return body(surface)
    }

    /// Runs `body` with a Cairo surface that reads this bitmap's pixels, for use as a source.
    /// Cairo never writes a surface used only as a source, so immutability holds. Over
    /// `maxSurfaceSide` the surface is in an error state (encoding it fails); draw through
    /// `sourceTiles()`.
    func withSourceSurface<R>(_ body: (OpaquePointer) -> R) -> R {
        let surface = cairo_image_surface_create_for_data(
            storage.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(pixelSize.width), Int32(pixelSize.height), Int32(bytesPerRow))!
        defer { cairo_surface_destroy(surface) }
        return body(surface)
    }
}

extension Bitmap {
    /// Whether every pixel has alpha 255, so a display can copy instead of blending. Reads
    /// every pixel: call it on a worker, once per bitmap.
    public var isFullyOpaque: Bool {
        withUnsafeBytes { raw in
            for y in 0..<pixelSize.height {
                let row = raw.baseAddress!.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
                for x in 0..<pixelSize.width where row[x] >> 24 != 0xFF { return false }
            }
            return true
        }
    }
}
