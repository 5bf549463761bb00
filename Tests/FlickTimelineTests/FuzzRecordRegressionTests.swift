import Foundation
import Testing

@testable import FlickTimeline

/// Inputs found by `make fuzz` (fuzz/, FuzzRecord) turned into tests.
@Suite("Stored records found by fuzzing")
struct FuzzRecordRegressionTests {
    /// A 21-byte record whose time is -4,503,599,616,884,736 ms, about 142,710 years before 1970
    /// (zig-zag varint FF FF FF F5 FF FF FF 0F):
    /// decodes, and the post encodes again without a trap, its time clamped by
    /// `ISO8601.milliseconds`. Milliseconds this far out do not survive the trip through
    /// `Date` exactly; the fuzzer's round-trip check holds only within ±1e14 ms.
    @Test func aTimeFarOutsideAnyFeedDecodesAndEncodesWithoutTrapping() throws {
        let record: [UInt8] = [
            0x01, 0x00, 0xFF, 0xFF, 0xFF, 0xF5, 0xFF, 0xFF, 0xFF, 0x0F, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2B, 0x00, 0x00,
        ]
        let post = try PostRecord.decode(record)
        #expect(post.id.isEmpty)
        #expect(post.createdAtMilliseconds < -4_000_000_000_000_000)
        let again = try PostRecord.decode(PostRecord.encode(post))
        #expect(again.id == post.id && again.text == post.text && again.comments == post.comments)
    }
}
