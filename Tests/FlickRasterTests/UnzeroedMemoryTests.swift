import FlickCore
import FlickTestSupport
import Testing
@testable import FlickRaster

/// Decoders, snapshots and copies take pixel memory unzeroed because they write every byte:
/// rows are exactly 4 × width apart, and each writer covers every row. Handing them pool
/// memory full of garbage first must leave no trace of it.
@Suite("Unzeroed pixel memory")
struct UnzeroedMemoryTests {
    @Test func argbRowsHaveNoPadding() {
        for width in [1, 2, 3, 5, 7, 99, 750, 1_003, 4_097] {
            #expect(Bitmap.stride(forWidth: width) == 4 * width, "width \(width)")
        }
    }

    @Test(arguments: [ImageFormat.jpeg, .webp, .png])
    func decodersOverwriteEveryByte(format: ImageFormat) throws {
        let source = ImageFixtures.bitmap(.gradient, width: 800, height: 600, alpha: false)
        let bytes = ImageFixtures.encoded(source, as: format)
        // Whole (PNG: the libpng simplified path) and thumbnail (JPEG: DCT scaling; WebP:
        // libwebp's scaler; PNG: the C block averager).
        for target in [nil, PixelSize(width: 100, height: 75)] {
            let output = target ?? source.pixelSize
            Self.dirtyPool(bytes: Bitmap.stride(forWidth: output.width) * output.height)
            let options = target.map { DecodeOptions(target: .fill($0)) } ?? DecodeOptions()
            let decoded = try ImageDecoder.decode(bytes, options: options)
            #expect(decoded.pixelSize == output)
            #expect(decoded.isFullyOpaque, "\(format) at \(output): garbage left in the alpha channel")
        }
    }

    @Test func snapshotsAndRescaledCopiesOverwriteEveryByte() {
        let canvas = Canvas(pixelSize: PixelSize(width: 300, height: 200), scale: .one)
        canvas.fill(canvas.bounds, .white)
        let white = Pixel(alpha: 255, red: 255, green: 255, blue: 255)
        Self.dirtyPool(bytes: Bitmap.stride(forWidth: 300) * 200)
        let snapshot = canvas.snapshot()
        Self.dirtyPool(bytes: snapshot.byteCount)
        let rescaled = snapshot.withScale(.two)
        for bitmap in [snapshot, rescaled] {
            #expect(bitmap.isFullyOpaque)
            #expect(bitmap.pixel(x: 0, y: 0) == white && bitmap.pixel(x: 299, y: 199) == white)
        }
    }

    /// Leaves a buffer of `bytes`' size class full of 0xAB on top of the shared pool, so the
    /// next take of that size most likely gets it.
    private static func dirtyPool(bytes: Int) {
        let pointer = PixelBufferPool.shared.take(bytes: bytes, zeroed: false)
        pointer.initializeMemory(as: UInt8.self, repeating: 0xAB, count: bytes)
        PixelBufferPool.shared.give(pointer, bytes: bytes)
    }
}
