import FlickCore
import FlickRaster
import FlickTestSupport
import Testing

/// Complete files to damage, each with where its header ends (every byte after that is
/// image data) and how many trailing bytes the decoder may lose without losing pixels.
enum Damageable {
    struct Source: Sendable {
        let bytes: [UInt8]
        let format: ImageFormat
        /// The first byte after the header (JPEG: after SOS; PNG: after IHDR; WebP: after
        /// the frame header or VP8X chunk).
        let headerEnd: Int
    }

    static let sources: [String: Source] = {
        let jpeg = ImageFixtures.encoded(.gradient, width: 96, height: 64, as: .jpeg)
        return [
            "JPEG": Source(bytes: jpeg, format: .jpeg, headerEnd: endOfSOS(jpeg)),
            "PNG": Source(bytes: ImageFixtures.encoded(.gradient, width: 96, height: 64, alpha: true, as: .png), format: .png, headerEnd: 33),
            "WebP lossy": Source(bytes: ImageFixtures.encoded(.gradient, width: 96, height: 64, as: .webp), format: .webp, headerEnd: 30),
            "WebP lossy+alpha": Source(
                bytes: ImageFixtures.encoded(.gradient, width: 96, height: 64, alpha: true, as: .webp), format: .webp, headerEnd: 30),
            "WebP lossless": Source(
                bytes: ImageFixtures.encoded(.gradient, width: 96, height: 64, alpha: true, as: .webp, lossless: true), format: .webp,
                headerEnd: 25),
        ]
    }()

    static let labels = sources.keys.sorted()

    static func endOfSOS(_ bytes: [UInt8]) -> Int {
        var i = 2
        while i + 3 < bytes.count {
            let marker = bytes[i + 1]
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xDA { return i + 2 + length }
            i += 2 + length
        }
        fatalError("no SOS in fixture")
    }
}

@Suite("Decoding errors: empty, unknown, truncated, corrupt")
struct DecodingErrorTests {
    // MARK: No image at all

    @Test func zeroBytesAreEmpty() {
        #expect(decodingError([]) == .empty)
        #expect(decodingError { () throws(ImageDecodingError) in _ = try ImageDecoder.header(of: []) } == .empty)
        #expect(ImageDecodingError.empty.description == "image data is empty (0 bytes)")
    }

    @Test func randomBytesAreAnUnknownFormatNamingTheFirstBytes() {
        var generator = SplitMix64(seed: 0xBAD)
        let digits = Array("0123456789ABCDEF")
        for _ in 0..<50 {
            var bytes = (0..<generator.int(in: 8...64)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if [0xFF, 0x89, 0x52].contains(bytes[0]) { bytes[0] = 0x00 }
            let prefix = bytes.prefix(8).map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }.joined(separator: " ")
            let error = decodingError(bytes)
            #expect(error == .unknownFormat(prefix: prefix))
            #expect(error?.description == "unknown image format (first bytes: \(prefix))")
        }
    }

    @Test func shortUnknownDataNamesEveryByteItHas() {
        #expect(decodingError([0x42, 0x4D]) == .unknownFormat(prefix: "42 4D"))
        #expect(decodingError([0x0A]) == .unknownFormat(prefix: "0A"))
    }

    // MARK: Cut short

    @Test(arguments: Damageable.labels)
    func halfAFileIsTruncated(label: String) throws {
        let source = try #require(Damageable.sources[label])
        let half = Array(source.bytes.prefix(source.bytes.count / 2))
        #expect(decodingError(half) == .truncated(source.format), "\(label)")
        // The header is all there, so it still reads.
        let header = try ImageDecoder.header(of: half)
        #expect(header.pixelSize == PixelSize(width: 96, height: 64), "\(label)")
    }

