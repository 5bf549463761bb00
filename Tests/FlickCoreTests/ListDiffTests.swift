@testable import FlickCore
import Testing

@Suite("ListDiff")
struct ListDiffTests {
    // MARK: Checkers

    /// The batch applied the slow, literal way its meaning is defined by: remove deleted and
    /// moved-from rows one at a time in descending old order, then insert inserted and moved rows
    /// one at a time in ascending new order.
    static func literallyApplied<T>(_ changes: ListChanges, to old: [T], inserted: (Int) -> T) -> [T] {
        var rows = old
        for row in (changes.deletes + changes.moves.map(\.from)).sorted(by: >) { rows.remove(at: row) }
        let arrivals = changes.moves.map { (row: $0.to, value: old[$0.from]) } + changes.inserts.map { (row: $0, value: inserted($0)) }
        for arrival in arrivals.sorted(by: { $0.row < $1.row }) { rows.insert(arrival.value, at: arrival.row) }
        return rows
    }

    /// The first thing wrong with `changes` as a batch from `old` to `new`, or nil: invariants,
    /// the result of applying it (fast and literal), and that `newIndex(ofOld:)` and
    /// `oldIndex(ofNew:)` follow every row to where applying it puts it. The literal comparison
    /// is O(n·k) and slow unoptimized, so long lists may skip it.
    static func batchProblem<ID: Equatable>(_ changes: ListChanges, old: [ID], new: [ID], literal: Bool = true) -> String? {
        if let violation = changes.invariantViolation() { return "invariant: \(violation)" }
        if changes.oldCount != old.count || changes.newCount != new.count { return "counts \(changes.oldCount)->\(changes.newCount)" }
        if changes.applied(to: old, inserted: { new[$0] }) != new { return "applied(to:) does not give new" }
        // Follow each old row by applying the batch to the rows' own indices.
        let origins: [Int?] = changes.applied(to: Array(0..<old.count).map(Optional.some), inserted: { _ in nil })
        if literal, literallyApplied(changes, to: Array(0..<old.count).map(Optional.some), inserted: { _ in nil }) != origins {
            return "applied(to:) differs from the literal remove-then-insert"
        }
        var expectedNew = [Int?](repeating: nil, count: old.count)
        for (newRow, origin) in origins.enumerated() {
            if changes.oldIndex(ofNew: newRow) != origin { return "oldIndex(ofNew: \(newRow)) is not \(String(describing: origin))" }
            if let origin { expectedNew[origin] = newRow }
        }
        for oldRow in old.indices where changes.newIndex(ofOld: oldRow) != expectedNew[oldRow] {
            return "newIndex(ofOld: \(oldRow)) is not \(String(describing: expectedNew[oldRow]))"
        }
        for oldRow in changes.deletes where expectedNew[oldRow] != nil { return "deleted row \(oldRow) survives" }
        return nil
    }

    /// What a diff must report beyond being a valid batch: matched rows pair each identity's
    /// first occurrences, reloads are exactly the matched rows whose version changed, and moves
    /// follow the chosen detection.
    static func diffProblem(
        _ changes: ListChanges, old: [Int], oldVersions: [UInt64], new: [Int], newVersions: [UInt64],
        detection: ListDiff.MoveDetection, literal: Bool
    ) -> String? {
        if let problem = batchProblem(changes, old: old, new: new, literal: literal) { return problem }
        var firstInOld: [Int: Int] = [:]
        for (oldRow, id) in old.enumerated() where firstInOld[id] == nil { firstInOld[id] = oldRow }
        var seenInNew: Set<Int> = []
        var expectedPairs: [(old: Int, new: Int)] = []
        for (newRow, id) in new.enumerated() where seenInNew.insert(id).inserted {
            if let oldRow = firstInOld[id] { expectedPairs.append((oldRow, newRow)) }
        }
        expectedPairs.sort { $0.old < $1.old }
        let pairs = old.indices.compactMap { oldRow in changes.newIndex(ofOld: oldRow).map { (old: oldRow, new: $0) } }
        if pairs.map(\.old) != expectedPairs.map(\.old) || pairs.map(\.new) != expectedPairs.map(\.new) {
            return "matched rows are not the first occurrences"
        }
        let reloads = pairs.filter { oldVersions[$0.old] != newVersions[$0.new] }.map(\.old)
        if changes.reloads != reloads { return "reloads \(changes.reloads), expected \(reloads)" }
        var rankOfNew: [Int: Int] = [:]
        for (rank, newRow) in pairs.map(\.new).sorted().enumerated() { rankOfNew[newRow] = rank }
        let ranks = pairs.map { rankOfNew[$0.new]! }
        let moved = Set(changes.moves.map(\.from))
        switch detection {
        case .byRank:
            let expected = Set(pairs.indices.filter { ranks[$0] != $0 }.map { pairs[$0].old })
            if moved != expected { return "byRank moved \(moved.sorted()), expected \(expected.sorted())" }
        case .fewestMoves:
            let longest = longestIncreasingLength(ranks)
            if changes.moves.count != pairs.count - longest {
                return "fewestMoves moved \(changes.moves.count), the fewest is \(pairs.count - longest)"
            }
        }
        return nil
    }

