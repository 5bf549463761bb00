import Dispatch
import FlickCore
import FlickList
import FlickRaster

/// A list data source for engine tests: items with integer ids (row `i` starts as item `i`)
/// whose heights are known per (id, version), whose bitmaps are a flat colour encoding
/// (id, version), and a log of every layout and render a worker performed. Tests change the
/// list with `insert`, `remove`, `move` and `edit` (main thread) and tell the engine.
struct RecordingDataSource: ListDataSource {
    struct Item: ListItem {
        let id: Int
        let version: UInt64
    }

    struct Layout: Sendable {
        /// The item's id (the row it started at).
        let row: Int
        let version: UInt64
        let height: Double
    }

    enum Event: Hashable, Sendable {
        case layout(Int)
        case render(Int, version: UInt64)
        case skeleton(Int)
    }

    let estimate: Double
    let exactHeight: @Sendable (Int, UInt64) -> Double
    let width: Double
    let log = LockedBox([Event]())
    /// Content versions by item id (absent: 0).
    let versions = LockedBox([Int: UInt64]())
    /// The list: stored entries are the original items, local ones inserted later.
    let order: LockedBox<RowOrder<Int>>
    private let nextID: LockedBox<Int>
    /// Hints the next frame takes, and every demand the engine made.
    let pendingHints = LockedBox([RowHint]())
    let demands = LockedBox([RowDemand]())
    var rowKindCount = 0
    /// Every `sectionLength`-th row (0, n, 2n, …) heads a section; nil: no sections.
    var sectionLength: Int?
    /// Called on the worker at the start of each layout (tests block it to act mid-job).
    let layoutHook = LockedBox<(@Sendable (Int) -> Void)?>(nil)

    init(rowCount: Int, estimate: Double = 100, width: Double = 40, exactHeight: @escaping @Sendable (Int) -> Double = { _ in 100 }) {
        self.init(rowCount: rowCount, estimate: estimate, width: width, versionedHeight: { id, _ in exactHeight(id) })
    }

    init(rowCount: Int, estimate: Double = 100, width: Double = 40, versionedHeight: @escaping @Sendable (Int, UInt64) -> Double) {
        self.estimate = estimate
        self.width = width
        exactHeight = versionedHeight
        order = LockedBox(RowOrder(storedCount: rowCount))
        nextID = LockedBox(rowCount)
    }

    var rowCount: Int { order.withLock { $0.count } }

    func item(at row: Int) -> Item? {
        guard row >= 0, row < rowCount else { return nil }
        let id = id(atRow: row)
        return Item(id: id, version: versions.withLock { $0[id] ?? 0 })
    }

    func id(atRow row: Int) -> Int {
        switch order.withLock({ $0.entry(at: row) }) {
        case .stored(let id), .local(let id): id
        }
    }

    /// Every id in row order (tests' model checks).
    var ids: [Int] { (0..<rowCount).map(id(atRow:)) }

    func row(ofItem id: Int) -> Int? { ids.firstIndex(of: id) }

    func sectionHeader(atOrAbove row: Int) -> Int? {
        guard let sectionLength, row >= 0 else { return nil }
        return row - row % sectionLength
    }

    // MARK: Changes (main thread; tell the engine afterwards)

    /// `count` new items before `row`; returns what changed.
    @discardableResult
    func insert(_ count: Int, at row: Int) -> ListChanges {
        let old = rowCount
        let ids = nextID.withLock { next in
            defer { next += count }
            return Array(next..<(next + count))
        }
        order.withLock { $0.insert(ids, at: row) }
        return .inserting(count, at: row, into: old)
    }

    @discardableResult
    func remove(_ rows: Range<Int>) -> ListChanges {
        let old = rowCount
        order.withLock { $0.remove(rows) }
        return .deleting(rows, from: old)
    }

    @discardableResult
    func move(from: Int, to: Int) -> ListChanges {
        let old = rowCount
        order.withLock { $0.move(from: from, to: to) }
        return .moving(from: from, to: to, count: old)
    }

    /// A new version of the item at `row`.
    @discardableResult
    func edit(row: Int) -> ListChanges {
        let id = id(atRow: row)
        versions.withLock { $0[id, default: 0] += 1 }
        return .reloading([row], count: rowCount)
    }

    // MARK: ListDataSource

    func estimatedHeight(ofRow row: Int, width: Double) -> Double { estimate }
    func makeWorkerContext() {}

    func layout(_ item: Item, width: Double, scale: DisplayScale, context: Void) -> Layout? {
        log.withLock { $0.append(.layout(item.id)) }
        layoutHook.value?(item.id)
        return Layout(row: item.id, version: item.version, height: exactHeight(item.id, item.version))
    }

    func height(of layout: Layout) -> Double { layout.height }

    func render(_ layout: Layout, context: Void) -> Bitmap {
        log.withLock { $0.append(.render(layout.row, version: layout.version)) }
        return Self.bitmap(row: layout.row, version: layout.version, width: width, height: layout.height)
    }

    func renderSkeleton(_ layout: Layout, context: Void) -> Bitmap {
        log.withLock { $0.append(.skeleton(layout.row)) }
        let canvas = Canvas(size: Size(width: width, height: layout.height), scale: .one)
        canvas.fill(canvas.bounds, Color(hex: 0xEBEBEB))
        return canvas.makeBitmap()
    }

    func imageRequests(of layout: Layout) -> [RowImageRequest] { [] }

    func prepare(_ demand: RowDemand) { demands.withLock { $0.append(demand) } }

    func takeRowHints() -> [RowHint] {
        pendingHints.withLock { hints in
            defer { hints.removeAll() }
            return hints
        }
    }

    /// The colour an item's full render has: red = id % 256, green = version, blue = id / 256.
    static func colour(row: Int, version: UInt64) -> Pixel {
        Pixel(alpha: 255, red: UInt8(row % 256), green: UInt8(version % 256), blue: UInt8((row / 256) % 256))
    }

    static func bitmap(row: Int, version: UInt64, width: Double, height: Double) -> Bitmap {
        let canvas = Canvas(size: Size(width: width, height: max(1, height)), scale: .one)
        let p = colour(row: row, version: version)
        canvas.fill(canvas.bounds, Color(red: Double(p.red) / 255, green: Double(p.green) / 255, blue: Double(p.blue) / 255))
        return canvas.makeBitmap()
    }

    var renderedRows: [Int] {
        log.value.compactMap { if case .render(let row, _) = $0 { row } else { nil } }
    }

    var laidOutRows: [Int] {
        log.value.compactMap { if case .layout(let row) = $0 { row } else { nil } }
    }
}
