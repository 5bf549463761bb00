import FlickCore
import FlickRaster

/// Test images made in memory: known pixels drawn with `Canvas`, encoded with
/// `ImageEncoder`, so codec tests need no files on disk and always know what each pixel
/// should be.
///
/// ```swift
/// let bitmap = ImageFixtures.bitmap(.quadrants, width: 64, height: 48, alpha: true)
/// let png = ImageFixtures.encoded(bitmap, as: .png)
/// let expected = ImageFixtures.expectedPixel(.quadrants, x: 3, y: 3, width: 64, height: 48, alpha: true)
/// ```
public enum ImageFixtures {
    /// What the pixels look like. Every pattern is a function of (x, y, width, height,
    /// alpha), so a test can ask for any pixel's colour without decoding anything.
    public enum Pattern: Hashable, Sendable {
        /// Red grows left→right, green top→bottom, blue is constant (96). With alpha, alpha
        /// falls from 255 at the top row to 0 at the bottom row. Drawn in square cells of
        /// `gradientCell(width:height:)` pixels so large images stay cheap to draw.
        case gradient
        /// `cell`×`cell` squares alternating orange (0xEB7350) and navy (0x1E3A8A); with
        /// alpha the navy squares are half transparent (alpha 128).
        case checkerboard(cell: Int)
        /// Four solid quarters: red top left, green top right, blue bottom left, white
        /// bottom right. With alpha: green is half transparent (128) and white fully
        /// transparent (0).
        case quadrants
    }

    /// A straight (non-premultiplied) colour in bytes.
    public struct RGBA: Hashable, Sendable, CustomStringConvertible {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8
        public var alpha: UInt8

        public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// The same colour for `Canvas`. Bytes map back exactly (Cairo stores v/255 as v).
        public var color: Color {
            Color(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: Double(alpha) / 255)
        }

        /// The premultiplied pixel, each channel rounded to nearest.
        public var premultiplied: Pixel {
            func times(_ channel: UInt8) -> UInt8 { UInt8((Int(channel) * Int(alpha) + 127) / 255) }
            return Pixel(alpha: alpha, red: times(red), green: times(green), blue: times(blue))
        }

        public var description: String { "rgba(\(red),\(green),\(blue),\(alpha))" }
    }

    // MARK: Pixels

    /// The straight colour `pattern` puts at pixel (`x`, `y`).
    public static func color(
        _ pattern: Pattern, x: Int, y: Int, width: Int, height: Int, alpha: Bool = false
    ) -> RGBA {
        switch pattern {
        case .gradient:
            let cell = gradientCell(width: width, height: height)
            let columns = (width + cell - 1) / cell
            let rows = (height + cell - 1) / cell
            let cx = x / cell
            let cy = y / cell
            let red = UInt8(cx * 255 / max(1, columns - 1))
            let green = UInt8(cy * 255 / max(1, rows - 1))
            let a = alpha ? UInt8(255 - cy * 255 / max(1, rows - 1)) : 255
            return RGBA(red, green, 96, a)
        case .checkerboard(let cell):
            let even = (x / cell + y / cell) % 2 == 0
            return even ? RGBA(0xEB, 0x73, 0x50) : RGBA(0x1E, 0x3A, 0x8A, alpha ? 128 : 255)
        case .quadrants:
            switch (x < width / 2, y < height / 2) {
            case (true, true): return RGBA(255, 0, 0)
            case (false, true): return RGBA(0, 255, 0, alpha ? 128 : 255)
            case (true, false): return RGBA(0, 0, 255)
            case (false, false): return RGBA(255, 255, 255, alpha ? 0 : 255)
            }
        }
    }

    /// The premultiplied pixel a bitmap of `pattern` holds at (`x`, `y`) (within ±1 of
    /// what Cairo stores, which truncates where this rounds).
    public static func expectedPixel(
        _ pattern: Pattern, x: Int, y: Int, width: Int, height: Int, alpha: Bool = false
    ) -> Pixel {
        color(pattern, x: x, y: y, width: width, height: height, alpha: alpha).premultiplied
    }

