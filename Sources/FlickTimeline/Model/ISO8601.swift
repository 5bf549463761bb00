import Foundation

/// ISO 8601 / RFC 3339 timestamps with a zone, parsed and written without `DateFormatter`
/// (whose Linux behaviour with fractions varies and which is slow per post).
///
/// Accepted: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM|±HH)`; `t`/`z` in lower case too.
/// Fractions keep milliseconds (rounded). Written: UTC, `Z`, `.SSS` only when not whole seconds.
public enum ISO8601 {
    private static let millisecondsPerDay: Int64 = 86_400_000

    /// Parses a timestamp; nil when it is not ISO 8601 with a zone or a field is out of range.
    public static func date(from string: String) -> Date? {
        milliseconds(from: string).map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }

    /// Milliseconds since 1970 for an ISO 8601 timestamp with zone, or nil.
    public static func milliseconds(from string: String) -> Int64? {
        var scanner = DigitScanner(Array(string.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2), scanner.skip("T") || scanner.skip("t"),
            let hour = scanner.number(digits: 2), scanner.skip(":"),
            let minute = scanner.number(digits: 2), scanner.skip(":"),
            let second = scanner.number(digits: 2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        var fractionMs: Int64 = 0
        if scanner.skip(".") || scanner.skip(",") {
            guard let fraction = scanner.fractionMilliseconds() else { return nil }
            fractionMs = fraction
        }
        guard let offsetMinutes = scanner.zoneOffsetMinutes(), scanner.isAtEnd else { return nil }
        let days = daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let seconds = Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes) * 60
        return days * millisecondsPerDay + seconds * 1000 + fractionMs
    }

    /// `date` as `2026-11-20T08:15:00Z`, with `.SSS` when it has a millisecond part.
    public static func string(from date: Date) -> String {
        string(fromMilliseconds: milliseconds(date))
    }

    /// Formats milliseconds since 1970 in UTC.
    public static func string(fromMilliseconds ms: Int64) -> String {
        let days = floorDiv(ms, millisecondsPerDay)
        let inDay = ms - days * millisecondsPerDay
        let (year, month, day) = civilFromDays(days)
        let secondOfDay = inDay / 1000
        let millis = inDay % 1000
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        text += "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
        text += pad(secondOfDay % 60, 2)
        if millis != 0 { text += "." + pad(millis, 3) }
        return text + "Z"
    }

    /// Whole milliseconds since 1970, rounded to nearest (ties away from zero).
    public static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        // Dates beyond ±292 million years cannot come from a feed; clamp rather than trap.
        let limit: Int64 = 9_000_000_000_000_000_000
        guard value.isFinite, abs(value) < Double(limit) else { return value < 0 ? -limit : limit }
        return Int64(value)
    }

    /// `date` rounded to whole milliseconds, the precision a `Post` keeps.
    public static func roundedToMilliseconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds(date)) / 1000)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let monthIndex = (month + 9) % 12
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Inverse of `daysFromCivil`.
    static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = floorDiv(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// A cursor over the ASCII bytes of a timestamp.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<digits {
            let byte = bytes[index + offset]
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += digits
        return value
    }

    /// One or more digits after the decimal mark, as rounded milliseconds (0…1000).
    mutating func fractionMilliseconds() -> Int64? {
        var scaled: Int64 = 0  // first four digits, in units of 0.1 ms
        var count = 0
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            if count < 4 { scaled = scaled * 10 + Int64(bytes[index] - 0x30) }
            count += 1
            index += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 4) { scaled *= 10 }
        return (scaled + 5) / 10
    }

    /// `Z` → 0, `±HH[:MM]` → signed minutes; nil when there is no valid zone.
    mutating func zoneOffsetMinutes() -> Int? {
        if skip("Z") || skip("z") { return 0 }
        let sign: Int
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = number(digits: 2), hours <= 23 else { return nil }
        var minutes = 0
        if skip(":") {
            guard let value = number(digits: 2) else { return nil }
            minutes = value
        } else if !isAtEnd {
            guard let value = number(digits: 2) else { return nil }
            minutes = value
        }
        guard minutes < 60 else { return nil }
        return sign * (hours * 60 + minutes)
    }
}
