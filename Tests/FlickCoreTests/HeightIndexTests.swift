import FlickCore
import Testing

@Suite("HeightIndex")
struct HeightIndexTests {
    static let fixed = HeightIndex.Configuration(estimatedRowHeight: 100, estimation: .fixed)

    /// An index with exact `heights` (fixed estimation, so untouched rows would be 100).
    static func index(_ heights: [Double]) -> HeightIndex {
        var index = HeightIndex(rowCount: heights.count, configuration: fixed)
        for (row, height) in heights.enumerated() { index.setExactHeight(height, forRow: row) }
        return index
    }

    // MARK: Opening

    @Test func millionRowIndexOpensWithoutStoringAnyRow() {
        let index = HeightIndex(rowCount: 1_000_000)
        #expect(index.coveredRows == 0)
        #expect(index.currentEstimate == 120)
        #expect(index.totalHeight == 120_000_000)
        #expect(index.offset(ofRow: 500_000) == 60_000_000)
        #expect(index.row(atOffset: 60_000_000) == 500_000)
        #expect(index.row(atOffset: 60_000_000 - 0.001) == 499_999)
        #expect(index.row(atOffset: index.totalHeight - 1) == 999_999)
        #expect(!index.isExact(row: 999_999))
    }

    @Test func storageGrowsOnlyAsFarAsTheDeepestMeasuredRow() {
        var index = HeightIndex(rowCount: 1_000_000)
        index.setExactHeight(80, forRow: 10)
        #expect(index.coveredRows == 8192, "row 10 after the 4,096 rows of headroom above row 0")
        index.setExactHeight(80, forRow: 5_000)
        #expect(index.coveredRows == 16_384)
        index.appendRows(count: 1_000_000)
        #expect(index.coveredRows == 16_384)
        #expect(index.rowCount == 2_000_000)
        // Rows past the covered ones still sum correctly: two rows at 80, the rest at the mean (80).
        #expect(index.totalHeight == 2_000_000 * 80)
    }

    @Test func farJumpsCoverAMillionRowsWithoutHoldingTheirMemory() {
        var index = HeightIndex(rowCount: 1_000_000, configuration: HeightIndex.Configuration(kindCount: 4))
        for row in 0..<20 { index.setExactHeight(100, forRow: row, kind: row % 4) }
        for row in 999_980..<1_000_000 { index.setExactHeight(300, forRow: row, kind: 1) }
        #expect(index.coveredRows == 1_048_576)
        // Dense storage would be 37 bytes per covered row with 4 kinds: about 39 MB.
        #expect(index.residentStorageBytes < 1_048_576, "resident \(index.residentStorageBytes) bytes")
        #expect(index.offset(ofRow: 999_980) == 20 * 100 + Double(999_960) * 200)
        #expect(index.row(atOffset: index.totalHeight - 1) == 999_999)
    }

    @Test func aCopiedIndexKeepsItsOwnHeights() {
        var original = HeightIndex(rowCount: 1_000_000)
        original.setExactHeight(50, forRow: 700_000)
        var copy = original
        copy.setExactHeight(70, forRow: 700_000)
        copy.insertRows(at: 0, count: 3)
        #expect(original.height(ofRow: 700_000) == 50 && original.rowCount == 1_000_000)
        #expect(copy.height(ofRow: 700_003) == 70 && copy.rowCount == 1_000_003)
        #expect(original.totalHeight != copy.totalHeight)
        var far = HeightIndex(rowCount: 1_000_000)
        far.setExactHeight(10, forRow: 999_999)
        var farCopy = far
        farCopy.setExactHeight(20, forRow: 0)
        #expect(far.height(ofRow: 0) != 20 && farCopy.height(ofRow: 999_999) == 10)
        #expect(far.offset(ofRow: 999_999) != farCopy.offset(ofRow: 999_999))
    }

