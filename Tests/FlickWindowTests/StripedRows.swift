import FlickCore
import FlickList
import FlickRaster
import FlickWindow
import Foundation

/// A list for window tests: rows of uneven, fractional heights, each painted with its own
/// colour, a block whose place depends on the row and a separator, so a row drawn at the wrong
/// place or from the wrong frame shows. Items live in memory and change by snapshots.
/// Main thread for `items`; layout and drawing on the engine's workers.
final class StripedRows: SnapshotDataSource, @unchecked Sendable {
    struct Item: ListItem {
        let id: Int
        let version: UInt64
    }

    struct Layout: Sendable {
        let id: Int
        let size: Size
        let scale: DisplayScale
    }

    private(set) var items: [Item]
    /// Seconds each row's drawing takes on its worker (a slow cell, for the rest tests).
    let renderDelay: Double

    init(count: Int, renderDelay: Double = 0) {
        items = (0..<count).map { Item(id: $0, version: 0) }
        self.renderDelay = renderDelay
    }

    func replaceItems(with items: [Item]) { self.items = items }
    func estimatedHeight(ofRow row: Int, width: Double) -> Double { 70 }
    func makeWorkerContext() {}

    func layout(_ item: Item, width: Double, scale: DisplayScale, context: Void) -> Layout? {
        Layout(id: item.id, size: Size(width: width, height: 40.25 + Double((item.id * 37) % 7) * 9.5), scale: scale)
    }

    func height(of layout: Layout) -> Double { layout.size.height }
    func render(_ layout: Layout, context: Void) -> Bitmap {
        if renderDelay > 0 { usleep(UInt32(renderDelay * 1e6)) }
        return Self.draw(layout, pressed: false)
    }

    func renderSkeleton(_ layout: Layout, context: Void) -> Bitmap {
        let canvas = Canvas(size: layout.size, scale: layout.scale, opaqueBackground: Color(hex: 0xE0E0E0))
        canvas.fill(Rect(x: 8, y: 8, width: layout.size.width * 0.6, height: 10), Color(hex: 0xC8C8C8))
        return canvas.makeBitmap()
    }

    func imageRequests(of layout: Layout) -> [RowImageRequest] { [] }

    /// The row's look; pressed rows are dark with a light block.
    static func draw(_ layout: Layout, pressed: Bool) -> Bitmap {
        let id = layout.id
        let paper = pressed ? Color(hex: 0x202840) : Color(hex: 0x404040 + UInt32((id * 53) % 190) << 16 + UInt32((id * 97) % 190) << 8 + UInt32((id * 31) % 190))
        let canvas = Canvas(size: layout.size, scale: layout.scale, opaqueBackground: paper)
        let x = Double((id * 23) % max(1, Int(layout.size.width) - 40))
        canvas.fill(Rect(x: x, y: 6, width: 30, height: layout.size.height - 16), pressed ? .white : Color(hex: 0xFFFFFF, alpha: 0.8))
        canvas.fill(Rect(x: 0, y: layout.size.height - 1, width: layout.size.width, height: 1), .black)
        return canvas.makeBitmap()
    }
}

/// Taps for `StripedRows`: any point hits its row; pressed, the row is drawn dark.
struct StripedTaps: RowInteraction {
    typealias Source = StripedRows

    func target(at point: Point, in layout: StripedRows.Layout) -> Int? { layout.id }

    func pressedAppearance(of target: Int, in layout: StripedRows.Layout, context: Void) -> PressedAppearance {
        PressedAppearance(cell: StripedRows.draw(layout, pressed: true))
    }

    func describe(_ target: Int, in layout: StripedRows.Layout) -> String { "row \(target)" }
}

/// The striped rows' text for find: row N reads "row N" (the rows draw no text; their data
/// is searched, as a client's find searches its own data). Worker, per `ListSearching`.
struct StripedSearch: ListSearching {
    let count: Int

    func text(ofRow row: Int) -> String { "row \(row)" }

    func matchingRows(_ query: SearchQuery, from row: Int?, direction: FindDirection, limit: Int, isCancelled: () -> Bool) throws -> [Int] {
        let order: [Int] = direction == .next ? Array((row.map { $0 + 1 } ?? 0)..<count) : Array((0..<(row ?? count)).reversed())
        return Array(order.lazy.filter { query.matches(text(ofRow: $0)) }.prefix(limit))
    }

    func countMatches(_ query: SearchQuery, in rows: Range<Int>?, progress: (SearchCount) -> Bool) throws -> SearchCount {
        SearchCount(count: (rows ?? 0..<count).clamped(to: 0..<count).count { query.matches(text(ofRow: $0)) }, isComplete: true)
    }
}
