@testable import FlickCore
import Testing

@Suite("RowOrder")
struct RowOrderTests {
    typealias Order = RowOrder<Int>
    typealias Entry = Order.Entry

    /// The simplest correct row order: one entry per row.
    struct Model {
        var entries: [Entry]
        var storedCount: Int

        init(storedCount: Int) {
            entries = (0..<storedCount).map { .stored($0) }
            self.storedCount = storedCount
        }

        /// Positions in row order, consecutive ones merged, locals skipped.
        func storedRuns(in rows: Range<Int>) -> [Range<Int>] {
            var runs: [Range<Int>] = []
            for case .stored(let position) in entries[rows] {
                if let last = runs.last, last.upperBound == position {
                    runs[runs.count - 1] = last.lowerBound..<(position + 1)
                } else {
                    runs.append(position..<(position + 1))
                }
            }
            return runs
        }

        /// The fewest pieces that can hold the entries: neighbours join when both are local, or
        /// both stored with consecutive positions.
        var minimalPieceCount: Int {
            var pieces = 0
            for (row, entry) in entries.enumerated() {
                switch (row > 0 ? entries[row - 1] : nil, entry) {
                case (.local?, .local): break
                case (.stored(let before)?, .stored(let after)) where after == before + 1: break
                default: pieces += 1
                }
            }
            return pieces
        }
    }

    /// The first way `order` differs from `model`, or nil.
    static func mismatch(_ order: Order, _ model: Model, random: inout SplitMix64) -> String? {
        if order.count != model.entries.count { return "count \(order.count), expected \(model.entries.count)" }
        if order.storedCount != model.storedCount { return "storedCount \(order.storedCount), expected \(model.storedCount)" }
        for (row, entry) in model.entries.enumerated() where order.entry(at: row) != entry {
            return "row \(row) shows \(order.entry(at: row)), expected \(entry)"
        }
        if order.pieceCount != model.minimalPieceCount { return "\(order.pieceCount) pieces, \(model.minimalPieceCount) would do" }
        var rowOfPosition = [Int?](repeating: nil, count: model.storedCount)
        for (row, entry) in model.entries.enumerated() { if case .stored(let position) = entry { rowOfPosition[position] = row } }
        for position in 0..<model.storedCount where order.row(ofStored: position) != rowOfPosition[position] {
            return "row(ofStored: \(position)) is \(String(describing: order.row(ofStored: position)))"
        }
        if order.row(ofStored: -1) != nil || order.row(ofStored: model.storedCount) != nil { return "row of a missing position" }
        var ranges = [0..<model.entries.count, 0..<0, model.entries.count..<model.entries.count]
        for _ in 0..<4 {
            let start = random.int(in: 0...model.entries.count)
            ranges.append(start..<random.int(in: start...model.entries.count))
        }
        for rows in ranges where order.storedRuns(in: rows) != model.storedRuns(in: rows) {
            return "storedRuns(in: \(rows)) is \(order.storedRuns(in: rows)), expected \(model.storedRuns(in: rows))"
        }
        return nil
    }

    /// A row in 0...count, biased toward the ends where feeds are edited most.
    static func row(in count: Int, random: inout SplitMix64) -> Int {
        switch random.int(in: 0...5) {
        case 0: 0
        case 1: count
        default: random.int(in: 0...count)
        }
    }

