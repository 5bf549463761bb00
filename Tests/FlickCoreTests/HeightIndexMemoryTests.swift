import FlickCore
import Testing

/// Row state stays as resident as the rows touched through structural edits: moving a
/// million rows of which a few were measured writes only their pages.
@Suite("HeightIndex: memory through edits")
struct HeightIndexMemoryTests {
    @Test func rowsOnTopAfterAJumpToTheLastRowKeepMemoryToTheTouchedRows() {
        let rows = 1_000_000
        var index = HeightIndex(rowCount: rows, configuration: HeightIndex.Configuration(estimatedRowHeight: 100, kindCount: 5))
        var model: [Int: Double] = [:]
        for row in stride(from: 0, to: rows, by: 50_000) + [rows - 1] {
            let height = Double(60 + row % 97)
            index.setExactHeight(height, forRow: row, kind: row % 5)
            model[row] = height
        }
        let touched = index.residentStorageBytes
        // The first rows on top take the headroom reserved before the first row was stored.
        index.insertRows(at: 0, count: 20)
        index.insertRows(at: 0, count: 30)
        // Dense, a million rows' state is ~41 MB (exact heights, kinds, sums, per-kind counts).
        #expect(index.residentStorageBytes < touched + 6 * 1_048_576, "\(index.residentStorageBytes) bytes, \(touched) before")
        for (row, height) in model {
            #expect(index.height(ofRow: row + 50) == height, "row \(row)")
            // The tree's sums moved with the rows: each measured row spans its height.
            #expect(abs(index.offset(ofRow: row + 51) - index.offset(ofRow: row + 50) - height) < 1e-6, "row \(row)")
        }
        index.removeRows(in: 0..<50)
        #expect(index.residentStorageBytes < touched + 6 * 1_048_576)
        for (row, height) in model { #expect(index.height(ofRow: row) == height, "row \(row)") }
    }
}
