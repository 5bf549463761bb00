import FlickCore
import Testing

/// Rows removed in the middle of a long, measured list leave holes instead of moving every
/// row measured after them: a live feed deleting posts above the reader must not pay for the
/// 100,000 rows measured below. Checked against a plain model through thousands of edits,
/// past the point where the holes are closed.
@Suite("HeightIndex: holes")
struct HeightIndexHoleTests {
    @Test func aRowRemovedInTheMiddleLeavesAHoleNotAMove() {
        var index = HeightIndex(rowCount: 50_000)
        for row in stride(from: 0, to: 40_000, by: 7) { index.setExactHeight(Double(50 + row % 300), forRow: row) }
        let below = index.offset(ofRow: 30_000) - index.height(ofRow: 100)
        index.removeRows(in: 100..<101)
        #expect(index.holeRows == 1)
        #expect(index.rowCount == 49_999)
        #expect(abs(index.offset(ofRow: 29_999) - below) < 1e-6)
        // A row measured below the removed one is now one row up, with its own height.
        let measured = 7 * 4_286
        #expect(index.height(ofRow: measured - 1) == Double(50 + measured % 300))
    }

    @Test(arguments: [5, 6, 7] as [UInt64])
    func middleEditsMatchAPlainModelThroughClosingTheHoles(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let configuration = HeightIndex.Configuration(estimatedRowHeight: 90, kindCount: 2)
        var index = HeightIndex(rowCount: 14_000, configuration: configuration)
        var model = NaiveHeights(rowCount: 14_000, fallback: 90, kinds: 2)
        for row in 0..<12_000 where random.chance(0.7) {
            let height = Double(random.int(in: 40...900)) / 2
            let kind = random.chance(0.5) ? random.int(in: 0...1) : nil
            index.setExactHeight(height, forRow: row, kind: kind)
            model.exact[row] = height
            model.kinds[row] = kind
        }
        var mostHoles = 0
        var copy: (index: HeightIndex, model: NaiveHeights)?
        for step in 0..<6_000 {
            let row = random.int(in: 1...(model.count - 60))
            switch random.int(in: 0...19) {
            case 0:
                index.insertRows(at: row, count: 2)
                model.insert(at: row, count: 2)
            case 1:
                index.invalidate(row: row)
                model.exact[row] = nil
            case 2:
                let height = Double(random.int(in: 40...900)) / 2
                index.setExactHeight(height, forRow: row)
                model.exact[row] = height
            case 3:
                let kind = random.chance(0.8) ? random.int(in: 0...1) : nil
                index.setKind(kind, forRow: row)
                model.kinds[row] = kind
            case 4:
                index.removeRows(in: (model.count - 3)..<model.count)
                model.remove((model.count - 3)..<model.count)
                index.appendRows(count: 3)
                model.append(3)
            default:
                let count = random.int(in: 1...3)
                index.removeRows(in: row..<(row + count))
                model.remove(row..<(row + count))
                index.appendRows(count: count)
                model.append(count)
            }
            mostHoles = max(mostHoles, index.holeRows)
            if step == 1_000 { copy = (index, model) }
            if step % 600 == 0 {
                model.check(index, probes: 300, &random)
                #expect(index.invariantViolation() == nil, "after step \(step)")
            }
        }
        model.check(index, probes: 2_000, &random)
        #expect(mostHoles > 1_000, "removals in the middle leave holes")
        // A copy taken mid-way kept its own rows through the later edits (copy-on-write).
        if let copy {
            copy.model.check(copy.index, probes: 500, &random)
            #expect(copy.index.invariantViolation() == nil)
        }
        #expect(index.invariantViolation() == nil)
    }

    @Test func holesCloseOnceHalfTheTouchedRows() {
        var random = SplitMix64(seed: 9)
        var index = HeightIndex(rowCount: 10_000, configuration: HeightIndex.Configuration(estimatedRowHeight: 70, kindCount: 1))
        var model = NaiveHeights(rowCount: 10_000, fallback: 70, kinds: 1)
        for row in 0..<10_000 where random.chance(0.6) {
            let height = Double(random.int(in: 10...500))
            let kind = random.chance(0.5) ? 0 : nil
            index.setExactHeight(height, forRow: row, kind: kind)
            model.exact[row] = height
            model.kinds[row] = kind
        }
        var holes: [Int] = []
        for _ in 0..<6_000 {
            let row = random.int(in: 1...(model.count - 2))
            index.removeRows(in: row..<(row + 1))
            model.remove(row..<(row + 1))
            holes.append(index.holeRows)
        }
        // Closed by the removal that makes more than half the 10,000 touched rows holes.
        let peak = holes.firstIndex(of: 5_000)
        #expect(holes.max() == 5_000)
        #expect(peak.map { holes[$0 + 1] } == 0)
        model.check(index, probes: 2_000, &random)
    }
}