    @Test func randomEditsMatchAPlainArray() {
        var random = SplitMix64(seed: 0x0DE5)
        var nextLocal = 0
        for trial in 0..<300 {
            let storedCount = random.pick([0, 1, 2, 5, 30, 80])
            var order = Order(storedCount: storedCount)
            var model = Model(storedCount: storedCount)
            for step in 0..<40 {
                let count = model.entries.count
                switch random.int(in: 0...5) {
                case 0:
                    let values = Array(nextLocal..<(nextLocal + random.int(in: 0...4)))
                    nextLocal += values.count
                    let at = Self.row(in: count, random: &random)
                    order.insert(values, at: at)
                    model.entries.insert(contentsOf: values.map(Entry.local), at: at)
                case 1:
                    let start = Self.row(in: count, random: &random)
                    let rows = start..<min(count, start + random.int(in: 0...6))
                    order.remove(rows)
                    model.entries.removeSubrange(rows)
                case 2 where count > 0:
                    let from = min(Self.row(in: count, random: &random), count - 1)
                    let to = min(Self.row(in: count, random: &random), count - 1)
                    order.move(from: from, to: to)
                    model.entries.insert(model.entries.remove(at: from), at: to)
                case 3 where count > 0:
                    let at = min(Self.row(in: count, random: &random), count - 1)
                    order.replace(at: at, with: nextLocal)
                    model.entries[at] = .local(nextLocal)
                    nextLocal += 1
                case 4:
                    let added = random.int(in: 0...5)
                    order.appendStored(count: added)
                    model.entries += (model.storedCount..<(model.storedCount + added)).map(Entry.stored)
                    model.storedCount += added
                default:
                    // Put a removed stored row back where it was: its run must join up again.
                    guard count > 1 else { continue }
                    let from = random.int(in: 0...(count - 1))
                    order.move(from: from, to: count - 1)
                    order.move(from: count - 1, to: from)
                }
                let problem = Self.mismatch(order, model, random: &random)
                #expect(problem == nil, "trial \(trial) step \(step)")
                if problem != nil { return }
            }
        }
    }

    @Test func millionStoredRowsTakeTwentyPostsOnTopInTwoPieces() {
        var order = RowOrder<String>(storedCount: 1_000_000)
        #expect(order.pieceCount == 1)
        for post in 0..<20 { order.insert(["new \(post)"], at: 0) }
        #expect(order.count == 1_000_020)
        #expect(order.pieceCount == 2)
        for row in 0..<20 { #expect(order.entry(at: row) == .local("new \(19 - row)")) }
        #expect(order.entry(at: 20) == .stored(0))
        #expect(order.entry(at: 500_020) == .stored(500_000))
        #expect(order.entry(at: 1_000_019) == .stored(999_999))
        #expect(order.row(ofStored: 0) == 20)
        #expect(order.row(ofStored: 999_999) == 1_000_019)
        #expect(order.storedRuns(in: 0..<40) == [0..<20])
        #expect(order.storedRuns(in: 0..<20) == [])

        // A delete, an edit, a move and an older page keep the table small.
        order.remove(100..<110)
        order.replace(at: 200, with: "edited")
        order.move(from: 300, to: 0)
        order.appendStored(count: 1_000)
        #expect(order.pieceCount <= 10)
        #expect(order.count == 1_000_020 - 10 + 1_000)
        #expect(order.entry(at: 0) == .stored(290))
        #expect(order.row(ofStored: 80) == nil)
        #expect(order.row(ofStored: 90) == 101)
        #expect(order.row(ofStored: 1_000_500) == 1_000_020 - 10 + 500)
        #expect(order.storedRuns(in: 195..<205) == [184..<190, 191..<194])
        #expect(order.entry(at: 201) == .local("edited"))
        #expect(order.storedRuns(in: 21..<(order.count)) == [0..<80, 90..<190, 191..<290, 291..<1_001_000])
    }

    @Test func emptyOrderGrowsFromTheStore() {
        var order = RowOrder<Int>(storedCount: 0)
        #expect(order.count == 0 && order.pieceCount == 0)
        #expect(order.storedRuns(in: 0..<0) == [])
        order.appendStored(count: 3)
        order.appendStored(count: 2)
        #expect(order.pieceCount == 1 && order.storedRuns(in: 0..<5) == [0..<5])
        order.insert([], at: 5)
        order.remove(2..<2)
        #expect(order.pieceCount == 1)
    }
}