    @Test func emptyIndexHasNoRowsAndNoHeight() {
        var index = HeightIndex()
        #expect(index.rowCount == 0)
        #expect(index.totalHeight == 0)
        #expect(index.offset(ofRow: 0) == 0)
        #expect(index.row(atOffset: 100) == 0)
        #expect(index.rows(in: 0...500) == 0..<0)
        index.appendRows(count: 3)
        #expect(index.totalHeight == 360)
        #expect(index.rows(in: 0...500) == 0..<3)
    }

    // MARK: Exact heights and estimates

    @Test func exactHeightsReplaceEstimatesAndInvalidationRestoresThem() {
        var index = HeightIndex(rowCount: 10, configuration: Self.fixed)
        index.setExactHeight(40, forRow: 3)
        #expect(index.isExact(row: 3))
        #expect(index.height(ofRow: 3) == 40)
        #expect(index.offset(ofRow: 4) == 340)
        index.setExactHeight(250, forRow: 3)  // re-measuring replaces
        #expect(index.height(ofRow: 3) == 250)
        #expect(index.totalHeight == 1_150)
        index.invalidate(row: 3)
        #expect(!index.isExact(row: 3))
        #expect(index.height(ofRow: 3) == 100)
        #expect(index.totalHeight == 1_000)
    }

    @Test func runningAverageEstimatesUnmeasuredRowsFromMeasuredOnes() {
        var index = HeightIndex(rowCount: 100)
        #expect(index.currentEstimate == 120)
        index.setExactHeight(50, forRow: 0)
        index.setExactHeight(150, forRow: 1)
        #expect(index.currentEstimate == 100)
        #expect(index.height(ofRow: 50) == 100)
        #expect(index.totalHeight == 50 + 150 + 98 * 100)
        index.invalidate(row: 1)
        #expect(index.currentEstimate == 50)
        index.invalidate(row: 0)
        #expect(index.currentEstimate == 120)
    }

    @Test func taggedRowsTakeTheAverageOfTheirKind() {
        var index = HeightIndex(rowCount: 20, configuration: .init(estimatedRowHeight: 100, kindCount: 2))
        index.setKind(1, forRow: 10)
        #expect(index.height(ofRow: 10) == 100)  // no kind-1 measurements yet: overall estimate
        index.setExactHeight(50, forRow: 0, kind: 0)
        index.setExactHeight(50, forRow: 1, kind: 0)
        index.setExactHeight(300, forRow: 2, kind: 1)
        index.setExactHeight(400, forRow: 3, kind: 1)
        #expect(index.estimate(forKind: 0) == 50)
        #expect(index.estimate(forKind: 1) == 350)
        #expect(index.currentEstimate == 200)
        #expect(index.height(ofRow: 10) == 350)
        #expect(index.height(ofRow: 11) == 200)
        // rows 0…3 exact (800), rows 4…9 untagged (6 × 200), row 10 kind 1 (350)
        #expect(index.offset(ofRow: 11) == 800 + 1_200 + 350)
        index.invalidate(row: 3)  // keeps its tag, takes its kind's estimate
        #expect(index.kind(ofRow: 3) == 1)
        #expect(index.height(ofRow: 3) == 300)
        index.setKind(nil, forRow: 10)
        #expect(index.height(ofRow: 10) == index.currentEstimate)
        // exact 50 + 50 + 300, row 3 at kind 1's 300, 16 untagged rows at the mean 400/3
        #expect(abs(index.totalHeight - (700 + 16 * (400 / 3.0))) <= 1e-9)
    }

