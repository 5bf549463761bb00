import Flick
import FlickTestSupport
import Testing

/// The in-memory cells' indexes (row of an id, the section header above a row) after batch
/// updates at the top, the bottom and in between equal those of a fresh build of the same
/// cells — the top and bottom moving only an offset, the middle re-indexing what follows.
@Suite("Cell source indexes")
@MainActor
struct CellSourceIndexTests {
    struct Line: CellKind {
        struct Layout: CellLayout { let height: Double }
        func layout(_ content: Int, in environment: CellEnvironment) -> Layout { Layout(height: 20) }
        func draw(_ layout: Layout, in canvas: Canvas, state: CellState) {}
    }

    struct Header: CellKind {
        struct Layout: CellLayout { let height: Double }
        var isSectionHeader: Bool { true }
        func layout(_ content: Int, in environment: CellEnvironment) -> Layout { Layout(height: 30) }
        func draw(_ layout: Layout, in canvas: Canvas, state: CellState) {}
    }

    /// Cells `ids`, a header before every id divisible by 7.
    static func cells(_ ids: Range<Int>) -> [Cell<Int>] {
        ids.flatMap { id -> [Cell<Int>] in
            let line = Cell(id: id, kind: Line(), content: id)
            return id % 7 == 0 ? [Cell(id: -1 - id, kind: Header(), content: id), line] : [line]
        }
    }

    static func expectSameIndexes(_ list: CellList<Int>, _ step: String) {
        let fresh = CellSource<Int>()
        fresh.replaceItems(with: list.cells)
        for (row, cell) in list.cells.enumerated() {
            #expect(list.source.row(ofItem: cell.id) == row, "\(step): row of \(cell.id)")
            #expect(list.source.sectionHeader(atOrAbove: row) == fresh.sectionHeader(atOrAbove: row), "\(step): header above \(row)")
        }
        #expect(list.source.row(ofItem: 1_000_000) == nil)
    }

    @Test func batchUpdatesAtTheEndsAndInTheMiddleKeepTheIndexes() {
        let list = CellList<Int>(configuration: .chat)
        list.apply(snapshot: Self.cells(500..<600))
        list.frame(at: 0)
        Self.expectSameIndexes(list, "snapshot")
        list.prepend(Self.cells(399..<500))  // a header first: removed next
        Self.expectSameIndexes(list, "prepend")
        list.remove(0..<3)
        Self.expectSameIndexes(list, "remove at the top")
        list.append(Self.cells(600..<650))
        Self.expectSameIndexes(list, "append")
        list.insert(Self.cells(2_000..<2_010), at: 40)
        Self.expectSameIndexes(list, "insert in the middle")
        list.remove(10..<30)
        Self.expectSameIndexes(list, "remove in the middle")
        list.remove((list.cells.count - 5)..<list.cells.count)
        Self.expectSameIndexes(list, "remove at the bottom")
        list.prepend(Self.cells(300..<301))
        Self.expectSameIndexes(list, "prepend one")
    }
}
