import FlickList

/// One frame of a window run: the engine's statistics, with `mainThreadMilliseconds` replaced
/// by the whole main-thread frame (events, engine frame, uploads, drawing, present), and its
/// parts. Plain value.
public struct WindowFrame: Sendable {
    /// The engine's statistics; `index` is the window's frame number and
    /// `mainThreadMilliseconds` the whole frame including present.
    public var stats: FrameStats
    /// The engine's own frame (physics, commit, ranges, scheduling, compositing), ms.
    public var engineMilliseconds: Double
    /// Uploading, drawing layers and overlays, ms.
    public var drawMilliseconds: Double
    /// Sending the frame to the screen — `SDL_RenderPresent` on the GPU path,
    /// `SDL_UpdateWindowSurfaceRects` on the software path, or with its asynchronous present
    /// the hand-off plus any wait for the X server to finish reading the image this frame was
    /// drawn into — and the screenshot read-back when taken, ms.
    public var presentMilliseconds: Double
    /// Bitmaps uploaded as textures this frame.
    public var uploads: Int
    /// Layers not on whole device pixels, or drawn at another scale.
    public var misalignedLayers: Int
    /// The frame showed the previous engine's layers (just after a rebuild).
    public var showedHandoff: Bool
    public var pipeline: PipelineKind
    /// How the frame reached the screen.
    public var presentPath: PresentPath = .gpu
    /// Software path: pixel rows of the window drawn again (the rest was the previous frame,
    /// moved by the scroll); 0 on the GPU path, which draws everything.
    public var redrawnRows = 0
    /// When the frame's work began (after waiting for its start) and when its present
    /// returned, seconds on the window's clock from the window's opening.
    public var start = 0.0
    public var end = 0.0
    /// How long after its planned start the frame began (the sleep overran: the OS woke the
    /// main thread late, e.g. on a loaded machine), ms; 0 in lockstep and with vsync.
    public var wakeDelayMilliseconds = 0.0
}

/// Which pipeline draws the rows, independent of the engine's generic parameter (the
/// engine's `Pipeline` is nested in `ListEngine<Source>`).
public enum PipelineKind: String, Hashable, Sendable, CaseIterable {
    /// Layout and raster on pool workers.
    case flick
    /// Layout and raster on the main thread, no caches: the baseline to feel the difference.
    case naive

    public init<Source>(_ pipeline: ListEngine<Source>.Pipeline) {
        self = pipeline == .naive ? .naive : .flick
    }

    public var other: PipelineKind { self == .naive ? .flick : .naive }
}
