/// One batch of changes turning an old list of rows into a new one, in UICollectionView
/// batch-update terms: deletes and reloads name old rows, inserts name new rows, moves name both.
///
/// **Stayed rows keep their order.** Rows that are neither deleted, inserted nor moved
/// ("stayed" rows) appear in the new list in the same relative order as in the old one. That is
/// what makes a batch well defined: removing every deleted and moved-from row (in descending old
/// order) and then inserting every inserted and moved-to row (in ascending new order) turns the
/// old list into the new one — see ``applied(to:inserted:)``. A moved row is neither deleted nor
/// inserted; a reloaded row is a kept row (moved or not) whose content changed, named by its old
/// index.
///
///     // [a, b, c, d] -> [d, a, c, x]
///     ListChanges(oldCount: 4, newCount: 4, deletes: [1], inserts: [3], moves: [.init(from: 3, to: 0)])
///
/// ``newIndex(ofOld:)`` and ``oldIndex(ofNew:)`` answer in O(log k) for k changes from tables
/// built when the value is made and rebuilt whenever `deletes`, `inserts` or `moves` is set, so
/// build the arrays first and assign each once rather than appending to them one at a time.
///
/// A plain value with no locks: made by ``ListDiff`` or the constructors on any thread (a diff
/// of a long page runs on a worker), read by the list engine on the main thread.
public struct ListChanges: Sendable, Hashable {
    /// A kept row that changed position: `from` is its old index, `to` its new index.
    public struct Move: Sendable, Hashable {
        public let from: Int
        public let to: Int

        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// Rows before the batch.
    public var oldCount: Int
    /// Rows after the batch.
    public var newCount: Int
    /// Old indices of removed rows, ascending and unique.
    public var deletes: [Int] { didSet { lookup = Lookup(deletes: deletes, inserts: inserts, moves: moves) } }
    /// New indices of added rows, ascending and unique.
    public var inserts: [Int] { didSet { lookup = Lookup(deletes: deletes, inserts: inserts, moves: moves) } }
    /// Kept rows whose position changed, sorted by `from`; `from`s and `to`s are each unique.
    public var moves: [Move] { didSet { lookup = Lookup(deletes: deletes, inserts: inserts, moves: moves) } }
    /// Old indices of kept rows (moved or not) whose content changed, ascending and unique.
    public var reloads: [Int]

    /// Derived from `deletes`, `inserts` and `moves`; excluded from equality.
    private var lookup: Lookup

    public init(
        oldCount: Int, newCount: Int, deletes: [Int] = [], inserts: [Int] = [], moves: [Move] = [],
        reloads: [Int] = []
    ) {
        self.oldCount = oldCount
        self.newCount = newCount
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.reloads = reloads
        lookup = Lookup(deletes: deletes, inserts: inserts, moves: moves)
    }

    /// True when the batch changes nothing.
    public var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && moves.isEmpty && reloads.isEmpty }

    // MARK: Following a row

    /// Where old row `row` (0..<oldCount) is in the new list, or nil if it was deleted. O(log k).
    /// The answer is meaningful only for a batch with no ``invariantViolation()``.
    public func newIndex(ofOld row: Int) -> Int? {
        precondition(row >= 0 && row < oldCount, "old row \(row) out of 0..<\(oldCount)")
        if SortedInts.contains(deletes, row) { return nil }
        let move = SortedInts.countBelow(moves.count) { moves[$0].from < row }
        if move < moves.count && moves[move].from == row { return moves[move].to }
        let rank = row - SortedInts.countBelow(lookup.oldTaken.count) { lookup.oldTaken[$0] < row }
        return SortedInts.freeIndex(rank: rank, skipping: lookup.newTaken)
    }

    /// Where new row `row` (0..<newCount) came from, or nil if it was inserted. O(log k).
    /// The answer is meaningful only for a batch with no ``invariantViolation()``.
    public func oldIndex(ofNew row: Int) -> Int? {
        precondition(row >= 0 && row < newCount, "new row \(row) out of 0..<\(newCount)")
        if SortedInts.contains(inserts, row) { return nil }
        let targets = lookup.movesByTarget
        let move = SortedInts.countBelow(targets.count) { targets[$0].to < row }
        if move < targets.count && targets[move].to == row { return targets[move].from }
        let rank = row - SortedInts.countBelow(lookup.newTaken.count) { lookup.newTaken[$0] < row }
        return SortedInts.freeIndex(rank: rank, skipping: lookup.oldTaken)
    }

