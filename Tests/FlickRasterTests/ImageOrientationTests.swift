import FlickCore
import FlickTestSupport
import Testing

@testable import FlickRaster

/// EXIF orientation applied to JPEGs: each of the eight values shows the stored pixels turned
/// and mirrored as TIFF 6.0 defines.
@Suite struct ImageOrientationTests {
    /// A 64 × 32 image with four coloured quadrants, stored as a JPEG with `orientation`'s APP1.
    static func jpeg(orientation: Int?, littleEndian: Bool = false) -> (stored: Bitmap, bytes: [UInt8]) {
        let stored = ImageFixtures.bitmap(.quadrants, width: 64, height: 32, alpha: false)
        let plain = ImageFixtures.encoded(stored, as: .jpeg, quality: 95)
        guard let orientation else { return (stored, plain) }
        return (stored, Array(plain[0..<2]) + app1(orientation: orientation, littleEndian: littleEndian) + Array(plain[2...]))
    }

    /// APP1 "Exif\0\0" + a TIFF header + IFD0 with one entry: Orientation (0x0112), SHORT, 1.
    static func app1(orientation: Int, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        let tiff = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8) + u16(1)
            + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) + u32(0)
        let payload: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// Where the stored pixel shown at (x, y) sits, written out per orientation from the TIFF
    /// 6.0 table ("the 0th row represents the visual …"), independently of the decoder.
    static func storedPoint(shownX x: Int, shownY y: Int, orientation: Int, stored: PixelSize) -> (Int, Int) {
        let (w, h) = (stored.width, stored.height)
        switch orientation {
        case 2: return (w - 1 - x, y)  // 0th row top, 0th column right
        case 3: return (w - 1 - x, h - 1 - y)  // bottom, right
        case 4: return (x, h - 1 - y)  // bottom, left
        case 5: return (y, x)  // 0th row left, 0th column top
        case 6: return (y, h - 1 - x)  // 0th row right, 0th column top
        case 7: return (w - 1 - y, h - 1 - x)  // 0th row right, 0th column bottom
        case 8: return (w - 1 - y, x)  // 0th row left, 0th column bottom
        default: return (x, y)
        }
    }

    @Test(arguments: 1...8)
    func eachOrientationShowsTheStoredPixelsTurned(orientation: Int) throws {
        for littleEndian in [false, true] {
            let (stored, bytes) = Self.jpeg(orientation: orientation, littleEndian: littleEndian)
            #expect(ImageOrientation.ofJPEG(bytes).rawValue == orientation)
            let shown = try ImageDecoder.decode(bytes)
            let expected = orientation >= 5 ? PixelSize(width: 32, height: 64) : PixelSize(width: 64, height: 32)
            #expect(try ImageDecoder.header(of: bytes).pixelSize == expected, "the header gives the shown size too")
            guard shown.pixelSize == expected else {
                Issue.record("orientation \(orientation): shown as \(shown.pixelSize), not \(expected)")
                continue
            }
            // Points well inside each quadrant (JPEG blurs the edges).
            for (x, y) in [(4, 4), (shown.pixelSize.width - 5, 4), (4, shown.pixelSize.height - 5),
                           (shown.pixelSize.width - 5, shown.pixelSize.height - 5)] {
                let (sx, sy) = Self.storedPoint(shownX: x, shownY: y, orientation: orientation, stored: stored.pixelSize)
                let want = stored.pixel(x: sx, y: sy)
                let got = shown.pixel(x: x, y: y)
                #expect(
                    abs(Int(got.red) - Int(want.red)) < 40 && abs(Int(got.green) - Int(want.green)) < 40
                        && abs(Int(got.blue) - Int(want.blue)) < 40,
                    "orientation \(orientation) at \(x),\(y): \(got) vs stored \(sx),\(sy) \(want)")
            }
        }
    }

    @Test func aTurnedPhotoFillsItsSlotByTheShownShape() throws {
        // Stored landscape 64 × 32, shown portrait 32 × 64: a 16 × 32 fit keeps all of it.
        let (_, bytes) = Self.jpeg(orientation: 6)
        let bitmap = try ImageDecoder.decode(bytes, options: DecodeOptions(target: .fit(PixelSize(width: 16, height: 32))))
        #expect(bitmap.pixelSize == PixelSize(width: 16, height: 32))
    }

    @Test func aDamagedOrMissingTagLeavesTheImageAsStored() throws {
        #expect(ImageOrientation.ofJPEG(Self.jpeg(orientation: nil).bytes) == .up)
        #expect(ImageOrientation.ofJPEG(Self.jpeg(orientation: 9).bytes) == .up, "no such orientation")
        var cut = Self.jpeg(orientation: 6).bytes
        cut[13] = 0x00  // "MM" → "M\0": not a TIFF header
        #expect(ImageOrientation.ofJPEG(cut) == .up)
        #expect(try ImageDecoder.decode(cut).pixelSize == PixelSize(width: 64, height: 32))
    }
}
