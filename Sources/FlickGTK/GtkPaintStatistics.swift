/// What the list's painting cost so far: how often GTK took a snapshot of it, how many
/// frames changed nothing on screen (no redraw asked), and how long each snapshot took to
/// build. Plain value, read on the main thread.
public struct GtkPaintStatistics: Sendable {
    /// Snapshots GTK took of the list (frames it repainted the list in).
    public internal(set) var snapshots = 0
    /// Frames whose picture equalled the last one painted, so no redraw was queued.
    public internal(set) var unchangedFrames = 0
    /// Render nodes made for bitmaps: once per bitmap while it is shown.
    public internal(set) var nodesMade = 0
    /// How the last row node made reaches GSK (nil before the first): texture nodes for the
    /// GL renderer, Cairo nodes for the Cairo renderer.
    public internal(set) var rowNodes: GtkRowNodeKind?
    /// Whether the row nodes are Cairo nodes (GSK's Cairo renderer draws the window) rather
    /// than texture nodes.
    public internal(set) var cairoNodes = false
    /// Whether the list holds the X connection's shared-memory upload pool open
    /// (`X11UploadPool`: Cairo renderer on X11 with MIT-SHM).
    public internal(set) var holdsUploadPool = false
    /// Milliseconds of each snapshot (building the render nodes; GSK renders them after),
    /// the last `GtkListConfiguration.frameLogLimit` at most.
    public internal(set) var snapshotMilliseconds: [Double] = []

    public init() {}
}
