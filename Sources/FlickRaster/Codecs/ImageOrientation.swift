import FlickCore

/// How a JPEG's stored pixels must be turned to be shown upright: EXIF tag 0x0112 in the APP1
/// segment, values 1–8 (TIFF 6.0 / EXIF 2.3). Cameras and phones store the sensor's rows and
/// say here how the camera was held. Any thread.
public enum ImageOrientation: Int, Hashable, Sendable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Turned 180°.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// Must be turned 90° clockwise to show upright.
    case right = 6
    /// Mirrored along the top-right to bottom-left diagonal (transversed).
    case rightMirrored = 7
    /// Must be turned 90° counter-clockwise to show upright.
    case left = 8

    /// Whether showing the image swaps its width and height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The size shown for an image stored as `size`.
    public func shownSize(of size: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: size.height, height: size.width) : size
    }

    /// `bitmap` (stored pixels) turned upright. Any thread; one pass over the pixels.
    func apply(to bitmap: Bitmap) -> Bitmap {
        guard self != .up else { return bitmap }
        let w = bitmap.pixelSize.width
        let h = bitmap.pixelSize.height
        let shown = shownSize(of: bitmap.pixelSize)
        let stride = Bitmap.stride(forWidth: shown.width)
        let storage = Bitmap.allocate(bytes: stride * shown.height, zeroed: false)
        let source = bitmap.storage
        let sourceStride = bitmap.bytesPerRow
        for y in 0..<shown.height {
            let target = storage + y * stride
            for x in 0..<shown.width {
                // (sx, sy): the stored pixel shown at (x, y).
                let (sx, sy): (Int, Int) =
                    switch self {
                    case .up: (x, y)
                    case .upMirrored: (w - 1 - x, y)
                    case .down: (w - 1 - x, h - 1 - y)
                    case .downMirrored: (x, h - 1 - y)
                    case .leftMirrored: (y, x)
                    case .right: (y, h - 1 - x)
                    case .rightMirrored: (w - 1 - y, h - 1 - x)
                    case .left: (w - 1 - y, x)
                    }
                let word = source.load(fromByteOffset: sy * sourceStride + sx * 4, as: UInt32.self)
                target.storeBytes(of: word, toByteOffset: x * 4, as: UInt32.self)
            }
        }
        return Bitmap(adopting: storage, pixelSize: shown, bytesPerRow: stride, scale: bitmap.scale)
    }

    /// The orientation a JPEG's EXIF data declares; `.up` when there is none or it is damaged
    /// (a bad tag never fails the image). Reads only the segments before the first scan.
    public static func ofJPEG(_ bytes: [UInt8]) -> ImageOrientation {
        bytes.withUnsafeBufferPointer { ofJPEG($0) }
    }

    static func ofJPEG(_ bytes: UnsafeBufferPointer<UInt8>) -> ImageOrientation {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .up }
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xDA || marker == 0xD9 { return .up }  // SOS, EOI: no EXIF before the image data
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return .up }
            if marker == 0xE1, length >= 16 {
                let start = i + 4
                let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
                if (0..<6).allSatisfy({ bytes[start + $0] == exif[$0] }) {
                    return tiffOrientation(bytes, from: start + 6, end: i + 2 + length) ?? .up
                }
            }
            i += 2 + length
        }
        return .up
    }

    /// Tag 0x0112 of IFD0 in the TIFF structure at `base` ..< `end`.
    private static func tiffOrientation(_ bytes: UnsafeBufferPointer<UInt8>, from base: Int, end: Int) -> ImageOrientation? {
        guard end - base >= 8 else { return nil }
        let little: Bool
        switch (bytes[base], bytes[base + 1]) {
        case (0x49, 0x49): little = true  // "II"
        case (0x4D, 0x4D): little = false  // "MM"
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= base, at + 2 <= end else { return nil }
            let a = Int(bytes[at])
            let b = Int(bytes[at + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(little ? at : at + 2), let high = u16(little ? at + 2 : at) else { return nil }
            return low | high << 16
        }
        guard u16(base + 2) == 42, let ifd = u32(base + 4), let count = u16(base + ifd) else { return nil }
        for entry in 0..<count {
            let at = base + ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type SHORT (3), count 1: the value sits in the first two bytes of the value field.
            guard u16(at + 2) == 3, let value = u16(at + 8) else { return nil }
            return ImageOrientation(rawValue: value)
        }
        return nil
    }
}