    @Test(arguments: Damageable.labels)
    func aFileCutJustAfterItsHeaderIsTruncated(label: String) throws {
        let source = try #require(Damageable.sources[label])
        let cut = Array(source.bytes.prefix(source.headerEnd))
        #expect(decodingError(cut) == .truncated(source.format), "\(label) cut at \(source.headerEnd)")
    }

    @Test(arguments: Damageable.labels)
    func everyCutIsReportedAsTruncatedAndNeverCrashes(label: String) throws {
        let source = try #require(Damageable.sources[label])
        // From the first byte the signature is recognised to the last byte of image data (a
        // PNG's trailing 12-byte IEND chunk holds no pixels; see below).
        let first = source.format == .webp ? 12 : source.format == .png ? 8 : 3
        let last = source.bytes.count - (source.format == .png ? 13 : 1)
        var wrong: [String] = []
        for cut in first...last {
            let error = decodingError(Array(source.bytes.prefix(cut)))
            if error != .truncated(source.format) { wrong.append("\(cut): \(error.map(String.init(describing:)) ?? "decoded")") }
        }
        #expect(wrong.isEmpty, "\(label), \(source.bytes.count) bytes: \(wrong.prefix(8))")
    }

    @Test func signaturesCutShortAreUnknownRatherThanMisread() {
        let png = Damageable.sources["PNG"]!.bytes
        #expect(decodingError(Array(png.prefix(4))) == .unknownFormat(prefix: "89 50 4E 47"))
        let webp = Damageable.sources["WebP lossy"]!.bytes
        let riffOnly = decodingError(Array(webp.prefix(11)))
        #expect(riffOnly.map { $0 != .empty && $0.format == nil } == true, "\(String(describing: riffOnly))")
        #expect(decodingError([0xFF, 0xD8]) == .unknownFormat(prefix: "FF D8"))
    }

    @Test func pngMissingOnlyItsEndChunkStillDecodes() throws {
        // libpng's simplified reader stops after the last IDAT; every pixel is there.
        let source = try #require(Damageable.sources["PNG"])
        let withoutEnd = Array(source.bytes.dropLast(12))
        let bitmap = try ImageDecoder.decode(withoutEnd)
        let complete = try ImageDecoder.decode(source.bytes)
        #expect(bitmap.pixelSize == complete.pixelSize)
        #expect(bitmap.pixel(x: 50, y: 30) == complete.pixel(x: 50, y: 30))
    }

    // MARK: Damaged in the middle

