import FlickCore
import FlickRaster
import FlickTestSupport
import Testing

/// The encodings every format test decodes: (label, bytes, format, has alpha).
enum Encodings {
    static let width = 90
    static let height = 70

    static let all: [(label: String, bytes: [UInt8], format: ImageFormat, alpha: Bool)] = [
        ("JPEG", ImageFixtures.encoded(.quadrants, width: width, height: height, as: .jpeg), .jpeg, false),
        ("PNG", ImageFixtures.encoded(.quadrants, width: width, height: height, as: .png), .png, false),
        ("PNG+alpha", ImageFixtures.encoded(.quadrants, width: width, height: height, alpha: true, as: .png), .png, true),
        ("WebP lossy", ImageFixtures.encoded(.quadrants, width: width, height: height, as: .webp), .webp, false),
        ("WebP lossy+alpha", ImageFixtures.encoded(.quadrants, width: width, height: height, alpha: true, as: .webp), .webp, true),
        ("WebP lossless", ImageFixtures.encoded(.quadrants, width: width, height: height, as: .webp, lossless: true), .webp, false),
        (
            "WebP lossless+alpha",
            ImageFixtures.encoded(.quadrants, width: width, height: height, alpha: true, as: .webp, lossless: true), .webp, true
        ),
    ]

    static var labels: [String] { all.map(\.label) }

    static func named(_ label: String) -> (label: String, bytes: [UInt8], format: ImageFormat, alpha: Bool) {
        all.first { $0.label == label }!
    }
}

@Suite("ImageDecoder: formats, headers, colours")
struct DecoderFormatTests {
    @Test(arguments: Encodings.labels)
    func headerNamesFormatSizeAndAlpha(label: String) throws {
        let encoding = Encodings.named(label)
        let header = try ImageDecoder.header(of: encoding.bytes)
        #expect(header.format == encoding.format)
        #expect(header.pixelSize == PixelSize(width: Encodings.width, height: Encodings.height))
        #expect(header.hasAlpha == encoding.alpha)
    }

    @Test(arguments: Encodings.labels)
    func decodedColoursMatchTheSource(label: String) throws {
        let encoding = Encodings.named(label)
        let bitmap = try ImageDecoder.decode(encoding.bytes)
        try #require(bitmap.pixelSize == PixelSize(width: Encodings.width, height: Encodings.height))
        // Centres of the four quadrants; lossy codecs get a tolerance, lossless none beyond
        // the ±1 of premultiplying.
        let tolerance = label.contains("lossy") || label == "JPEG" ? 12 : 1
        for (x, y) in [(20, 15), (70, 15), (20, 55), (70, 55)] {
            let expected = ImageFixtures.expectedPixel(
                .quadrants, x: x, y: y, width: Encodings.width, height: Encodings.height, alpha: encoding.alpha)
            let actual = bitmap.pixel(x: x, y: y)
            #expect(actual.maxChannelDifference(to: expected) <= tolerance, "\(label) (\(x), \(y)): \(actual) vs \(expected)")
        }
    }

    @Test(arguments: Encodings.labels.filter { $0.contains("alpha") })
    func alphaIsPreserved(label: String) throws {
        let bitmap = try ImageDecoder.decode(Encodings.named(label).bytes)
        #expect(bitmap.pixel(x: 70, y: 55) == Pixel(alpha: 0, red: 0, green: 0, blue: 0), "\(label) transparent quarter")
        #expect(bitmap.pixel(x: 70, y: 15).alpha == 128, "\(label) half-transparent quarter")
        #expect(bitmap.pixel(x: 20, y: 15).alpha == 255, "\(label) opaque quarter")
    }

    @Test(arguments: Encodings.labels.filter { !$0.contains("alpha") })
    func opaqueImagesDecodeFullyOpaque(label: String) throws {
        let bitmap = try ImageDecoder.decode(Encodings.named(label).bytes)
        var translucent = 0
        for y in 0..<Encodings.height {
            for x in 0..<Encodings.width where bitmap.pixel(x: x, y: y).alpha != 255 { translucent += 1 }
        }
        #expect(translucent == 0, "\(label)")
    }

    // MARK: Sniffing

    @Test func formatComesFromTheBytesNotTheContainerGuess() {
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
        #expect(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8)) == .webp)
        // A RIFF that is not WebP (a WAV file), a PNG signature one byte short, a BMP.
        #expect(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A]) == nil)
        #expect(ImageFormat.sniff(Array("BM".utf8) + [0, 0, 0, 0]) == nil)
        #expect(ImageFormat.sniff(Array("RIFF".utf8)) == nil)
        #expect(ImageFormat.sniff([]) == nil)
    }

    @Test func formatDescriptionsAreUppercaseNames() {
        #expect(ImageFormat.allCases.map(\.description) == ["JPEG", "PNG", "WEBP"])
    }

    @Test func pngBytesDecodeAsPNGWhatEverTheyAreCalled() throws {
        // No file name reaches the decoder: the same PNG bytes behave the same anywhere, and
        // a JPEG is never mistaken for a PNG because of where it came from.
        let png = Encodings.named("PNG").bytes
        let jpeg = Encodings.named("JPEG").bytes
        #expect(try ImageDecoder.header(of: png).format == .png)
        #expect(try ImageDecoder.header(of: jpeg).format == .jpeg)
        #expect(try ImageDecoder.decode(png).pixel(x: 20, y: 15) == Pixel(alpha: 255, red: 255, green: 0, blue: 0))
    }

    @Test func leadingJunkHidesTheSignature() {
        let shifted = [0x00] + Encodings.named("PNG").bytes
        #expect(decodingError(shifted) == .unknownFormat(prefix: "00 89 50 4E 47 0D 0A 1A"))
    }
}
