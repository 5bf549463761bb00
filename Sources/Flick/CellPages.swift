import FlickCore
import FlickList

/// Rows that live in storage, not in memory — a feed of a million posts in SQLite, a mailbox on
/// disk — given to a `CellList` (`CellList(configuration:pages:)`) instead of a snapshot. The
/// list asks for cells by row; the pages keep the ones around the scroll in memory, read ahead
/// of it from what `prepare` says is wanted soon, and tell the list each row's kind (and a
/// height known from an earlier run) before the cell is laid out, so rows are estimated and
/// skeletoned by kind.
///
/// When the rows change (new posts on top, a deletion, an edit) the pages change themselves
/// first and the host then tells the list with `CellList.pagesChanged(_:)`.
///
/// Threads: `rowCount`, `cell(atRow:)`, `row(ofItem:)`, `prepare`, `takeHints` and
/// `restartHints` run on the main thread and must return at once (memory only); `loadCell(atRow:)`
/// runs on layout workers and may read storage.
public protocol CellPages<ID>: AnyObject, Sendable {
    associatedtype ID: Hashable & Sendable

    /// Rows now. Main thread.
    var rowCount: Int { get }

    /// The cell at `row` if it is in memory; `nil` while its page is loading. Main thread.
    func cell(atRow row: Int) -> Cell<ID>?

    /// The cell at `row`, read from storage if need be; `nil` when it cannot be had (the row
    /// keeps its skeleton). Worker.
    func loadCell(atRow row: Int) -> Cell<ID>?

    /// The row showing `id`, if the pages can tell cheaply. Main thread. Default `nil`.
    func row(ofItem id: ID) -> Int?

    /// Which rows the list wants soon (on screen, drawn ahead, a fling's landing zone): start
    /// reading them. Main thread, once per frame; returns at once. Default: nothing.
    func prepare(_ demand: RowDemand)

    /// What the pages learned about rows since the last call: kinds, and heights known for a
    /// width. Main thread, once per frame, cheap. Default: none.
    func takeHints() -> [CellHint]

    /// A new engine reads the pages: hints already given for rows in memory must be given
    /// again. Main thread. Default: nothing.
    func restartHints()

    /// Blocks until the pages' own background reads are done (tests, lockstep pacing; never in
    /// an interactive loop). Default: returns at once.
    func waitUntilIdle()
}

extension CellPages {
    public func row(ofItem id: ID) -> Int? { nil }
    public func prepare(_ demand: RowDemand) {}
    public func takeHints() -> [CellHint] { [] }
    public func restartHints() {}
    public func waitUntilIdle() {}
}

/// What pages know about a row before its cell is laid out: its kind (so it is estimated and
/// skeletoned as that kind) and, when an earlier run measured it, its height at `width`.
/// Value; any thread.
public struct CellHint: Sendable {
    public let row: Int
    let kind: AnyCellKind?
    /// The row's exact height in points at `width`, if known.
    public let height: Double?
    /// The cell width `height` belongs to (a hint for another width is ignored).
    public let width: Double

    public init<Kind: CellKind>(row: Int, kind: Kind?, height: Double? = nil, width: Double = 0) {
        self.row = row
        self.kind = kind.map(AnyCellKind.init)
        self.height = height
        self.width = width
    }

    /// A hint with a kind erased beforehand (see `PreparedCellKind`): what pages that hint
    /// whole pages of rows at once give, so no hint erases its kind again.
    public init<Kind: CellKind>(row: Int, kind: PreparedCellKind<Kind>?, height: Double? = nil, width: Double = 0) {
        self.row = row
        self.kind = kind?.erased
        self.height = height
        self.width = width
    }

    /// A height known for a row whose kind is not.
    public init(row: Int, height: Double, width: Double) {
        self.row = row
        kind = nil
        self.height = height
        self.width = width
    }
}
