import FlickCore
import FlickList
import FlickRaster

/// One way of putting a window's frames on screen: the list's layers first, then overlays
/// over them, then `present()`. `LayerPresenter` (textures, the GPU path) and
/// `SurfacePresenter` (the window surface, the software path) are the two.
///
/// Main thread: both talk to SDL's video API, which belongs to the thread that started it.
@MainActor
protocol FramePresenting: AnyObject {
    var path: PresentPath { get }
    /// Starts the frame with the list: `layers` in order over `background`.
    func drawList(_ layers: [DisplayLayer], background: Color, scale: DisplayScale)
    /// Draws an overlay bitmap (a HUD panel) with its top-left at `origin` (points).
    func draw(_ bitmap: Bitmap, at origin: Point, scale: DisplayScale, blended: Bool)
    /// Fills overlay rectangles (device pixels) with one colour, blending when translucent.
    func fill(_ rects: [PixelRect], _ color: OverlayColor)
    /// Reads back what was drawn this frame (before `present()`): the screenshot path.
    func capture(scale: DisplayScale) -> Bitmap?
    /// Shows the frame and ends it; `frameStart` (uptime nanoseconds) is when the frame's work
    /// began (an asynchronous present measures from it to the server's completion). `hold`
    /// keeps worker wake-ups held until the frame is on screen: at once for a present that
    /// waits, at the server's completion for one that does not (the workers would otherwise
    /// take both cores while the X server copies the frame).
    func present(frameStart: UInt64, hold: consuming HeldWakes.Hold)
    /// Bitmaps uploaded (GPU) in the current frame; 0 on the software path.
    var uploadsThisFrame: Int { get }
    /// Pixel rows of the list drawn again in the current frame (software; the GPU path draws
    /// every row every frame).
    var redrawnRowsThisFrame: Int { get }
    /// Of the drawing time this frame: waiting for the display to finish reading the buffer the
    /// frame is drawn into (an asynchronous present of an earlier frame), ms; counted as
    /// present time, not drawing.
    var presentWaitMillisecondsThisFrame: Double { get }
    /// One HUD line: what the path keeps and did this frame.
    var hudDescription: String { get }
    /// Frees what the path holds on the display (before the window goes).
    func releaseAll()
}