    /// Side of the square cells the gradient is drawn in: 1 px up to 256 px images, larger
    /// beyond so a 1920×1440 image needs ~43,000 fills rather than 2.7 million.
    public static func gradientCell(width: Int, height: Int) -> Int {
        max(1, (max(width, height) + 255) / 256)
    }

    // MARK: Bitmaps

    /// A bitmap of `pattern`, `width`×`height` device pixels, declared at `scale`.
    public static func bitmap(
        _ pattern: Pattern, width: Int, height: Int, alpha: Bool = false, scale: DisplayScale = .one
    ) -> Bitmap {
        let canvas = Canvas(pixelSize: PixelSize(width: width, height: height), scale: .one)
        let cell: Int
        switch pattern {
        case .gradient: cell = gradientCell(width: width, height: height)
        case .checkerboard(let size): cell = size
        case .quadrants: cell = 0
        }
        if cell == 0 {
            let left = width / 2
            let top = height / 2
            let quarters = [(0, 0, left, top), (left, 0, width - left, top), (0, top, left, height - top), (left, top, width - left, height - top)]
            for (x, y, w, h) in quarters where w > 0 && h > 0 {
                let rgba = color(pattern, x: x, y: y, width: width, height: height, alpha: alpha)
                canvas.fill(Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)), rgba.color)
            }
        } else {
            for y in stride(from: 0, to: height, by: cell) {
                for x in stride(from: 0, to: width, by: cell) {
                    let rgba = color(pattern, x: x, y: y, width: width, height: height, alpha: alpha)
                    let rect = Rect(
                        x: Double(x), y: Double(y), width: Double(min(cell, width - x)), height: Double(min(cell, height - y)))
                    canvas.fill(rect, rgba.color)
                }
            }
        }
        let bitmap = canvas.makeBitmap()
        return scale == .one ? bitmap : bitmap.withScale(scale)
    }

    /// One colour everywhere.
    public static func solid(_ rgba: RGBA, width: Int, height: Int) -> Bitmap {
        let canvas = Canvas(pixelSize: PixelSize(width: width, height: height), scale: .one)
        canvas.fill(canvas.bounds, rgba.color)
        return canvas.makeBitmap()
    }

    /// `bitmap` encoded as `format`; a fixture that cannot be encoded stops the test run.
    public static func encoded(_ bitmap: Bitmap, as format: ImageFormat, quality: Int = 90, lossless: Bool = false) -> [UInt8] {
        do {
            return try ImageEncoder.encode(bitmap, as: format, quality: quality, lossless: lossless)
        } catch {
            fatalError("fixture could not be encoded: \(error)")
        }
    }

    /// A `pattern` image encoded as `format` in one step.
    public static func encoded(
        _ pattern: Pattern, width: Int, height: Int, alpha: Bool = false, as format: ImageFormat, quality: Int = 90,
        lossless: Bool = false
    ) -> [UInt8] {
        encoded(bitmap(pattern, width: width, height: height, alpha: alpha), as: format, quality: quality, lossless: lossless)
    }

    // MARK: Comparing

    /// The largest channel difference between `bitmap` and `pattern` over every pixel, and
    /// where it is (for failure messages).
    public static func worstDifference(
        _ bitmap: Bitmap, from pattern: Pattern, alpha: Bool = false, inset: Int = 0
    ) -> (difference: Int, x: Int, y: Int) {
        let size = bitmap.pixelSize
        var worst = (difference: 0, x: 0, y: 0)
        for y in inset..<max(inset, size.height - inset) {
            for x in inset..<max(inset, size.width - inset) {
                let expected = expectedPixel(pattern, x: x, y: y, width: size.width, height: size.height, alpha: alpha)
                let difference = bitmap.pixel(x: x, y: y).maxChannelDifference(to: expected)
                if difference > worst.difference { worst = (difference, x, y) }
            }
        }
        return worst
    }

    // MARK: Bytes

    /// CRC-32 (ISO-HDLC, as PNG chunks use) of `bytes`.
    public static func crc32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// `value` as 4 big-endian bytes.
    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// `value` as 4 little-endian bytes.
    public static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }
}
