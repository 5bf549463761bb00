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
        headerRows = items.indices.filter { items[$0].isSectionHeader }
        rows = Dictionary(items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
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
