import FlickCore

extension Bitmap {
    /// A copy of `region`'s pixels (the whole bitmap itself when the region is all of it).
    /// Any thread.
    func cropped(to region: PixelRegion) -> Bitmap {
        guard region.size != pixelSize || region.x != 0 || region.y != 0 else { return self }
        let stride = Self.stride(forWidth: region.size.width)
        let storage = Self.allocate(bytes: stride * region.size.height, zeroed: false)
        for row in 0..<region.size.height {
            (storage + row * stride).copyMemory(
                from: self.storage + (region.y + row) * bytesPerRow + region.x * 4, byteCount: region.size.width * 4)
        }
        return Bitmap(adopting: storage, pixelSize: region.size, bytesPerRow: stride, scale: scale)
    }
}
