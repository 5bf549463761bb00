/// What one composited frame showed and cost. Value; any thread.
public struct FrameStats: Hashable, Sendable {
    /// Frame number from the start of the run.
    public var index = 0
    /// Simulated (or real) time of the frame, seconds.
    public var time = 0.0
    /// Main-thread work for the frame (physics, commits, range decisions, scheduling,
    /// compositing), measured with the real clock, milliseconds.
    public var mainThreadMilliseconds = 0.0
    /// Of which: applying worker results and exact heights (or, in the naive pipeline, laying
    /// out and drawing rows), milliseconds.
    public var commitMilliseconds = 0.0
    /// Of which: range decisions and scheduling, milliseconds.
    public var scheduleMilliseconds = 0.0
    /// Of which: compositing, milliseconds.
    public var composeMilliseconds = 0.0
    /// Housekeeping the frame put off until after it was shown (`ListEngine.idle()`), run by
    /// the display before it waits for the next frame; milliseconds, not part of
    /// `mainThreadMilliseconds` (0 when the display does not call it).
    public var idleMilliseconds = 0.0
    /// The compositor's thread drawing this frame into the headless framebuffer
    /// (`FramebufferThread`), milliseconds: off the main thread, not part of
    /// `mainThreadMilliseconds`; 0 without a framebuffer, or when a newer frame replaced this
    /// one before its turn (`framebufferReplaced`).
    public var framebufferMilliseconds = 0.0
    /// From handing the frame to the compositor's thread to its being in the framebuffer,
    /// milliseconds: over one frame interval, a display would have shown it late.
    public var framebufferLatencyMilliseconds = 0.0
    /// Whether a newer frame replaced this one before the compositor's thread drew it.
    public var framebufferReplaced = false
    /// Visible rows with their full render.
    public var rowsFull = 0
    /// Visible rows showing a skeleton: their own (drawn from their layout) or, before their
    /// layout exists, their kind's (`rowsKindSkeleton` of them).
    public var rowsSkeleton = 0
    /// Of `rowsSkeleton`: rows with no layout yet showing the skeleton of their kind and size
    /// class, drawn once by the source.
    public var rowsKindSkeleton = 0
    /// Of `rowsKindSkeleton`: rows whose kind was not known yet (the source's shape for an
    /// unknown kind at the row's estimated height).
    public var rowsKindUnknown = 0
    /// Visible rows showing the generic placeholder tile (no layout and no kind skeleton yet).
    public var rowsPlaceholder = 0
    /// Visible rows with nothing to show: blank area, the failure Flick exists to prevent.
    public var rowsBlank = 0
    /// Visible rows showing an older bitmap while a newer one renders (reload, resize).
    public var rowsStale = 0
    /// Device pixels of the viewport inside rows but covered by nothing: blank rows, and the
    /// part of a row below a bitmap shorter than the row (when there is no placeholder tile).
    public var blankPixels = 0
    /// Device pixels covered by skeletons, the rows' own and their kinds'.
    public var skeletonPixels = 0
    /// Of `skeletonPixels`: device pixels covered by kind skeletons (rows with no layout yet).
    public var kindSkeletonPixels = 0
    /// Device pixels covered by the generic placeholder tile only (rows with neither a layout
    /// nor a kind skeleton, and the part of a row below a bitmap shorter than the row).
    public var placeholderPixels = 0
    /// Device pixels of the viewport.
    public var viewportPixels = 0
    /// Image slots of visible rows still loading (no image and no error tile yet).
    public var imagesPending = 0
    /// Content offset at the frame, points.
    public var offset = 0.0

    public init() {}

    public var blankFraction: Double { viewportPixels == 0 ? 0 : Double(blankPixels) / Double(viewportPixels) }
    public var skeletonFraction: Double { viewportPixels == 0 ? 0 : Double(skeletonPixels) / Double(viewportPixels) }
    public var kindSkeletonFraction: Double { viewportPixels == 0 ? 0 : Double(kindSkeletonPixels) / Double(viewportPixels) }
    public var placeholderFraction: Double { viewportPixels == 0 ? 0 : Double(placeholderPixels) / Double(viewportPixels) }
    /// Whether every visible row showed its full render (current or stale) and nothing blank.
    public var allRowsDrawn: Bool { rowsSkeleton == 0 && rowsPlaceholder == 0 && rowsBlank == 0 && blankPixels == 0 }
}

/// What the compositor's thread did with one frame (`Compositor.takeDrawnFrames()`). Value;
/// any thread.
public struct FramebufferFrame: Hashable, Sendable {
    /// The frame's `FrameStats.index`.
    public let index: Int
    /// Drawing it into the framebuffer, milliseconds.
    public let drawMilliseconds: Double
    /// From its hand-over until it was drawn, milliseconds.
    public let latencyMilliseconds: Double
    /// Frames handed over just before it and replaced by it before their turn.
    public let replacedBefore: Int

    init(index: Int, drawMilliseconds: Double, latencyMilliseconds: Double, replacedBefore: Int) {
        self.index = index
        self.drawMilliseconds = drawMilliseconds
        self.latencyMilliseconds = latencyMilliseconds
        self.replacedBefore = replacedBefore
    }
}