    /// Quadratic longest strictly increasing subsequence length: a check independent of the diff's.
    static func longestIncreasingLength(_ values: [Int]) -> Int {
        var ending = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { ending[i] = max(ending[i], ending[j] + 1) }
        }
        return ending.max() ?? 0
    }

    // MARK: Random lists

    /// `old` edited by `edits` random deletes, inserts of fresh ids, moves and swaps.
    static func edited(_ old: [Int], edits: Int, nextID: inout Int, random: inout SplitMix64) -> [Int] {
        var new = old
        for _ in 0..<edits {
            switch random.int(in: 0...3) {
            case 0 where !new.isEmpty:
                new.remove(at: random.int(in: 0...(new.count - 1)))
            case 1 where new.count > 1:
                let row = new.remove(at: random.int(in: 0...(new.count - 1)))
                new.insert(row, at: random.int(in: 0...new.count))
            case 2 where new.count > 1:
                new.swapAt(random.int(in: 0...(new.count - 1)), random.int(in: 0...(new.count - 1)))
            default:
                new.insert(nextID, at: random.int(in: 0...new.count))
                nextID += 1
            }
        }
        return new
    }

    /// A random old/new pair of unique-id lists: lightly edited, heavily edited, or two random
    /// samples of one pool (unrelated orders).
    static func randomPair(size: Int, random: inout SplitMix64) -> (old: [Int], new: [Int]) {
        var nextID = 0
        var old: [Int] = []
        for _ in 0..<size {
            nextID += random.int(in: 1...3)
            old.append(nextID)
        }
        nextID += 1
        switch random.int(in: 0...2) {
        case 0: return (old, edited(old, edits: random.int(in: 0...5), nextID: &nextID, random: &random))
        case 1: return (old, edited(old, edits: random.int(in: 0...(2 * size + 2)), nextID: &nextID, random: &random))
        default:
            let pool = Array(0..<(size + 10))
            return (sample(pool, random: &random), sample(pool, random: &random))
        }
    }

    /// About 60% of `pool` in a random order (our own Fisher–Yates, stable across toolchains).
    static func sample(_ pool: [Int], random: inout SplitMix64) -> [Int] {
        var picked = pool.filter { _ in random.chance(0.6) }
        for index in picked.indices.dropFirst().reversed() { picked.swapAt(index, random.int(in: 0...index)) }
        return picked
    }

    /// Versions for `ids`: a shared base per id, bumped for some ids on the new side.
    static func versions(old: [Int], new: [Int], random: inout SplitMix64) -> (old: [UInt64], new: [UInt64]) {
        let changeRate = random.pick([0.0, 0.1, 0.5, 1.0])
        let oldVersions = old.map { UInt64($0) * 7 }
        let newVersions = new.map { UInt64($0) * 7 + (random.chance(changeRate) ? 1 : 0) }
        return (oldVersions, newVersions)
    }

    // MARK: Random diffs

    @Test(arguments: [ListDiff.MoveDetection.byRank, .fewestMoves])
    func randomDiffsTurnOldIntoNew(detection: ListDiff.MoveDetection) {
        var random = SplitMix64(seed: 0xD1FF)
        for trial in 0..<2_000 {
            let size = trial < 200 ? trial : random.int(in: 0...200)
            let (old, new) = Self.randomPair(size: size, random: &random)
            let (oldVersions, newVersions) = Self.versions(old: old, new: new, random: &random)
            let changes = ListDiff.diff(old: old, oldVersions: oldVersions, new: new, newVersions: newVersions, moves: detection)
            let problem = Self.diffProblem(
                changes, old: old, oldVersions: oldVersions, new: new, newVersions: newVersions, detection: detection,
                literal: size <= 50 || trial % 4 == 0)
            #expect(problem == nil, "trial \(trial): \(old) -> \(new)")
            if problem != nil { return }
        }
    }

    @Test func fewestMovesNeverMovesMoreThanByRank() {
        var random = SplitMix64(seed: 0xFE57)
        for trial in 0..<1_000 {
            let (old, new) = Self.randomPair(size: random.int(in: 0...200), random: &random)
            let byRank = ListDiff.diff(old: old, new: new)
            let fewest = ListDiff.diff(old: old, new: new, moves: .fewestMoves)
            #expect(fewest.moves.count <= byRank.moves.count, "trial \(trial)")
            #expect(fewest.deletes == byRank.deletes && fewest.inserts == byRank.inserts, "trial \(trial)")
        }
    }

    @Test func unversionedDiffHasNoReloadsAndMatchesTheVersionedOneWithEqualVersions() {
        var random = SplitMix64(seed: 0x5A3E)
        for trial in 0..<500 {
            let (old, new) = Self.randomPair(size: random.int(in: 0...120), random: &random)
            let plain = ListDiff.diff(old: old, new: new)
            let versioned = ListDiff.diff(
                old: old, oldVersions: old.map { UInt64($0) }, new: new, newVersions: new.map { UInt64($0) })
            #expect(plain.reloads.isEmpty && plain == versioned, "trial \(trial)")
        }
    }

    @Test func duplicateIdsMatchOnlyTheirFirstOccurrences() {
        var random = SplitMix64(seed: 0xD0B1)
        for trial in 0..<2_000 {
            // A small alphabet makes most ids repeat.
            let old = (0..<random.int(in: 0...40)).map { _ in random.int(in: 0...9) }
            let new = (0..<random.int(in: 0...40)).map { _ in random.int(in: 0...9) }
            let (oldVersions, newVersions) = Self.versions(old: old, new: new, random: &random)
            for detection in [ListDiff.MoveDetection.byRank, .fewestMoves] {
                let changes = ListDiff.diff(old: old, oldVersions: oldVersions, new: new, newVersions: newVersions, moves: detection)
                let problem = Self.diffProblem(
                    changes, old: old, oldVersions: oldVersions, new: new, newVersions: newVersions, detection: detection,
                    literal: true)
                #expect(problem == nil, "trial \(trial): \(old) -> \(new)")
            }
        }
        // [a, a, b] -> [b, a, a]: the first a stays matched, the second a is deleted then inserted.
        let changes = ListDiff.diff(old: ["a", "a", "b"], new: ["b", "a", "a"], moves: .fewestMoves)
        #expect(changes.newIndex(ofOld: 0) == 1 && changes.newIndex(ofOld: 2) == 0)
        #expect(changes.deletes == [1] && changes.inserts == [2])
        #expect(changes.moves.count == 1)
    }

    // MARK: Edge cases

    @Test func emptyToRowsInsertsEverything() {
        let changes = ListDiff.diff(old: [Int](), new: [1, 2, 3])
        #expect(changes == ListChanges(oldCount: 0, newCount: 3, inserts: [0, 1, 2]))
        #expect(Self.batchProblem(changes, old: [Int](), new: [1, 2, 3]) == nil)
    }

    @Test func rowsToEmptyDeletesEverything() {
        let changes = ListDiff.diff(old: [1, 2, 3], new: [Int]())
        #expect(changes == ListChanges(oldCount: 3, newCount: 0, deletes: [0, 1, 2]))
        #expect(Self.batchProblem(changes, old: [1, 2, 3], new: [Int]()) == nil)
        #expect(ListDiff.diff(old: [Int](), new: [Int]()).isEmpty)
    }

    @Test func identicalListsGiveAnEmptyBatchUnlessVersionsChanged() {
        let ids = Array(0..<50)
        #expect(ListDiff.diff(old: ids, new: ids).isEmpty)
        #expect(ListDiff.diff(old: ids, new: ids, moves: .fewestMoves).isEmpty)
        var newVersions = [UInt64](repeating: 1, count: 50)
        newVersions[7] = 2
        newVersions[40] = 2
        let changes = ListDiff.diff(old: ids, oldVersions: Array(repeating: 1, count: 50), new: ids, newVersions: newVersions)
        #expect(changes == .reloading([40, 7], count: 50))
        #expect(!changes.isEmpty)
    }

    @Test func fullReversal() {
        let old = Array(0..<9)
        let new = Array(old.reversed())
        let byRank = ListDiff.diff(old: old, new: new)
        // Only the middle row keeps its rank.
        #expect(byRank.moves.count == 8 && byRank.newIndex(ofOld: 4) == 4 && !byRank.moves.contains { $0.from == 4 })
        #expect(Self.batchProblem(byRank, old: old, new: new) == nil)
        let fewest = ListDiff.diff(old: old, new: new, moves: .fewestMoves)
        #expect(fewest.moves.count == 8)
        #expect(Self.batchProblem(fewest, old: old, new: new) == nil)
    }

    @Test func oneRowCarriedToTheEndIsOneMoveOnlyWithFewestMoves() {
        let old = Array(0..<100)
        let new = Array(old.dropFirst()) + [0]
        #expect(ListDiff.diff(old: old, new: new).moves.count == 100)
        let fewest = ListDiff.diff(old: old, new: new, moves: .fewestMoves)
        #expect(fewest.moves == [.init(from: 0, to: 99)])
        #expect(fewest == .moving(from: 0, to: 99, count: 100))
    }

    // MARK: Large lists

    /// 100k ids and 1k random edits (deletes, inserts, moves, swaps, version bumps), both move
    /// detections: correct, and the fewest-moves batch moves no more rows than were edited.
    @Test func hundredThousandRowsWithAThousandEdits() {
        var random = SplitMix64(seed: 100_000)
        let old = Array(0..<100_000)
        var nextID = old.count
        var new = old
        var moveEdits = 0
        for _ in 0..<1_000 {
            switch random.int(in: 0...3) {
            case 0: new.remove(at: random.int(in: 0...(new.count - 1)))
            case 1:
                new.insert(nextID, at: random.int(in: 0...new.count))
                nextID += 1
            default:
                let row = new.remove(at: random.int(in: 0...(new.count - 1)))
                new.insert(row, at: random.int(in: 0...new.count))
                moveEdits += 1
            }
        }
        let oldVersions = [UInt64](repeating: 0, count: old.count)
        let newVersions = new.map { _ in random.chance(0.01) ? UInt64(1) : 0 }
        for detection in [ListDiff.MoveDetection.byRank, .fewestMoves] {
            let changes = ListDiff.diff(old: old, oldVersions: oldVersions, new: new, newVersions: newVersions, moves: detection)
            #expect(Self.batchProblem(changes, old: old, new: new, literal: false) == nil)
            let expectedReloads = new.indices.filter { newVersions[$0] == 1 && new[$0] < old.count }
                .map { new[$0] }.sorted()
            #expect(changes.reloads == expectedReloads)
            if detection == .fewestMoves { #expect(changes.moves.count <= moveEdits) }
        }
    }

    // MARK: Constructors

    @Test func convenienceConstructorsAreValidBatches() {
        var random = SplitMix64(seed: 0xC0DE)
        for trial in 0..<2_000 {
            let oldCount = random.int(in: 0...40)
            let old = (0..<oldCount).map { "old\($0)" }
            var new = old
            let changes: ListChanges
            switch random.int(in: 0...3) {
            case 0:
                let row = random.int(in: 0...oldCount)
                let count = random.int(in: 0...5)
                new.insert(contentsOf: (0..<count).map { "new\($0)" }, at: row)
                changes = .inserting(count, at: row, into: oldCount)
            case 1:
                let start = random.int(in: 0...oldCount)
                let rows = start..<random.int(in: start...oldCount)
                new.removeSubrange(rows)
                changes = .deleting(rows, from: oldCount)
            case 2 where oldCount > 0:
                let from = random.int(in: 0...(oldCount - 1))
                let to = random.int(in: 0...(oldCount - 1))
                new.insert(new.remove(at: from), at: to)
                changes = .moving(from: from, to: to, count: oldCount)
                #expect(changes.isEmpty == (from == to))
            default:
                let rows = (0..<random.int(in: 0...6)).compactMap { _ in oldCount > 0 ? random.int(in: 0...(oldCount - 1)) : nil }
                changes = .reloading(rows, count: oldCount)
                #expect(changes.reloads == Array(Set(rows)).sorted())
            }
            #expect(Self.batchProblem(changes, old: old, new: new) == nil, "trial \(trial): \(changes)")
        }
    }

    @Test func insertingFollowsRowsAcrossTheGap() {
        let changes = ListChanges.inserting(20, at: 0, into: 1_000)
        #expect(changes.newIndex(ofOld: 0) == 20)
        #expect(changes.oldIndex(ofNew: 19) == nil)
        #expect(changes.oldIndex(ofNew: 1_019) == 999)
    }

    // MARK: Invariants

    @Test func invariantViolationsAreReported() {
        let broken: [ListChanges] = [
            ListChanges(oldCount: -1, newCount: 0),
            ListChanges(oldCount: 3, newCount: 2, deletes: [3]),
            ListChanges(oldCount: 3, newCount: 1, deletes: [1, 0]),
            ListChanges(oldCount: 3, newCount: 1, deletes: [1, 1]),
            ListChanges(oldCount: 2, newCount: 3, inserts: [3]),
            ListChanges(oldCount: 2, newCount: 2, reloads: [2]),
            ListChanges(oldCount: 2, newCount: 2, reloads: [1, 0]),
            ListChanges(oldCount: 3, newCount: 3, moves: [.init(from: 1, to: 0), .init(from: 0, to: 2)]),
            ListChanges(oldCount: 3, newCount: 3, moves: [.init(from: 0, to: 2), .init(from: 1, to: 2)]),
            ListChanges(oldCount: 3, newCount: 3, moves: [.init(from: 0, to: 3)]),
            ListChanges(oldCount: 3, newCount: 2, deletes: [0], moves: [.init(from: 0, to: 1)]),
            ListChanges(oldCount: 3, newCount: 4, inserts: [1], moves: [.init(from: 0, to: 1)]),
            ListChanges(oldCount: 3, newCount: 2, deletes: [1], reloads: [1]),
            ListChanges(oldCount: 3, newCount: 3, deletes: [1]),
            ListChanges(oldCount: 3, newCount: 5, inserts: [0]),
        ]
        for changes in broken { #expect(changes.invariantViolation() != nil, "\(changes)") }
        #expect(ListChanges(oldCount: 3, newCount: 3, moves: [.init(from: 0, to: 2)]).invariantViolation() == nil)
    }

    @Test func settingArraysRebuildsTheLookup() {
        var changes = ListChanges(oldCount: 5, newCount: 5)
        #expect(changes.newIndex(ofOld: 0) == 0)
        changes.moves = [.init(from: 0, to: 4)]
        #expect(changes.newIndex(ofOld: 0) == 4 && changes.newIndex(ofOld: 1) == 0 && changes.oldIndex(ofNew: 4) == 0)
        changes.newCount = 6
        changes.inserts = [0]
        #expect(changes.newIndex(ofOld: 1) == 1 && changes.oldIndex(ofNew: 0) == nil)
        changes.newCount = 5
        changes.deletes = [2]
        #expect(Self.batchProblem(changes, old: [0, 1, 2, 3, 4], new: [-1, 1, 3, 4, 0]) == nil)
    }

    @Test func equalityIgnoresHowTheBatchWasBuilt() {
        var built = ListChanges(oldCount: 2, newCount: 2)
        built.moves = [.init(from: 0, to: 1)]
        let direct = ListChanges(oldCount: 2, newCount: 2, moves: [.init(from: 0, to: 1)])
        #expect(built == direct && built.hashValue == direct.hashValue)
        var reloaded = direct
        reloaded.reloads = [1]
        let others = [
            reloaded, ListChanges(oldCount: 2, newCount: 2, moves: [.init(from: 1, to: 0)]),
            ListChanges(oldCount: 2, newCount: 2), ListChanges(oldCount: 2, newCount: 1, deletes: [0]),
            ListChanges(oldCount: 2, newCount: 3, inserts: [0]),
        ]
        for other in others { #expect(other != direct, "\(other)") }
        #expect(Set(others + [built, direct]).count == others.count + 1)
    }
}
