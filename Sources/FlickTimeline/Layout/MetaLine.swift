import Foundation

/// The "time · source" line under the name: "11-20 08:15  来自 iPhone 16 Pro".
///
/// Absolute UTC time keeps a cell's pixels a function of the post alone (a relative "5分钟前"
/// would change the bitmap every minute and defeat the caches).
enum MetaLine {
    static func text(createdAt: Date, source: String?) -> String {
        let seconds = Int(createdAt.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (_, month, day) = civilDate(daysSinceEpoch: days)
        let time = "\(pad(month))-\(pad(day)) \(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60))"
        guard let source, !source.isEmpty else { return time }
        return time + "  来自 " + source
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Days since 1970-01-01 → (year, month, day), proleptic Gregorian (Howard Hinnant's algorithm).
    private static func civilDate(daysSinceEpoch: Int) -> (Int, Int, Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
