import FlickCore
import Testing

/// `RowSet` against the obvious model (a set of item ids over an array of ids), through random
/// edits and random update batches.
@Suite("Row set")
struct RowSetTests {
    @Test func rangesMergeSplitAndCount() {
        var set = RowSet()
        set.insert(5..<10)
        set.insert(10..<12)
        #expect(set.ranges == [5..<12], "adjacent ranges merge")
        set.remove(7..<8)
        #expect(set.ranges == [5..<7, 8..<12])
        #expect(set.count == 6)
        #expect(set.contains(6) && !set.contains(7) && set.contains(11) && !set.contains(12))
        set.toggle(7)
        #expect(set.ranges == [5..<12])
        set.insertRows(at: 8, count: 3)
        #expect(set.ranges == [5..<8, 11..<15], "new rows inside a range are not selected")
        set.deleteRows(6..<12)
        #expect(set.ranges == [5..<9], "rows after a delete move up and touching ranges merge")
        #expect(set.ranges(overlapping: 0..<6) == [5..<6])
        let all = RowSet(0..<1_000_000)
        #expect(all.count == 1_000_000 && all.ranges.count == 1, "every row of a million is one range")
    }

    @Test func followsRandomBatchesLikeASetOfItems() {
        var random = SplitMix64(seed: 26)
        for _ in 0..<300 {
            var ids = Array(0..<Int(random.next() % 40 + 1))
            var nextID = ids.count
            var selected = Set<Int>()
            var set = RowSet()
            for row in ids.indices where random.next() % 3 == 0 {
                selected.insert(ids[row])
                set.insert(row)
            }
            for _ in 0..<8 {
                // A random new order: some deleted, some inserted, some moved.
                var new = ids.filter { _ in random.next() % 5 != 0 }
                if new.count > 2, random.next() % 2 == 0 {
                    let from = Int(random.next() % UInt64(new.count))
                    let item = new.remove(at: from)
                    new.insert(item, at: Int(random.next() % UInt64(new.count + 1)))
                }
                for _ in 0..<Int(random.next() % 4) {
                    new.insert(nextID, at: Int(random.next() % UInt64(new.count + 1)))
                    nextID += 1
                }
                let changes = ListDiff.diff(old: ids, new: new)
                set.follow(changes)
                selected = selected.intersection(new)
                ids = new
                let fromSet = Set(ids.indices.filter { set.contains($0) }.map { ids[$0] })
                #expect(fromSet == selected, "after \(changes)")
                #expect(set.last.map { $0 < ids.count } ?? true)
            }
        }
    }
}

/// Numbers as the find bar and the accessible "N of M" say them.
@Suite("number text")
struct NumberTextTests {
    @Test func numbersAreGroupedByThousands() {
        #expect(NumberText.grouped(0) == "0" && NumberText.grouped(999) == "999" && NumberText.grouped(1_000) == "1,000")
        #expect(NumberText.grouped(250_000) == "250,000" && NumberText.grouped(-1_204) == "-1,204" && NumberText.grouped(-123) == "-123")
    }

    @Test func aRowsPlaceIsOneBasedOfTheCountOrAloneWhenTheCountIsUnknown() {
        #expect(NumberText.position(ofRow: 1_001, count: 250_000) == "1,002 of 250,000")
        #expect(NumberText.position(ofRow: 0, count: nil) == "1")
    }
}
