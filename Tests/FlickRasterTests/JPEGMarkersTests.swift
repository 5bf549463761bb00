import FlickCore
@testable import FlickRaster
import FlickTestSupport
import Testing

@Suite("JPEG marker walk (names truncation vs damage)")
struct JPEGMarkersTests {
    static let jpeg = ImageFixtures.encoded(.gradient, width: 40, height: 30, as: .jpeg)

    @Test func completeFileEndsAtEOIAndDeclaresItsFrame() {
        let summary = JPEGMarkers.summarize(Self.jpeg)
        #expect(summary == JPEGMarkers.Summary(frameSize: PixelSize(width: 40, height: 30), endsEarly: false))
    }

    @Test func everyCutEndsEarly() {
        for cut in 0..<Self.jpeg.count {
            #expect(JPEGMarkers.summarize(Array(Self.jpeg.prefix(cut))).endsEarly, "cut at \(cut)")
        }
    }

    @Test func frameSizeIsKnownOnceTheFrameHeaderIsIn() {
        let sos = Damageable.endOfSOS(Self.jpeg)
        #expect(JPEGMarkers.summarize(Array(Self.jpeg.prefix(sos))).frameSize == PixelSize(width: 40, height: 30))
        #expect(JPEGMarkers.summarize(Array(Self.jpeg.prefix(20))).frameSize == nil)
    }

    @Test func trailingBytesAfterEOIDoNotMatter() {
        #expect(!JPEGMarkers.summarize(Self.jpeg + [0x00, 0x01, 0x02]).endsEarly)
    }

    @Test func garbageWhereAMarkerShouldBeIsDamageNotTruncation() {
        var bytes = Self.jpeg
        bytes[2] = 0x00  // first marker after SOI
        #expect(!JPEGMarkers.summarize(bytes).endsEarly)
        #expect(!JPEGMarkers.summarize([0x00, 0x01, 0x02]).endsEarly)
    }

    @Test func stuffedBytesAndRestartMarkersInTheScanAreSkipped() {
        // SOI, SOS (length 8), scan data with FF00 and RST0, EOI.
        let scan: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xFF, 0xD9]
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 0x3F, 0] + scan
        #expect(!JPEGMarkers.summarize(bytes).endsEarly)
        #expect(JPEGMarkers.summarize(Array(bytes.dropLast(2))).endsEarly)
    }

    @Test func classifyCallsAShortFileTruncatedAndACompleteOneCorrupt() {
        let message = "Invalid JPEG file structure: missing SOS marker"
        #expect(JPEGDecoder.classify(message: message, Array(Self.jpeg.prefix(200))) == .truncated(.jpeg))
        #expect(JPEGDecoder.classify(message: message, Self.jpeg) == .corrupt(.jpeg, reason: message))
        // "Premature end of data segment" is libjpeg's word for damage inside a scan.
        let damage = "Corrupt JPEG data: premature end of data segment"
        #expect(JPEGDecoder.classify(message: damage, Self.jpeg) == .corrupt(.jpeg, reason: damage))
    }
}
