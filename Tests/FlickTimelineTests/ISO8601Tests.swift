import Foundation
import Testing
@testable import FlickTimeline

@Suite("ISO 8601 timestamps")
struct ISO8601Tests {
    @Test func utcTimestampParsesToEpochMilliseconds() {
        #expect(ISO8601.milliseconds(from: "1970-01-01T00:00:00Z") == 0)
        #expect(ISO8601.milliseconds(from: "2026-11-20T08:15:00Z") == 1_795_162_500_000)
    }

    @Test func offsetsShiftToUTC() {
        let utc = ISO8601.milliseconds(from: "2026-11-20T08:15:00Z")
        #expect(ISO8601.milliseconds(from: "2026-11-20T16:15:00+08:00") == utc)
        #expect(ISO8601.milliseconds(from: "2026-11-20T03:15:00-0500") == utc)
        #expect(ISO8601.milliseconds(from: "2026-11-20T10:15:00+02") == utc)
    }

    @Test func fractionalSecondsKeepRoundedMilliseconds() {
        #expect(ISO8601.milliseconds(from: "1970-01-01T00:00:01.5Z") == 1_500)
        #expect(ISO8601.milliseconds(from: "1970-01-01T00:00:01.123456789Z") == 1_123)
        #expect(ISO8601.milliseconds(from: "1970-01-01T00:00:01.9996Z") == 2_000)
    }

    @Test(arguments: [
        "yesterday", "2026-11-20T08:15:00", "2026-11-20 08:15:00Z", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z",
        "2026-11-20T24:00:00Z", "2026-11-20T08:15:00.Z", "2026-11-20T08:15:00+25:00", "2026-11-20T08:15:00Zjunk", "",
    ])
    func timestampsWithoutZoneOrOutOfRangeAreRejected(_ text: String) {
        #expect(ISO8601.date(from: text) == nil)
    }

    @Test func leapDayIsAcceptedInLeapYears() {
        #expect(ISO8601.date(from: "2028-02-29T12:00:00Z") != nil)
    }

    @Test func formattingRoundTripsIncludingDatesBefore1970() {
        for ms: Int64 in [0, 1_795_162_500_000, 1_795_162_500_123, -1, -86_400_001, 253_402_300_799_000] {
            let text = ISO8601.string(fromMilliseconds: ms)
            #expect(ISO8601.milliseconds(from: text) == ms, "\(text)")
        }
        #expect(ISO8601.string(fromMilliseconds: 1_795_162_500_000) == "2026-11-20T08:15:00Z")
        #expect(ISO8601.string(fromMilliseconds: 1_795_162_500_120) == "2026-11-20T08:15:00.120Z")
    }
}
