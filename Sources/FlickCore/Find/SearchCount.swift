/// How many rows match a find query, while counting and when done. Value; crosses threads.
public struct SearchCount: Sendable, Hashable, CustomStringConvertible {
    /// Matches counted so far.
    public let count: Int
    /// Whether every post was counted; false for a partial count (shown "1,204+").
    public let isComplete: Bool

    public init(count: Int, isComplete: Bool) {
        self.count = count
        self.isComplete = isComplete
    }

    /// "1,204" or "1,204+" (grouped by thousands, the find bar's form).
    public var description: String { Self.grouped(count) + (isComplete ? "" : "+") }

    /// `number` grouped by thousands: "1,204". Any thread.
    public static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped
    }
}
