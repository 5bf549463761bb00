import FlickCore
import Testing

/// Heights kept the obvious way: an optional exact height and kind per row, estimates and
/// offsets recomputed from scratch with plain loops.
struct NaiveHeights {
    var exact: [Double?]
    var kinds: [Int?]
    let fallback: Double
    let kindCount: Int

    init(rowCount: Int, fallback: Double, kinds: Int = 0) {
        exact = Array(repeating: nil, count: rowCount)
        self.kinds = Array(repeating: nil, count: rowCount)
        self.fallback = fallback
        kindCount = kinds
    }

    var count: Int { exact.count }

    mutating func append(_ count: Int) {
        exact.append(contentsOf: repeatElement(nil, count: count))
        kinds.append(contentsOf: repeatElement(nil, count: count))
    }

    mutating func insert(at row: Int, count: Int) {
        exact.insert(contentsOf: repeatElement(nil, count: count), at: row)
        kinds.insert(contentsOf: repeatElement(nil, count: count), at: row)
    }

    mutating func remove(_ range: Range<Int>) {
        exact.removeSubrange(range)
        kinds.removeSubrange(range)
    }

    func randomExactRow(_ random: inout SplitMix64) -> Int? {
        for _ in 0..<50 {
            let row = random.int(in: 0...(count - 1))
            if exact[row] != nil { return row }
        }
        return nil
    }

    /// Overall mean of exact heights, and per kind (falling back to the overall mean).
    func estimates() -> (overall: Double, byKind: [Double]) {
        var sum = 0.0
        var n = 0
        var sums = Array(repeating: 0.0, count: kindCount)
        var counts = Array(repeating: 0, count: kindCount)
        for row in exact.indices {
            guard let height = exact[row] else { continue }
            sum += height
            n += 1
            if let kind = kinds[row] {
                sums[kind] += height
                counts[kind] += 1
            }
        }
        let overall = n > 0 ? sum / Double(n) : fallback
        return (overall, (0..<kindCount).map { counts[$0] > 0 ? sums[$0] / Double(counts[$0]) : overall })
    }

    func height(_ row: Int) -> Double {
        if let height = exact[row] { return height }
        let (overall, byKind) = estimates()
        return kinds[row].map { byKind[$0] } ?? overall
    }

    /// Compares every checked offset, the total and rows found at random and boundary probes.
    func check(_ index: HeightIndex, probes: Int, _ random: inout SplitMix64) {
        let (overall, byKind) = estimates()
        var tops = [Double](repeating: 0, count: count + 1)
        for row in 0..<count {
            let height = exact[row] ?? kinds[row].map { byKind[$0] } ?? overall
            tops[row + 1] = tops[row] + height
        }
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }
        #expect(index.rowCount == count)
        #expect(close(index.currentEstimate, overall))
        #expect(close(index.totalHeight, tops[count]))
        guard count > 0 else { return }
        for _ in 0..<probes {
            let row = random.int(in: 0...count)
            #expect(close(index.offset(ofRow: row), tops[row]), "offset of row \(row)")

            // A random y: the row found must contain it (boundaries within float tolerance).
            let y = (random.unit() * 1.02 - 0.01) * tops[count]
            let found = index.row(atOffset: y)
            let slack = 1e-9 * max(1, abs(y))
            #expect(found >= 0 && found < count)
            #expect(found == 0 || tops[found] <= y + slack, "row \(found) starts below \(y)")
            #expect(found == count - 1 || y < tops[found + 1] + slack, "row \(found) ends above \(y)")

            // The index agrees with itself exactly at boundaries.
            if row < count, index.height(ofRow: row) > 0 {
                let top = index.offset(ofRow: row)
                #expect(index.row(atOffset: top) == row)
                if row > 0 {
                    // Just above the top: the last row before it that has any height.
                    let previous = index.row(atOffset: top.nextDown)
                    #expect(previous < row)
                    #expect(((previous + 1)..<row).allSatisfy { index.height(ofRow: $0) == 0 })
                }
            }
        }
    }
}
