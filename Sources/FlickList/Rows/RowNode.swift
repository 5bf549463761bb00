import FlickCore
import FlickRaster

/// How urgent a row's work is; ordered most urgent first. Pending work is resubmitted when
/// its row becomes more urgent (a fling changes its mind, a finger lands).
enum Urgency: Int, Comparable, Sendable {
    /// On screen or in the landing zone.
    case now = 0
    /// In the display range: drawn before it arrives.
    case soon = 1
    /// In the preload range: laid out before it arrives.
    case later = 2
    /// On screen during a fast fling but flown past: only if workers have nothing better.
    case flownPast = 3

    static func < (lhs: Urgency, rhs: Urgency) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Everything the engine holds for one item: the one home of a row's state, keyed by the
/// item's identity (not its index), so a row that moves keeps its layout, bitmaps and images,
/// and nothing is redone while its version stays the same. Main thread only.
///
/// A class: the store's table holds one reference per node, and every frame reads and changes
/// the nodes of the wanted rows in place. As a value (a dozen fields, half of them references)
/// each read out of the table copied it, retaining and releasing each reference: half of an
/// eviction pass and a sixth of a frame's bookkeeping in a profile of the standard scripts.
final class RowNode<Source: ListDataSource> {
    /// The content version the node's layout is for (or being made for).
    var version: UInt64
    /// Bumped on a new version, a resize or a reload: results of older generations are
    /// dropped (YYText's sentinel).
    var generation: UInt64 = 0
    var layout: Source.Layout?
    var full: Bitmap?
    var skeleton: Bitmap?
    /// `full` belongs to an older generation and is shown only until its replacement is ready.
    var fullIsStale = false
    /// Pending layout (and maybe raster) work, with the urgency it was submitted at.
    var layoutWork: (ticket: WorkTicket, urgency: Urgency, wantsFull: Bool)?
    /// Pending raster work of an existing layout.
    var renderWork: (ticket: WorkTicket, urgency: Urgency)?
    /// The last frame this row was in some range: eviction order.
    var lastWanted = 0
    /// Layout failed: not retried until the version changes.
    var failed = false
    /// The row's images (requests and what arrived).
    var images: RowImageSet?
    /// While the row is held down: its highlighted look (shown instead of `full`).
    var pressed: PressedAppearance?

    init(version: UInt64) { self.version = version }

    var bitmapBytes: Int { (full?.byteCount ?? 0) + (skeleton?.byteCount ?? 0) }

    /// The content changed, or must be laid out again: pending work is cancelled, the layout
    /// dropped, the old bitmap kept as stale until the new one is ready.
    func startOver(version newVersion: UInt64) {
        cancelWork()
        version = newVersion
        generation &+= 1
        layout = nil
        failed = false
        skeleton = nil
        if full != nil { fullIsStale = true }
    }

    func cancelWork() {
        layoutWork?.ticket.cancel()
        renderWork?.ticket.cancel()
        layoutWork = nil
        renderWork = nil
    }

    /// Cancels everything queued for the row, images too.
    func cancelAll() {
        cancelWork()
        images?.cancel()
    }
}

/// A worker's answer, carried back to the main thread and applied at the next frame's commit.
enum WorkResult<Source: ListDataSource>: Sendable {
    /// A layout (and maybe a bitmap) of a known item.
    case layout(id: Source.Item.ID, generation: UInt64, layout: Source.Layout?, full: Bitmap?, skeleton: Bitmap?)
    /// A raster of an existing layout.
    case render(id: Source.Item.ID, generation: UInt64, full: Bitmap)
    /// The pressed look of a row, for press number `press`.
    case pressed(id: Source.Item.ID, press: UInt64, appearance: PressedAppearance)
    /// A row whose item was not in memory: the worker loaded it and laid it out. Valid only if
    /// the list's structure has not changed since (`structure`).
    case fetched(row: Int, structure: UInt64, item: Source.Item?, layout: Source.Layout?, full: Bitmap?, skeleton: Bitmap?)
}
