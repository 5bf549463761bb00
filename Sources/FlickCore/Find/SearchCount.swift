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
    public var description: String { NumberText.grouped(count) + (isComplete ? "" : "+") }
}
