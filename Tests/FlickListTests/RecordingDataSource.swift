import Dispatch
import FlickCore
import FlickList
import FlickRaster

/// A list data source for engine tests: rows of known heights whose bitmaps are a flat colour
/// encoding (row, version), and a log of every layout and render a worker performed.
struct RecordingDataSource: ListDataSource {
    struct Layout: Sendable {
        let row: Int
        let version: UInt64
        let height: Double
    }

    enum Event: Hashable, Sendable {
        case layout(Int)
        case render(Int, version: UInt64)
        case skeleton(Int)
    }

    let rowCount: Int
    let estimate: Double
    let exactHeight: @Sendable (Int) -> Double
    let width: Double
    let log = LockedBox([Event]())
    let versions = LockedBox([Int: UInt64]())
    /// Hints the next frame takes, and every demand the engine made.
    let pendingHints = LockedBox([RowHint]())
    let demands = LockedBox([RowDemand]())
    var rowKindCount = 0
    /// Called on the worker at the start of each layout (tests block it to act mid-job).
    let layoutHook = LockedBox<(@Sendable (Int) -> Void)?>(nil)

    init(rowCount: Int, estimate: Double = 100, width: Double = 40, exactHeight: @escaping @Sendable (Int) -> Double = { _ in 100 }) {
        self.rowCount = rowCount
        self.estimate = estimate
        self.width = width
        self.exactHeight = exactHeight
    }

    func estimatedHeight(ofRow row: Int, width: Double) -> Double { estimate }
    func makeWorkerContext() {}

    func layout(row: Int, width: Double, scale: DisplayScale, context: Void) -> Layout? {
        log.withLock { $0.append(.layout(row)) }
        layoutHook.value?(row)
        return Layout(row: row, version: versions.withLock { $0[row] ?? 0 }, height: exactHeight(row))
    }

    func identity(of layout: Layout) -> RowIdentity { RowIdentity(id: "\(layout.row)", version: layout.version) }
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

    /// The colour a row's full render has: red = row % 256, green = version, blue = 255.
    static func colour(row: Int, version: UInt64) -> Pixel {
        Pixel(alpha: 255, red: UInt8(row % 256), green: UInt8(version % 256), blue: 255)
    }

    static func bitmap(row: Int, version: UInt64, width: Double, height: Double) -> Bitmap {
        let canvas = Canvas(size: Size(width: width, height: height), scale: .one)
        let p = colour(row: row, version: version)
        canvas.fill(canvas.bounds, Color(red: Double(p.red) / 255, green: Double(p.green) / 255, blue: 1))
        return canvas.makeBitmap()
    }

    var renderedRows: [Int] {
        log.value.compactMap { if case .render(let row, _) = $0 { row } else { nil } }
    }

    var laidOutRows: [Int] {
        log.value.compactMap { if case .layout(let row) = $0 { row } else { nil } }
    }
}
