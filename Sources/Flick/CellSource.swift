import FlickCore
import FlickList
import FlickRaster
import FlickText
import Foundation

/// The rows of a `CellList`: cells in memory, replaced by snapshots the engine applies. The
/// list engine reads it on the main thread (items, sections) and lays out captured cells on
/// workers, each with its own text context.
///
/// `@unchecked Sendable`: `items` and the indexes built from them are read and written on the
/// main thread only (the engine's `SnapshotDataSource` contract); workers receive cells by
/// value and touch nothing here.
public final class CellSource<ID: Hashable & Sendable>: SnapshotDataSource, @unchecked Sendable {
    public typealias Item = Cell<ID>
    public typealias Layout = CellLayoutBox
    public typealias WorkerContext = TextContext?

    public private(set) var items: [Cell<ID>] = []
    /// Rows of section headers, ascending; rows by id.
    private var headerRows: [Int] = []
    private var rows: [ID: Int] = [:]
    /// Height assumed for rows not laid out yet.
    private let estimate: Double

    public init(estimate: Double = 80) { self.estimate = estimate }

    public func replaceItems(with items: [Cell<ID>]) {
        self.items = items
        rows.removeAll(keepingCapacity: true)
        reindex(from: 0)
    }

    /// Cells are all in memory: a row the engine could not find here does not exist (and
    /// `items` must never be read off the main thread).
    public func loadItem(at row: Int) -> Cell<ID>? { nil }

    /// `cells` before `row`. O(rows after `row`): only their indexes move.
    func insert(_ cells: [Cell<ID>], at row: Int) {
        items.insert(contentsOf: cells, at: row)
        reindex(from: row)
    }

    /// Removes `range`. O(rows after it).
    func remove(_ range: Range<Int>) {
        for cell in items[range] { rows[cell.id] = nil }
        items.removeSubrange(range)
        reindex(from: range.lowerBound)
    }

    /// `cell` in place of the row's (the same id: a new version of its content). O(1) but for
    /// a change of section-header kind.
    func replace(at row: Int, with cell: Cell<ID>) {
        let wasHeader = items[row].isSectionHeader
        if items[row].id != cell.id { rows[items[row].id] = nil }
        items[row] = cell
        rows[cell.id] = row
        if wasHeader != cell.isSectionHeader { reindex(from: row) }
    }

    /// Rebuilds the row and header indexes of rows `from...` (rows before keep theirs).
    private func reindex(from start: Int) {
        headerRows.removeAll { $0 >= start }
        for row in start..<items.count {
            let cell = items[row]
            if cell.isSectionHeader { headerRows.append(row) }
            rows[cell.id] = row
        }
    }

    public func row(ofItem id: ID) -> Int? { rows[id] }

    public func sectionHeader(atOrAbove row: Int) -> Int? {
        // The last header row ≤ row: binary search.
        var low = 0
        var high = headerRows.count
        while low < high {
            let middle = (low + high) / 2
            if headerRows[middle] <= row { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? headerRows[low - 1] : nil
    }

    public func estimatedHeight(ofRow row: Int, width: Double) -> Double {
        row < items.count ? items[row].kind.estimatedHeight : estimate
    }

    /// A worker's Pango context; nil when fonts are missing (rows keep their placeholders and
    /// the reason is printed once per worker).
    public func makeWorkerContext() -> TextContext? { TextContext.forWorker() }

    public func layout(_ item: Cell<ID>, width: Double, scale: DisplayScale, context: TextContext?) -> CellLayoutBox? {
        guard let context else { return nil }
        return item.kind.layout(item.content, CellEnvironment(width: width, scale: scale, text: context))
    }

    public func height(of layout: CellLayoutBox) -> Double { layout.height }
    public func render(_ layout: CellLayoutBox, context: TextContext?) -> Bitmap { layout.render() }
    public func renderSkeleton(_ layout: CellLayoutBox, context: TextContext?) -> Bitmap { layout.renderSkeleton() }
    public func imageRequests(of layout: CellLayoutBox) -> [RowImageRequest] { layout.images }
}
