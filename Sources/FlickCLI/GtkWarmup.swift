/// How `flick gtk-demo` opens each widget before its script: the window's own first frames
/// (realization, the first size allocations, the first draws of the rows on screen) are not
/// the scrolling being measured — as in `flick bench`, whose scripts start once the first
/// frame is fully drawn. Both widgets get the same frames at rest; Flick's widget then also
/// runs until every row on screen is drawn. The report gives the frames spent
/// (`warmupFrames`); the frame timer starts after them.
enum GtkWarmup {
    /// Frames at rest before any script, both widgets: 10 (a sixth of a second at 60 Hz; the
    /// window's size and scale settle within the first two or three).
    static var restFrames: Int { 10 }
    /// Frames Flick's widget may wait at most for its first rows to be drawn: 120 (2 s).
    static var maximumDrawFrames: Int { 120 }
}
