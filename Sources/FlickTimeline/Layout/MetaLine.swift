import Foundation

/// The "time · source" line under the name: "11-20 08:15  来自 iPhone 16 Pro".
///
/// Absolute UTC time keeps a cell's pixels a function of the post alone (a relative "5分钟前"
/// would change the bitmap every minute and defeat the caches).
enum MetaLine {
    static func text(createdAt: Date, source: String?) -> String {
        let seconds = Int64(createdAt.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (_, month, day) = ISO8601.civilFromDays(days)
        let time = "\(pad(month))-\(pad(day)) \(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60))"
        guard let source, !source.isEmpty else { return time }
        return time + "  来自 " + source
    }

    private static func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
