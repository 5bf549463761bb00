import FlickCore

extension Bitmap {
    /// A bitmap holding a copy of premultiplied ARGB32 rows, e.g. pixels read back from a
    /// display for a screenshot. `nil` when `bytes` is too short for `pixelSize` and
    /// `bytesPerRow`, or the size is empty or beyond a canvas. With `opaque`, every alpha byte
    /// is set to 255 (display read-backs may leave it 0). Any thread.
    public convenience init?(copying bytes: UnsafeRawBufferPointer, pixelSize: PixelSize, bytesPerRow: Int, scale: DisplayScale, opaque: Bool = false) {
        guard !pixelSize.isEmpty, pixelSize.width <= Self.maxSurfaceSide, pixelSize.height <= Self.maxSurfaceSide,
            bytesPerRow >= pixelSize.width * 4, bytes.count >= bytesPerRow * (pixelSize.height - 1) + pixelSize.width * 4,
            let base = bytes.baseAddress
        else { return nil }
        let stride = Self.stride(forWidth: pixelSize.width)
        let storage = Self.allocate(bytes: stride * pixelSize.height, zeroed: false)
        for y in 0..<pixelSize.height {
            let target = storage + y * stride
            target.copyMemory(from: base + y * bytesPerRow, byteCount: pixelSize.width * 4)
            if opaque {
                for x in 0..<pixelSize.width {
                    let word = target.load(fromByteOffset: x * 4, as: UInt32.self)
                    target.storeBytes(of: word | 0xFF00_0000, toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        self.init(adopting: storage, pixelSize: pixelSize, bytesPerRow: stride, scale: scale)
    }
}