    /// `bytes` with `count` seeded random bytes written somewhere in the image data.
    private func scrambled(_ source: Damageable.Source, seed: UInt64, count: Int = 16) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var bytes = source.bytes
        let start = generator.int(in: source.headerEnd...(bytes.count - 16 - count))
        for i in start..<start + count { bytes[i] = UInt8(truncatingIfNeeded: generator.next()) }
        return bytes
    }

    @Test func damagedPNGDataIsCorrupt() throws {
        // Every PNG chunk carries a CRC, so any damage is caught.
        let source = try #require(Damageable.sources["PNG"])
        for seed in 0..<40 as Range<UInt64> {
            let error = decodingError(scrambled(source, seed: seed))
            guard case .corrupt(.png, let reason) = error else {
                Issue.record("seed \(seed): \(String(describing: error))")
                continue
            }
            #expect(!reason.isEmpty)
        }
    }

    @Test(arguments: ["JPEG", "WebP lossy", "WebP lossy+alpha", "WebP lossless"])
    func damagedDataIsCorruptOrStillDecodesNeverTruncated(label: String) throws {
        // JPEG and lossy WebP carry no checksum: damage may decode to wrong colours. What
        // must hold: no crash, the right size when it decodes, and a complete file is never
        // called truncated.
        let source = try #require(Damageable.sources[label])
        for seed in 0..<40 as Range<UInt64> {
            do throws(ImageDecodingError) {
                let bitmap = try ImageDecoder.decode(scrambled(source, seed: seed))
                #expect(bitmap.pixelSize == PixelSize(width: 96, height: 64), "\(label) seed \(seed)")
            } catch {
                #expect(error.format == source.format && error.isTruncatedOrCorrupt(source.format), "\(label) seed \(seed): \(error)")
                #expect(error != .truncated(source.format), "\(label) seed \(seed)")
            }
        }
    }

    @Test func jpegWithAMarkerInsideItsScanIsCorrupt() throws {
        let source = try #require(Damageable.sources["JPEG"])
        var bytes = source.bytes
        let middle = (source.headerEnd + bytes.count) / 2
        bytes[middle] = 0xFF
        bytes[middle + 1] = 0xC0
        guard case .corrupt(.jpeg, let reason) = decodingError(bytes) else {
            Issue.record("expected corrupt, got \(String(describing: decodingError(bytes)))")
            return
        }
        #expect(reason.contains("Corrupt JPEG data"), "\(reason)")
    }

    @Test func webpWhoseBitstreamRunsPastItsCompleteDataIsCorruptNotTruncated() throws {
        // Scrambled token data makes libwebp's reader run off the end (NOT_ENOUGH_DATA), but
        // the RIFF container is whole: damage, not a short download.
        let source = try #require(Damageable.sources["WebP lossy"])
        let error = decodingError(scrambled(source, seed: 0))
        guard case .corrupt(.webp, let reason) = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(reason == "the bitstream runs past the end of its complete data")
    }

    @Test func webpPartitionClaimingMoreThanTheFileIsCorruptNotTruncated() throws {
        let source = try #require(Damageable.sources["WebP lossy"])
        var bytes = source.bytes
        // VP8 frame tag at byte 20: 5 flag bits, then the first partition's size (19 bits).
        let tag = UInt32(bytes[20]) | UInt32(bytes[21]) << 8 | UInt32(bytes[22]) << 16
        let damaged = (tag & 0x1F) | (0x7FFFF << 5)
        bytes[20] = UInt8(damaged & 0xFF)
        bytes[21] = UInt8((damaged >> 8) & 0xFF)
        bytes[22] = UInt8(damaged >> 16)
        let error = decodingError(bytes)
        guard case .corrupt(.webp, _) = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
    }

    @Test func pngChunkClaimingMoreThanTheFileIsCorruptNotTruncated() throws {
        let source = try #require(Damageable.sources["PNG"])
        var bytes = source.bytes
        // The chunk after IHDR: give it an enormous length.
        bytes[33..<37] = [0x00, 0x7F, 0xFF, 0xFF]
        let error = decodingError(bytes)
        guard case .corrupt(.png, _) = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
    }

    // MARK: Descriptions

    @Test func everyErrorDescriptionNamesItsFormatAndReason() {
        let size = PixelSize(width: 30_000, height: 30_000)
        let cases: [(ImageDecodingError, String)] = [
            (.truncated(.jpeg), "JPEG data is truncated"),
            (.truncated(.webp), "WEBP data is truncated"),
            (.corrupt(.png, reason: "IDAT: CRC error"), "PNG data is corrupt: IDAT: CRC error"),
            (.unsupported(.webp, reason: "animated WebP"), "WEBP feature not supported: animated WebP"),
            (
                .tooLarge(.png, size, limit: 50_000_000),
                "PNG image of 30000×30000px (900000000 pixels) is over the limit of 50000000 pixels"
            ),
            (.invalidDimensions(.jpeg, PixelSize(width: 10, height: 0)), "JPEG header has invalid dimensions 10×0px"),
        ]
        for (error, text) in cases { #expect(error.description == text) }
    }

    @Test(arguments: Damageable.labels)
    func realFailuresDescribeTheirFormat(label: String) throws {
        let source = try #require(Damageable.sources[label])
        let error = try #require(decodingError(Array(source.bytes.prefix(source.bytes.count / 3))))
        #expect(error.description.hasPrefix(source.format.description), "\(error)")
    }
}
