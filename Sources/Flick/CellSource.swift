import FlickCore
import FlickList
import FlickRaster
import FlickText
import Foundation

/// The rows of a `CellList`: cells in memory, replaced by snapshots the engine applies, or
/// `CellPages` read from storage. The list engine reads it on the main thread (items, sections,
/// hints) and lays out captured cells on workers, each with its own text context.
///
/// `@unchecked Sendable`: `items`, the indexes built from them and the hint bookkeeping are read
/// and written on the main thread only (the engine's `ListDataSource` contract); workers receive
/// cells by value, read kinds through `CellKinds` (locked) and call only the pages' worker
/// method `loadCell(atRow:)`.
public final class CellSource<ID: Hashable & Sendable>: SnapshotDataSource, @unchecked Sendable {
    public typealias Item = Cell<ID>
    public typealias Layout = CellLayoutBox
    public typealias WorkerContext = TextContext?

    /// The cells shown, when they are in memory (empty for a list over pages).
    public private(set) var items: [Cell<ID>] = []
    /// Storage the rows come from instead of `items`.
    public let pages: (any CellPages<ID>)?
    /// The kinds seen, numbered for the engine's per-kind estimates and skeletons.
    let kinds = CellKinds()
    /// Each cell's key: its row plus `base`. Rows added or removed at either end move only
    /// `base` (and the keys of the cells added), so a history page prepended to a long chat costs
    /// its own cells, not the rows below it.
    private var keys: [ID: Int] = [:]
    private var base = 0
    /// Keys of section headers, ascending.
    private var headerKeys: [Int] = []
    /// Ids whose kind the engine was told (in-memory cells), and the hints not taken yet.
    private var hinted: Set<ID> = []
    private var hintIDs: [ID] = []
    /// Height assumed for rows not laid out yet, of no known kind.
    private let estimate: Double

    /// - Parameters:
    ///   - kinds: kinds to number first (the list estimates and skeletons each apart from the
    ///     first frame; the first one draws the skeleton of rows whose kind is not known yet).
    ///   - pages: storage to read rows from; `nil`: cells in memory, given by snapshots.
    public init(estimate: Double = 80, kinds: [any CellKind] = [], pages: (any CellPages<ID>)? = nil) {
        self.estimate = estimate
        self.pages = pages
        for kind in kinds { self.kinds.number(of: AnyCellKind(kind)) }
    }

    public var rowCount: Int { pages?.rowCount ?? items.count }

    /// Whether `rowCount` is all the list will have (`ListDataSource.rowCountIsFinal`); the
    /// client that loads more pages says when it might. Main thread. Default true.
    public var rowCountIsFinal = true

    public func item(at row: Int) -> Cell<ID>? {
        if let pages { return pages.cell(atRow: row) }
        return row >= 0 && row < items.count ? items[row] : nil
    }

    public func replaceItems(with items: [Cell<ID>]) {
        precondition(pages == nil, "a list over pages changes through its pages (CellList.pagesChanged)")
        self.items = items
        keys.removeAll(keepingCapacity: true)
        base = 0
        hinted.removeAll(keepingCapacity: true)  // a kept id may have a new kind: told again
        reindex(from: 0)
    }

    /// In memory, a row the engine could not find does not exist (and `items` must never be
    /// read off the main thread); over pages, the pages read it.
    public func loadItem(at row: Int) -> Cell<ID>? { pages?.loadCell(atRow: row) }

    /// `cells` before `row`. At either end O(cells) for the indexes (and a move of the array);
    /// in between O(rows after `row`).
    func insert(_ cells: [Cell<ID>], at row: Int) {
        let atTop = row == 0 && !items.isEmpty
        items.insert(contentsOf: cells, at: row)
        guard atTop else { return reindex(from: row) }
        base -= cells.count
        let added = (0..<cells.count).map { base + $0 }
        for (cell, key) in zip(cells, added) { keys[cell.id] = key }
        headerKeys.insert(contentsOf: zip(cells, added).filter { $0.0.isSectionHeader }.map(\.1), at: 0)
    }

    /// Removes `range`. At either end O(removed rows); in between O(rows after it).
    func remove(_ range: Range<Int>) {
        for cell in items[range] {
            keys[cell.id] = nil
            hinted.remove(cell.id)
        }
        let atTop = range.lowerBound == 0 && range.upperBound < items.count
        items.removeSubrange(range)
        guard atTop else { return reindex(from: range.lowerBound) }
        base += range.count
        headerKeys.removeAll { $0 < base }
    }

