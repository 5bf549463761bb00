import FlickCore
import FlickHost

/// Everything a `FlickListView` is set up with. Plain value.
public struct GtkListConfiguration: Sendable {
    /// The size the widget asks for, points; default 375 × 667 (a phone). It takes whatever
    /// GTK allocates.
    public var naturalSize = Size(width: 375, height: 667)
    /// Frames per second scripts count in (a script's `wait 1` is `hz` frames); `nil` (the
    /// default) takes the frame clock's refresh rate, 60 Hz until it is known.
    public var hz: Double?
    /// Scripted runs that must not depend on the machine's speed (tests): before each frame
    /// the engine's workers finish everything queued and the clock moves by exactly `1 / hz`.
    public var lockstep = false
    /// A list at rest takes its tick off the frame clock until input or a result comes
    /// (`HostRest`); lockstep lists never rest.
    public var rest = RestConfiguration()
    /// Frames kept in `FlickListView.frames`; default 36,000 (the older half dropped past it).
    public var frameLogLimit = 36_000
    /// Frames a texture may go unused before it is released; default 90.
    public var evictTexturesAfterFrames = 90
    /// Seconds a height change must hold before the engine is rebuilt for it; default 0.25.
    public var resizeSettleSeconds = 0.25
    /// Longest the previous engine's frame stays on screen after a rebuild; default 0.5 s.
    public var handoffSeconds = 0.5
    /// Points a wheel notch scrolls; default 60.
    public var pointsPerWheelNotch = 60.0
    /// Points an arrow key scrolls; default 60.
    public var pointsPerLine = 60.0
    /// Whether a vertical scrollbar is shown over the right edge; default true.
    public var showsScrollbar = true
    /// Whether every frame asks GTK to repaint the list, changed or not; default false (a
    /// frame showing what the last snapshot showed is not repainted). True only to measure
    /// what that skip saves.
    public var redrawsEveryFrame = false
    /// Whether worker wake-ups are held from a frame's update phase to its after-paint
    /// (`HeldWakes`); default true: work a frame asks for starts once GTK has rendered it,
    /// instead of taking a core from GTK's paint. False only to measure what that saves.
    public var holdsWorkerWakesThroughPaint = true
    /// Whether, under GSK's Cairo renderer, a row's node holds the image surface over its
    /// bitmap rather than a recording of it (`GtkRowNodeKind.cairoImage`); default true: the
    /// renderer then composites rows straight from their pixels instead of replaying each
    /// recording through a zeroed temporary image every frame. False only to measure that.
    public var cairoNodesHoldImages = true
    /// Whether the list stands for its rows to assistive technology with proxy child widgets
    /// (`FlickListView+Accessibility`); default `.automatic`: when GTK bridges the app to an
    /// accessibility backend, so a list nobody can listen to keeps no proxies.
    public var accessibility = GtkAccessibility.automatic
    /// Rows beyond those on screen, each side, that get a proxy; default 2 (GtkListView's extra
    /// items): a screen reader's "next item" finds the row below the edge ready.
    public var accessibleOverscanRows = 2
    /// While the list moves, how often its accessibility tree follows it, seconds; default 0.1.
    /// Every change is AT-SPI events a screen reader reads (a proxy's bounds, a new row's words,
    /// the children), tens a frame in a fling; the reader reads the tree where the list stops,
    /// and at rest or when the keyboard focus moves it follows at once.
    public var accessibleMovingInterval = 0.1
    /// What assistive technology calls the list ("Timeline", "Chat"); default "List".
    public var accessibleName = "List"

    public init() {}
}