    // MARK: Index-based edits

    /// `count` new rows before old row `row` (0...oldCount) of a list of `oldCount` rows.
    public static func inserting(_ count: Int, at row: Int, into oldCount: Int) -> ListChanges {
        precondition(count >= 0 && row >= 0 && row <= oldCount, "cannot insert \(count) rows at \(row) of \(oldCount)")
        return ListChanges(oldCount: oldCount, newCount: oldCount + count, inserts: Array(row..<(row + count)))
    }

    /// `rows` removed from a list of `oldCount` rows.
    public static func deleting(_ rows: Range<Int>, from oldCount: Int) -> ListChanges {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= oldCount, "rows \(rows) out of 0..<\(oldCount)")
        return ListChanges(oldCount: oldCount, newCount: oldCount - rows.count, deletes: Array(rows))
    }

    /// Row `from` taken out and put back so that `to` is its index in the new list; every other
    /// row keeps its order. `from == to` gives an empty batch.
    public static func moving(from: Int, to: Int, count oldCount: Int) -> ListChanges {
        precondition(from >= 0 && from < oldCount && to >= 0 && to < oldCount, "cannot move \(from) to \(to) of \(oldCount)")
        let moves = from == to ? [] : [Move(from: from, to: to)]
        return ListChanges(oldCount: oldCount, newCount: oldCount, moves: moves)
    }

    /// `rows` of a list of `count` rows changed content in place; sorted and deduplicated here.
    public static func reloading(_ rows: [Int], count: Int) -> ListChanges {
        precondition(rows.allSatisfy { $0 >= 0 && $0 < count }, "reloaded rows out of 0..<\(count)")
        return ListChanges(oldCount: count, newCount: count, reloads: Array(Set(rows)).sorted())
    }

    // MARK: Checking and applying

    /// The first broken invariant, described, or nil for a well-formed batch: counts not negative;
    /// `deletes`, `inserts` and `reloads` ascending, unique and in range; move sources and
    /// destinations each unique and in range, sources ascending; no move of a deleted row or onto
    /// an inserted row; no reload of a deleted row; and as many stayed rows before as after
    /// (`oldCount - deletes - moves == newCount - inserts - moves`). O(k log k). Tests call it on
    /// every batch they make; the engine checks incoming batches with it in debug builds.
    public func invariantViolation() -> String? {
        if oldCount < 0 || newCount < 0 { return "negative count: old \(oldCount), new \(newCount)" }
        let ordered: [(name: String, values: [Int], bound: Int)] = [
            ("deletes", deletes, oldCount), ("inserts", inserts, newCount), ("reloads", reloads, oldCount),
            ("move sources", moves.map(\.from), oldCount), ("move destinations", lookup.movesByTarget.map(\.to), newCount),
        ]
        for list in ordered {
            for (position, value) in list.values.enumerated() {
                if value < 0 || value >= list.bound { return "\(list.name)[\(position)] = \(value) out of 0..<\(list.bound)" }
                if position > 0 && list.values[position - 1] >= value {
                    return "\(list.name) not ascending and unique at \(position): \(list.values[position - 1]), \(value)"
                }
            }
        }
        for move in moves {
            if SortedInts.contains(deletes, move.from) { return "move \(move.from)->\(move.to) moves deleted row \(move.from)" }
            if SortedInts.contains(inserts, move.to) { return "move \(move.from)->\(move.to) lands on inserted row \(move.to)" }
        }
        if let row = reloads.first(where: { SortedInts.contains(deletes, $0) }) { return "reload of deleted row \(row)" }
        let stayedBefore = oldCount - deletes.count - moves.count
        let stayedAfter = newCount - inserts.count - moves.count
        if stayedBefore != stayedAfter {
            return "stayed rows differ: \(stayedBefore) before (\(oldCount) - \(deletes.count) deleted - \(moves.count) moved), "
                + "\(stayedAfter) after (\(newCount) - \(inserts.count) inserted - \(moves.count) moved)"
        }
        return nil
    }

    /// The new list: `old` (which must have `oldCount` elements) with the batch applied, taking
    /// each inserted element from `inserted(newIndex)`, called in ascending new-index order.
    ///
    /// This defines what a batch means, and is the reference tests compare against: the result
    /// is exactly that of removing every deleted and moved-from old row in descending old order,
    /// then inserting every inserted and moved row at its new index in ascending new order.
    /// Done in one O(oldCount + newCount) pass — stayed rows, in old order, fill the new indices
    /// no insert or move claims — so it also serves for long lists. Requires a batch with no
    /// ``invariantViolation()``; traps on most that have one.
    public func applied<T>(to old: [T], inserted: (Int) -> T) -> [T] {
        precondition(old.count == oldCount, "\(old.count) rows given for a batch from \(oldCount)")
        let taken = lookup.oldTaken
        let targets = lookup.movesByTarget
        var result: [T] = []
        result.reserveCapacity(newCount)
        var nextOld = 0, nextTaken = 0, nextInsert = 0, nextMove = 0
        for row in 0..<newCount {
            if nextInsert < inserts.count && inserts[nextInsert] == row {
                result.append(inserted(row))
                nextInsert += 1
            } else if nextMove < targets.count && targets[nextMove].to == row {
                result.append(old[targets[nextMove].from])
                nextMove += 1
            } else {
                while nextTaken < taken.count && taken[nextTaken] == nextOld {
                    nextOld += 1
                    nextTaken += 1
                }
                precondition(nextOld < oldCount, "more stayed rows after the batch than before")
                result.append(old[nextOld])
                nextOld += 1
            }
        }
        precondition(nextInsert == inserts.count && nextMove == targets.count, "inserts or moves beyond newCount")
        precondition(oldCount - nextOld == taken.count - nextTaken, "fewer stayed rows after the batch than before")
        return result
    }

    // MARK: Equality ignores the derived tables

    public static func == (lhs: ListChanges, rhs: ListChanges) -> Bool {
        lhs.oldCount == rhs.oldCount && lhs.newCount == rhs.newCount && lhs.deletes == rhs.deletes
            && lhs.inserts == rhs.inserts && lhs.moves == rhs.moves && lhs.reloads == rhs.reloads
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(oldCount)
        hasher.combine(newCount)
        hasher.combine(deletes)
        hasher.combine(inserts)
        hasher.combine(moves)
        hasher.combine(reloads)
    }
}

