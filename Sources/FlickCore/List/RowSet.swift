/// A set of rows held as sorted, disjoint, non-adjacent ranges: "every row" of a million-row
/// list is one range, so selecting all, or a Shift+End range, costs nothing whatever the count.
///
/// It follows a list's updates (`follow(_:)`) the way the height index does: deleted rows leave
/// it, rows inserted are not in it, a moved row keeps its membership at its new index — so the
/// set names the same *items* after any batch, which is what a selection kept by identity needs
/// without knowing the ids of rows never loaded.
///
/// Plain value; any thread (the list keeps its selection on the main thread).
public struct RowSet: Hashable, Sendable {
    /// The ranges, ascending, each non-empty, with gaps between them.
    public private(set) var ranges: [Range<Int>] = []

    public init() {}

    public init(_ range: Range<Int>) {
        if !range.isEmpty { ranges = [range] }
    }

    public init<S: Sequence>(rows: S) where S.Element == Int {
        for row in rows { insert(row) }
    }

    public var isEmpty: Bool { ranges.isEmpty }

    /// Rows in the set. O(ranges).
    public var count: Int { ranges.reduce(0) { $0 + $1.count } }

    /// The first and last rows, if any.
    public var first: Int? { ranges.first?.lowerBound }
    public var last: Int? { ranges.last.map { $0.upperBound - 1 } }

    /// O(log ranges).
    public func contains(_ row: Int) -> Bool {
        let index = firstRange(endingAfter: row)
        return index < ranges.count && ranges[index].contains(row)
    }

    /// The rows of the set inside `window`, as ranges (for drawing the visible ones).
    public func ranges(overlapping window: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var index = firstRange(endingAfter: window.lowerBound)
        while index < ranges.count, ranges[index].lowerBound < window.upperBound {
            result.append(ranges[index].clamped(to: window))
            index += 1
        }
        return result
    }

    public mutating func insert(_ row: Int) { insert(row..<(row + 1)) }

    /// Adds every row of `range`, merging with ranges it touches. O(ranges).
    public mutating func insert(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var lower = range.lowerBound
        var upper = range.upperBound
        // Ranges ending at or after `lower` (adjacent counts) up to those starting at `upper`.
        let start = firstRange(endingAfter: lower - 1)
        var end = start
        while end < ranges.count, ranges[end].lowerBound <= upper {
            lower = min(lower, ranges[end].lowerBound)
            upper = max(upper, ranges[end].upperBound)
            end += 1
        }
        ranges.replaceSubrange(start..<end, with: [lower..<upper])
    }

    public mutating func remove(_ row: Int) { remove(row..<(row + 1)) }

    /// Takes every row of `range` out (without shifting the rest). O(ranges).
    public mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let start = firstRange(endingAfter: range.lowerBound)
        var end = start
        var kept: [Range<Int>] = []
        while end < ranges.count, ranges[end].lowerBound < range.upperBound {
            let current = ranges[end]
            if current.lowerBound < range.lowerBound { kept.append(current.lowerBound..<range.lowerBound) }
            if current.upperBound > range.upperBound { kept.append(range.upperBound..<current.upperBound) }
            end += 1
        }
        ranges.replaceSubrange(start..<end, with: kept)
    }

    /// Adds `row` if absent, removes it if present; returns whether it is in the set now.
    @discardableResult
    public mutating func toggle(_ row: Int) -> Bool {
        if contains(row) {
            remove(row)
            return false
        }
        insert(row)
        return true
    }

    /// Rows at or past `limit` leave the set.
    public mutating func clip(to limit: Int) { remove(max(0, limit)..<Int.max) }

    // MARK: Following updates

    /// Deletes rows `range` from the list: they leave the set, and every row after moves up.
    public mutating func deleteRows(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        remove(range)
        let shift = range.count
        ranges = ranges.map { $0.lowerBound >= range.upperBound ? ($0.lowerBound - shift)..<($0.upperBound - shift) : $0 }
        mergeAdjacent()
    }

    /// Inserts `count` new rows (not in the set) at `row`: rows from there move down, and a
    /// range that spans `row` is split around the new rows.
    public mutating func insertRows(at row: Int, count: Int) {
        guard count > 0 else { return }
        var result: [Range<Int>] = []
        result.reserveCapacity(ranges.count + 1)
        for range in ranges {
            if range.upperBound <= row {
                result.append(range)
            } else if range.lowerBound >= row {
                result.append((range.lowerBound + count)..<(range.upperBound + count))
            } else {
                result.append(range.lowerBound..<row)
                result.append((row + count)..<(range.upperBound + count))
            }
        }
        ranges = result
    }

    /// The set after `changes`, row for row: deleted rows leave, inserted rows are out, moved
    /// rows keep their membership at their new index. O(changes × ranges).
    public mutating func follow(_ changes: ListChanges) {
        let movedIn = Set(changes.moves.filter { contains($0.from) }.map(\.to))
        let removed = (changes.deletes + changes.moves.map(\.from)).sorted()
        for run in Self.runs(removed).reversed() { deleteRows(run) }
        let added = (changes.inserts + changes.moves.map(\.to)).sorted()
        for run in Self.runs(added) { insertRows(at: run.lowerBound, count: run.count) }
        for row in movedIn { insert(row) }
    }

    // MARK: Private

    /// The index of the first range whose upper bound is past `row`.
    private func firstRange(endingAfter row: Int) -> Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= row { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private mutating func mergeAdjacent() {
        var merged: [Range<Int>] = []
        merged.reserveCapacity(ranges.count)
        for range in ranges {
            if let last = merged.last, last.upperBound >= range.lowerBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        ranges = merged
    }

    /// Sorted indices grouped into maximal runs of consecutive values (the order in which a
    /// batch's rows are removed and inserted, here and in the list's height index).
    public static func runs(_ sorted: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for value in sorted {
            if let last = runs.last, last.upperBound == value {
                runs[runs.count - 1] = last.lowerBound..<(value + 1)
            } else {
                runs.append(value..<(value + 1))
            }
        }
        return runs
    }
}
