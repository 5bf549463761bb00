/// Diffs two lists of row identities into a ``ListChanges`` batch, with Heckel's algorithm (as
/// IGListKit does): one hash table of the old list's identities, one pass over each list.
///
/// **Matching.** An identity present in both lists matches its *first* occurrence in old to its
/// first occurrence in new. Later occurrences of an identity within one list (duplicates) are
/// never matched: in old they are deleted, in new inserted. Unmatched rows are deletes (old) or
/// inserts (new).
///
/// **Moves.** Among the matched rows, those that keep their relative order stay and the rest are
/// moves, which is what keeps ``ListChanges`` well defined (stayed rows in the same order before
/// and after). ``MoveDetection`` chooses how the stayed set is picked.
///
/// **Reloads.** With versions, a matched row (moved or not) whose version differs is reloaded,
/// named by its old index.
///
/// Pure functions: call them on a worker thread for long lists (a 100k-row diff hashes every
/// identity) and hand the batch to the main thread.
///
///     let changes = ListDiff.diff(old: shownPostIDs, new: fetchedPostIDs)
///     let heights = changes.applied(to: oldHeights) { _ in estimate }
public enum ListDiff {
    /// How matched rows are split into stayed rows and moves.
    public enum MoveDetection: Sendable, Hashable {
        /// A matched row moves when its rank among matched rows differs between old and new. O(n),
        /// but one row carried far marks every matched row it passed as moved too (a row taken
        /// from the top of n to the bottom gives n moves). The default.
        case byRank
        /// The longest run of matched rows already in new order (a longest increasing
        /// subsequence) stays; only the others move, the fewest moves possible for the matching
        /// (that same row gives one move). O(n log m) for m matched rows. Prefer it when rows
        /// move and the moves are animated or otherwise cost per row.
        case fewestMoves
    }

    /// The batch turning `old` into `new`, rows identified by `ID`; no reloads. O(n) expected for
    /// n = old.count + new.count with ``MoveDetection/byRank``.
    public static func diff<ID: Hashable>(old: [ID], new: [ID], moves detection: MoveDetection = .byRank) -> ListChanges {
        let matching = Matching(old: old, new: new)
        return changes(from: matching, detection: detection) { _, _ in false }
    }

    /// The batch turning `old` into `new`, also reloading every matched row whose version
    /// changed. `oldVersions` and `newVersions` run parallel to `old` and `new`.
    public static func diff<ID: Hashable>(
        old: [ID], oldVersions: [UInt64], new: [ID], newVersions: [UInt64], moves detection: MoveDetection = .byRank
    ) -> ListChanges {
        precondition(oldVersions.count == old.count, "\(oldVersions.count) old versions for \(old.count) rows")
        precondition(newVersions.count == new.count, "\(newVersions.count) new versions for \(new.count) rows")
        let matching = Matching(old: old, new: new)
        return changes(from: matching, detection: detection) { oldRow, newRow in
            oldVersions[oldRow] != newVersions[newRow]
        }
    }

    private static func changes(
        from matching: Matching, detection: MoveDetection, contentChanged: (Int, Int) -> Bool
    ) -> ListChanges {
        let ranks = matching.newRanksInOldOrder()
        let stays: [Bool]
        switch detection {
        case .byRank: stays = ranks.enumerated().map { $0.offset == $0.element }
        case .fewestMoves: stays = longestIncreasingMembers(ranks)
        }
        var deletes: [Int] = []
        var moves: [ListChanges.Move] = []
        var reloads: [Int] = []
        var matchedRank = 0
        for (oldRow, newRow) in matching.newOfOld.enumerated() {
            guard newRow != Matching.unmatched else {
                deletes.append(oldRow)
                continue
            }
            if !stays[matchedRank] { moves.append(.init(from: oldRow, to: newRow)) }
            if contentChanged(oldRow, newRow) { reloads.append(oldRow) }
            matchedRank += 1
        }
        let inserts = matching.oldOfNew.indices.filter { matching.oldOfNew[$0] == Matching.unmatched }
        return ListChanges(
            oldCount: matching.newOfOld.count, newCount: matching.oldOfNew.count,
            deletes: deletes, inserts: inserts, moves: moves, reloads: reloads)
    }

    /// For a sequence of distinct integers, which elements belong to one longest strictly
    /// increasing subsequence (patience sorting with back links). O(m log m).
    static func longestIncreasingMembers(_ values: [Int]) -> [Bool] {
        // tails[k]: index of the smallest value ending an increasing run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var members = [Bool](repeating: false, count: values.count)
        var index = tails.last ?? -1
        while index >= 0 {
            members[index] = true
            index = previous[index]
        }
        return members
    }
}

extension ListDiff {
    /// Which old row each new row matches and back, by first occurrence of each identity.
    private struct Matching {
        static let unmatched = -1
        /// For each old row, its matched new row or ``unmatched``.
        var newOfOld: [Int]
        /// For each new row, its matched old row or ``unmatched``.
        var oldOfNew: [Int]

        init<ID: Hashable>(old: [ID], new: [ID]) {
            var firstInOld: [ID: Int] = [:]
            firstInOld.reserveCapacity(old.count)
            // Walking backwards, the last write for an identity is its first occurrence.
            for row in old.indices.reversed() { firstInOld[old[row]] = row }
            newOfOld = [Int](repeating: Self.unmatched, count: old.count)
            oldOfNew = [Int](repeating: Self.unmatched, count: new.count)
            for (newRow, id) in new.enumerated() {
                // A repeat of an identity already matched finds its old row taken: an insert.
                guard let oldRow = firstInOld[id], newOfOld[oldRow] == Self.unmatched else { continue }
                newOfOld[oldRow] = newRow
                oldOfNew[newRow] = oldRow
            }
        }

        /// For each matched row in old order, its rank among matched rows in new order: a
        /// permutation of 0..<m that is the identity exactly when no matched row moved.
        func newRanksInOldOrder() -> [Int] {
            var rankOfNew = [Int](repeating: Self.unmatched, count: oldOfNew.count)
            var rank = 0
            for (newRow, oldRow) in oldOfNew.enumerated() where oldRow != Self.unmatched {
                rankOfNew[newRow] = rank
                rank += 1
            }
            return newOfOld.compactMap { $0 == Self.unmatched ? nil : rankOfNew[$0] }
        }
    }
}