    @Test func nonFiniteOrNegativeHeightsAreRefused() async {
        await #expect(processExitsWith: .failure) {
            var index = HeightIndex(rowCount: 4)
            index.setExactHeight(.nan, forRow: 2)
        }
        await #expect(processExitsWith: .failure) {
            var index = HeightIndex(rowCount: 4)
            index.setExactHeight(-1, forRow: 2)
        }
        await #expect(processExitsWith: .failure) {
            var index = HeightIndex(rowCount: 4)
            index.setExactHeight(.infinity, forRow: 2)
        }
    }

    // MARK: Finding rows

    /// Heights 10, 0, 0, 20, 5: tops 0, 10, 10, 10, 30; total 35.
    static let boundaryRows = index([10, 0, 0, 20, 5])

    @Test(arguments: [
        (0.0, 0), (9.999, 0), (10, 3), (29.999, 3), (30, 4), (34.999, 4),
        (35, 4), (1e300, 4), (.infinity, 4), (-5, 0), (-.infinity, 0),
    ])
    func rowAtOffsetTakesTheRowStartingOnABoundaryAndClamps(y: Double, row: Int) {
        #expect(Self.boundaryRows.row(atOffset: y) == row)
    }

    @Test func zeroHeightRowsAreNeverFoundUnlessLast() {
        let index = Self.index([0, 0, 10, 0, 0])
        #expect(index.row(atOffset: 0) == 2)
        #expect(index.row(atOffset: 9.5) == 2)
        #expect(index.row(atOffset: 10) == 4)
    }

    @Test(arguments: [
        (0.0...10.0, 0..<4), (12.0...29.0, 3..<4), (-50.0 ... -1.0, 0..<0),
        (35.0...40.0, 5..<5), (-10.0...5.0, 0..<1), (31.0...1e9, 4..<5),
    ])
    func rowsInRangeAreTheRowsMeetingIt(range: ClosedRange<Double>, rows: Range<Int>) {
        #expect(Self.boundaryRows.rows(in: range) == rows)
    }

    // MARK: Against a naive model

    @Test func millionRowsMatchANaivePrefixSumUnderRandomUpdates() {
        var random = SplitMix64(seed: 7)
        var index = HeightIndex(rowCount: 1_000_000)
        var model = NaiveHeights(rowCount: 1_000_000, fallback: 120)
        var cursor = 0  // where the "viewport" is: most measurements land near it
        for _ in 0..<20 {  // 3,000 operations, checked every 150
            for _ in 0..<150 {
                let roll = random.unit()
                if roll < 0.05 {
                    let count = random.int(in: 1...2_000)
                    index.appendRows(count: count)
                    model.append(count)
                } else if roll < 0.2, let row = model.randomExactRow(&random) {
                    index.invalidate(row: row)
                    model.exact[row] = nil
                } else {
                    cursor = min(model.count - 1, max(0, cursor + random.int(in: -40...60)))
                    let row = random.chance(0.8) ? min(model.count - 1, cursor + random.int(in: 0...30)) : random.int(in: 0...(model.count - 1))
                    let height = Double(random.int(in: 80...2_400)) / 4
                    index.setExactHeight(height, forRow: row)
                    model.exact[row] = height
                }
            }
            model.check(index, probes: 200, &random)
        }
        #expect(index.invariantViolation() == nil)
    }

    @Test func insertsRemovalsAndTagsMatchANaiveModel() {
        var random = SplitMix64(seed: 11)
        let configuration = HeightIndex.Configuration(estimatedRowHeight: 90, kindCount: 3)
        var index = HeightIndex(rowCount: 3_000, configuration: configuration)
        var model = NaiveHeights(rowCount: 3_000, fallback: 90, kinds: 3)
        for step in 0..<1_500 {
            let roll = random.unit()
            let row = random.int(in: 0...max(0, model.count - 1))
            if model.count == 0 || roll < 0.05 {
                let at = random.chance(0.5) ? 0 : random.int(in: 0...model.count)
                let count = random.int(in: 1...50)
                index.insertRows(at: at, count: count)
                model.insert(at: at, count: count)
            } else if roll < 0.1 {
                let end = min(model.count, row + random.int(in: 1...40))
                index.removeRows(in: row..<end)
                model.remove(row..<end)
            } else if roll < 0.2 {
                let kind = random.chance(0.8) ? random.int(in: 0...2) : nil
                index.setKind(kind, forRow: row)
                model.kinds[row] = kind
            } else if roll < 0.3 {
                index.invalidate(row: row)
                model.exact[row] = nil
            } else if roll < 0.33 {
                let count = random.int(in: 1...100)
                index.appendRows(count: count)
                model.append(count)
            } else {
                let height = Double(random.int(in: 0...1_600)) / 4
                let kind = random.chance(0.3) ? random.int(in: 0...2) : nil
                index.setExactHeight(height, forRow: row, kind: kind)
                model.exact[row] = height
                if let kind { model.kinds[row] = kind }
            }
            #expect(index.rowCount == model.count)
            if step % 50 == 0 { #expect(index.invariantViolation() == nil, "after step \(step)") }
            for _ in 0..<5 where model.count > 0 {
                let probe = random.int(in: 0...(model.count - 1))
                #expect(index.isExact(row: probe) == (model.exact[probe] != nil))
                #expect(index.kind(ofRow: probe) == model.kinds[probe])
                #expect(abs(index.height(ofRow: probe) - model.height(probe)) <= 1e-9)
            }
        }
        model.check(index, probes: 500, &random)
        #expect(index.invariantViolation() == nil)
    }

    // MARK: Anchoring

    @Test func anchoredUpdatesKeepTheFirstVisibleRowOnItsPixel() {
        var random = SplitMix64(seed: 3)
        var index = HeightIndex(rowCount: 1_000_000)
        var contentOffset = 0.0
        var sawEstimateShiftAbove = false
        var sawLargeCorrection = false
        for _ in 0..<400 {
            // Scroll somewhere within the first few thousand rows.
            contentOffset = max(0, min(index.offset(ofRow: 3_000), contentOffset + Double(random.int(in: -3_000...4_000))))
            let anchor = index.row(atOffset: contentOffset)
            let gap = contentOffset - index.offset(ofRow: anchor)
            let estimateBefore = index.currentEstimate
            let hasEstimatedRowAbove = (0..<anchor).contains { !index.isExact(row: $0) }

            let batch = (0..<random.int(in: 1...30)).map { _ in
                (row: max(0, anchor + random.int(in: -60...40)), height: Double(random.int(in: 40...1_600)) / 4)
            }
            let correction: Double
            if random.chance(0.2) {
                correction = index.keepingAnchor(row: anchor) { index in
                    for entry in batch where index.isExact(row: entry.row) { index.invalidate(row: entry.row) }
                }
            } else {
                correction = index.setExactHeights(batch, anchoredAt: anchor)
            }
            contentOffset += correction

            #expect(abs((contentOffset - index.offset(ofRow: anchor)) - gap) <= 1e-9)
            if index.currentEstimate != estimateBefore && hasEstimatedRowAbove { sawEstimateShiftAbove = true }
            if abs(correction) > 100 { sawLargeCorrection = true }
        }
        #expect(sawEstimateShiftAbove)
        #expect(sawLargeCorrection)
    }

    @Test func correctionCountsEstimateChangesOfRowsAboveTheAnchor() {
        var index = HeightIndex(rowCount: 1_000, configuration: .init(estimatedRowHeight: 100))
        index.setExactHeight(100, forRow: 0)
        // Row 20 is below the anchor, but moving the average re-estimates rows 1…9 above it.
        let correction = index.setExactHeights([(row: 20, height: 400)], anchoredAt: 10)
        #expect(index.currentEstimate == 250)
        #expect(correction == 9 * 150)
    }

    @Test func insertingRowsAtTheTopKeepsTheHeightsOfTheRowsBelow() {
        var index = HeightIndex(rowCount: 1_000_000, configuration: Self.fixed)
        for row in 0..<50 { index.setExactHeight(Double(10 + row), forRow: row, kind: nil) }
        index.insertRows(at: 0, count: 20)
        #expect(index.rowCount == 1_000_020)
        #expect(index.coveredRows == 8192, "the touched rows plus the 4,096 rows of headroom kept above row 0")
        let before = index.residentStorageBytes
        for _ in 0..<100 { index.insertRows(at: 0, count: 20) }
        #expect(index.coveredRows == 8192, "later inserts on top take headroom: nothing moves, nothing grows")
        #expect(index.residentStorageBytes <= before + 64 * 1024)
        index.removeRows(in: 0..<2_000)
        for row in 0..<20 { #expect(!index.isExact(row: row)) }
        for row in 0..<50 { #expect(index.height(ofRow: row + 20) == Double(10 + row)) }
        #expect(index.offset(ofRow: 20) == 2_000)
    }
}
