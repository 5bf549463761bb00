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
    case idle = 3

    static func < (lhs: Urgency, rhs: Urgency) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Everything the engine holds for one row near the viewport. Main thread only.
struct RowSlot<Layout> {
    /// Bumped on reload and resize: results of older generations are dropped (seed 000's
    /// draw flags, YYText's sentinel).
    var generation: UInt64 = 0
    var layout: Layout?
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
    /// Layout failed (no data): do not retry every frame.
    var failed = false

    var bitmapBytes: Int { (full?.byteCount ?? 0) + (skeleton?.byteCount ?? 0) }

    mutating func cancelWork() {
        layoutWork?.ticket.cancel()
        renderWork?.ticket.cancel()
        layoutWork = nil
        renderWork = nil
    }
}

/// A worker's answer, carried back to the main thread and applied at the next frame's commit.
enum WorkResult<Layout: Sendable>: Sendable {
    case layout(row: Int, generation: UInt64, layout: Layout?, full: Bitmap?, skeleton: Bitmap?)
    case render(row: Int, generation: UInt64, full: Bitmap)
}
