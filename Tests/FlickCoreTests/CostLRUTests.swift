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
                let cost = random.int(in: 1...12)
                cache.insert(step, for: key, cost: cost)
                model.removeAll { $0.key == key }
                model.append((key, step, cost))
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