extension ListChanges {
    /// Sorted tables for following rows: every old index that is not a stayed row, every new
    /// index that is not a stayed row, and the moves sorted by destination.
    private struct Lookup: Sendable {
        let oldTaken: [Int]
        let newTaken: [Int]
        let movesByTarget: [Move]

        init(deletes: [Int], inserts: [Int], moves: [Move]) {
            oldTaken = SortedInts.merge(deletes, moves.map(\.from))
            movesByTarget = moves.sorted { $0.to < $1.to }
            newTaken = SortedInts.merge(inserts, movesByTarget.map(\.to))
        }
    }
}

/// Binary searches and merges over ascending `[Int]`s.
private enum SortedInts {
    /// The number of leading positions in 0..<count where `isBelow` holds (it must hold on a
    /// prefix): a lower bound.
    static func countBelow(_ count: Int, _ isBelow: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if isBelow(mid) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    static func contains(_ sorted: [Int], _ value: Int) -> Bool {
        let index = countBelow(sorted.count) { sorted[$0] < value }
        return index < sorted.count && sorted[index] == value
    }

    /// The `rank`-th (from 0) non-negative integer not in `taken` (ascending, unique). For taken
    /// entry j, `taken[j] - j` free integers lie below it, a non-decreasing count, so the entries
    /// below the answer are the prefix whose count is at most `rank`.
    static func freeIndex(rank: Int, skipping taken: [Int]) -> Int {
        rank + countBelow(taken.count) { taken[$0] - $0 <= rank }
    }

    /// `a` and `b` (each ascending) merged into one ascending array.
    static func merge(_ a: [Int], _ b: [Int]) -> [Int] {
        let sortedB = b.sorted()
        var result: [Int] = []
        result.reserveCapacity(a.count + sortedB.count)
        var i = 0
        var j = 0
        while i < a.count || j < sortedB.count {
            if j == sortedB.count || (i < a.count && a[i] <= sortedB[j]) {
                result.append(a[i])
                i += 1
            } else {
                result.append(sortedB[j])
                j += 1
            }
        }
        return result
    }
}