    /// `cell` in place of the row's (the same id: a new version of its content). O(1) but for
    /// a change of section-header kind.
    func replace(at row: Int, with cell: Cell<ID>) {
        let wasHeader = items[row].isSectionHeader
        if items[row].id != cell.id { keys[items[row].id] = nil }
        if items[row].kind.key != cell.kind.key { hinted.remove(cell.id) }
        items[row] = cell
        keys[cell.id] = base + row
        if wasHeader != cell.isSectionHeader { reindex(from: row) }
    }

    /// Rebuilds the keys of rows `from...` (rows before keep theirs).
    private func reindex(from start: Int) {
        headerKeys.removeAll { $0 >= base + start }
        for row in start..<items.count {
            let cell = items[row]
            if cell.isSectionHeader { headerKeys.append(base + row) }
            keys[cell.id] = base + row
        }
    }

    public func row(ofItem id: ID) -> Int? {
        if let pages { return pages.row(ofItem: id) }
        return keys[id].map { $0 - base }
    }

    public func sectionHeader(atOrAbove row: Int) -> Int? {
        // The last header key ≤ the row's: binary search.
        let key = base + row
        var low = 0
        var high = headerKeys.count
        while low < high {
            let middle = (low + high) / 2
            if headerKeys[middle] <= key { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? headerKeys[low - 1] - base : nil
    }

    public func estimatedHeight(ofRow row: Int, width: Double) -> Double {
        item(at: row)?.kind.estimatedHeight ?? kinds.kind(numbered: nil)?.estimatedHeight ?? estimate
    }

    // MARK: Kinds

    /// The kinds numbered when the engine is made (the height index's kind count is fixed
    /// then; kinds seen later are estimated together until the next engine).
    public var rowKindCount: Int { kinds.count }

    /// Over pages, the pages' reads; in memory, the kinds of the rows wanted soon, once per id.
    public func prepare(_ demand: RowDemand) {
        if let pages { return pages.prepare(demand) }
        for range in [demand.visible, demand.preload, demand.landing ?? 0..<0] {
            for row in range.clamped(to: 0..<items.count) where hinted.insert(items[row].id).inserted {
                hintIDs.append(items[row].id)
            }
        }
    }

    public func takeRowHints() -> [RowHint] {
        guard let pages else {
            // By id until now: rows inserted or removed since `prepare` moved them.
            defer { hintIDs.removeAll(keepingCapacity: true) }
            return hintIDs.compactMap { id in
                guard let row = row(ofItem: id), let number = kinds.number(of: items[row].kind) else { return nil }
                return RowHint(row: row, kind: number, height: nil, width: 0)
            }
        }
        // A page's hints share a few kinds, erased once each (`PreparedCellKind`): each erased
        // kind is numbered once per call, by identity, not looked up (a lock and a hash of
        // the kind's value) for every row of the page.
        var numbered: [(kind: ObjectIdentifier, number: Int?)] = []
        func number(of kind: AnyCellKind) -> Int? {
            let identity = ObjectIdentifier(kind)
            if let known = numbered.first(where: { $0.kind == identity }) { return known.number }
            let number = kinds.number(of: kind)
            if numbered.count < CellKinds.capacity { numbered.append((identity, number)) }
            return number
        }
        return pages.takeHints().map { hint in
            RowHint(row: hint.row, kind: hint.kind.flatMap(number(of:)), height: hint.height, width: hint.width)
        }
    }

    public func restartRowHints() {
        hinted.removeAll(keepingCapacity: true)
        hintIDs.removeAll(keepingCapacity: true)
        pages?.restartHints()
    }

    public func waitUntilIdle() { pages?.waitUntilIdle() }

    /// The numbered kind's skeleton at `size` (for `nil`, the first kind's; past the kinds
    /// numbered, the default bars). Worker.
    public func renderKindSkeleton(kind: Int?, size: Size, scale: DisplayScale, context: TextContext?) -> Bitmap? {
        guard let kind = kinds.kind(numbered: kind) else { return Self.defaultSkeleton.renderEstimatedSkeleton(size: size, scale: scale) }
        return kind.renderEstimatedSkeleton(size: size, scale: scale)
    }

    /// The default skeleton's drawing, for rows of kinds the list has not numbered.
    private static var defaultSkeleton: AnyCellKind { AnyCellKind(BarsKind()) }

    // MARK: Workers

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

/// A kind with nothing but the default estimated skeleton (CellKind's text bars).
private struct BarsKind: CellKind {
    struct Layout: CellLayout { let height: Double }
    func layout(_ content: Int, in environment: CellEnvironment) -> Layout { Layout(height: 0) }
    func draw(_ layout: Layout, in canvas: Canvas, state: CellState) {}
}
