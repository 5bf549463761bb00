import FlickCore
import Testing

@Suite("CostLRU")
struct CostLRUTests {
    @Test func evictsLeastRecentlyUsedWhenOverCost() {
        var cache = CostLRU<String, Int>(costLimit: 10)
        cache.insert(1, for: "a", cost: 4)
        cache.insert(2, for: "b", cost: 4)
        _ = cache.value(for: "a")  // "b" is now the oldest
        let evicted = cache.insert(3, for: "c", cost: 4)
        #expect(evicted == [2])
        #expect(cache.peek("b") == nil)
        #expect(cache.keysByRecency == ["c", "a"])
        #expect(cache.totalCost == 8)
    }

    @Test func replacingAnEntryUpdatesItsCost() {
        var cache = CostLRU<String, Int>(costLimit: 100)
        cache.insert(1, for: "a", cost: 10)
        cache.insert(2, for: "a", cost: 30)
        #expect(cache.count == 1)
        #expect(cache.totalCost == 30)
        #expect(cache.peek("a") == 2)
    }

    @Test func entryCostlierThanTheLimitIsNotKept() {
        var cache = CostLRU<String, Int>(costLimit: 5)
        cache.insert(1, for: "big", cost: 6)
        #expect(cache.count == 0)
        #expect(cache.totalCost == 0)
    }

    @Test func anOversizeInsertKeepsOtherEntriesAndDropsTheStaleValueUnderItsKey() {
        var cache = CostLRU<String, Int>(costLimit: 10)
        cache.insert(1, for: "a", cost: 3)
        cache.insert(2, for: "b", cost: 3)
        cache.insert(3, for: "c", cost: 3)
        let leftNew = cache.insert(4, for: "d", cost: 11)
        #expect(leftNew.isEmpty, "nothing was under d; nothing older is flushed")
        #expect(cache.keysByRecency == ["c", "b", "a"])
        #expect(cache.totalCost == 9)
        let leftReplaced = cache.insert(5, for: "b", cost: 11)
        #expect(leftReplaced == [2], "the stale value under b leaves; the oversize one is not stored")
        #expect(cache.peek("b") == nil)
        #expect(cache.keysByRecency == ["c", "a"])
        #expect(cache.totalCost == 6)
    }

    @Test func countLimitBoundsEntries() {
        var cache = CostLRU<Int, Int>(costLimit: .max, countLimit: 3)
        for key in 0..<10 { cache.insert(key, for: key, cost: 1) }
        #expect(cache.keysByRecency == [9, 8, 7])
    }

    @Test func randomOperationsMatchASimpleModel() {
        var cache = CostLRU<Int, Int>(costLimit: 50)
        var model: [(key: Int, value: Int, cost: Int)] = []  // most recent last
        var random = SplitMix64(seed: 42)
        for step in 0..<20_000 {
            let key = random.int(in: 0...40)
            switch random.int(in: 0...2) {
            case 0:
                // Now and then an entry over the whole limit: never stored, drops its key only.
                let cost = random.int(in: 0...19) == 0 ? 51 : random.int(in: 1...12)
                cache.insert(step, for: key, cost: cost)
                model.removeAll { $0.key == key }
                if cost <= 50 { model.append((key, step, cost)) }
                while model.reduce(0, { $0 + $1.cost }) > 50 { model.removeFirst() }
            case 1:
                let got = cache.value(for: key)
                if let index = model.firstIndex(where: { $0.key == key }) {
                    let entry = model.remove(at: index)
                    model.append(entry)
                    #expect(got == entry.value)
                } else {
                    #expect(got == nil)
                }
            default:
                cache.removeValue(for: key)
                model.removeAll { $0.key == key }
            }
            #expect(cache.totalCost <= 50)
        }
        #expect(cache.keysByRecency == model.reversed().map(\.key))
        #expect(cache.totalCost == model.reduce(0) { $0 + $1.cost })
    }
}
