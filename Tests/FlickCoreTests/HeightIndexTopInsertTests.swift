import FlickCore
import Testing

/// Rows inserted and removed at the top take and give back headroom above row 0 instead of
/// moving every touched row: checked against a plain array of heights.
@Suite("HeightIndex: rows on top")
struct HeightIndexTopInsertTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func topInsertsAndRemovalsMatchAPlainModel(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var index = HeightIndex(rowCount: 300, configuration: HeightIndex.Configuration(estimatedRowHeight: 80, kindCount: 2))
        var model: [Double?] = Array(repeating: nil, count: 300)
        for step in 0..<3_000 {
            switch random.int(in: 0...9) {
            case 0...2:
                let count = random.int(in: 1...(step % 50 == 0 ? 5_000 : 30))
                index.insertRows(at: 0, count: count)
                model.insert(contentsOf: Array(repeating: nil, count: count), at: 0)
            case 3 where model.count > 40:
                let count = random.int(in: 1...20)
                index.removeRows(in: 0..<count)
                model.removeFirst(count)
            case 4 where model.count > 40:
                let row = random.int(in: 0...(model.count - 10))
                index.removeRows(in: row..<(row + 3))
                model.removeSubrange(row..<(row + 3))
            case 5:
                let row = random.int(in: 0...model.count)
                index.insertRows(at: row, count: 2)
                model.insert(contentsOf: [nil, nil], at: row)
            default:
                let row = random.int(in: 0...(min(model.count, 400) - 1))
                let height = Double(random.int(in: 20...300))
                index.setExactHeight(height, forRow: row)
                model[row] = height
            }
            #expect(index.rowCount == model.count)
            guard step % 10 == 0 else { continue }
            if step % 100 == 0, let broken = index.invariantViolation() {
                Issue.record("step \(step): \(broken)")
                return
            }
            // Exact rows and offsets against the model (estimates are the index's own).
            var offset = 0.0
            for row in 0..<min(model.count, 500) {
                let exactMatches = index.isExact(row: row) == (model[row] != nil) && (model[row].map { index.height(ofRow: row) == $0 } ?? true)
                let offsetMatches = abs(index.offset(ofRow: row) - offset) <= 1e-6 * max(1, offset)
                let found = index.row(atOffset: index.offset(ofRow: row)) == row || index.height(ofRow: row) == 0
                guard exactMatches, offsetMatches, found else {
                    Issue.record("step \(step), row \(row): exact \(exactMatches), offset \(index.offset(ofRow: row)) vs \(offset), found \(found)")
                    return
                }
                offset += index.height(ofRow: row)
            }
        }
    }
}
