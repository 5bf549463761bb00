import CFlickGTK
import CGtk4
import FlickCore
import FlickList
import FlickHost

/// A Flick list inside a GTK4 app: the same engine `ListWindow` hosts in SDL, hosted by a GTK
/// widget. Its snapshot appends one cached `GskTextureNode` per row bitmap (a `GdkMemoryTexture`
/// over the bitmap's pixels, made once per bitmap and kept by its identity), translated to the
/// layer's place; a frame that shows what the last snapshot showed asks GTK for no repaint.
/// The widget's frame clock ticks the engine; GTK's gestures and controllers drive the engine's (drag, kinetic scroll
/// with fling, clicks and presses on links, keys); a scrollbar follows the estimated content
/// height; the engine is rebuilt for a new height or GTK scale factor at the reader's row.
///
/// ```swift
/// let list = FlickListView(interaction: CellInteraction<Int>()) { viewport, scale in
///     cells.rebuild(viewport: viewport, pipeline: .flick, scale: scale)
/// }
/// gtk_window_set_child(window, list.widget)
/// ```
///
/// Main thread: GTK and the engine both live there. The widget owns this object: it lives
/// until the widget is disposed.
@MainActor
public final class FlickListView<Interaction: RowInteraction> {
    public typealias Source = Interaction.Source
    public typealias Engine = ListEngine<Source>
    /// Builds an engine for a viewport (points) and display scale. Called again for every new
    /// height or scale factor: give every engine the same worker pool. Main thread.
    public typealias EngineFactory = @MainActor (_ viewport: Size, _ scale: DisplayScale) -> Engine

    public let configuration: GtkListConfiguration
    public let interaction: Interaction
    /// The widget to put in a window: the list with its scrollbar over the right edge.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The list itself (the focusable widget that draws the rows and takes input).
    public let canvas: UnsafeMutablePointer<GtkWidget>
    /// The vertical scrollbar's adjustment, in points. While the list moves it is updated
    /// when the scrollbar's thumb would move (every few tens of points), and exactly once the
    /// list comes to rest; the user moving it moves the list.
    public let adjustment: UnsafeMutablePointer<GtkAdjustment>
    /// The scrollbar, when `showsScrollbar`.
    var scrollbar: UnsafeMutablePointer<GtkWidget>?
    /// Frames so far whose adjustment change was not sent because the scrollbar's thumb would
    /// not have moved (`ScrollbarThumb`).
    public internal(set) var adjustmentUpdatesSkipped = 0
    public internal(set) var engine: Engine
    /// Device pixels per point the engine draws at (GTK's scale factor).
    public internal(set) var scale: DisplayScale
    /// Every frame the engine ran so far (the last `frameLogLimit` at most).
    public internal(set) var frames: [FrameStats] = []
    /// Frame numbers at which a fling or scroll-to-top came to rest.
    public internal(set) var settles: [Int] = []
    /// Every tap so far, in order.
    public internal(set) var taps: [Tap] = []
    /// Textures (each in one render node) made from bitmaps so far.
    public var texturesMade: Int { textures.cache.uploads }
    /// Snapshots taken, frames left unpainted because nothing changed, snapshot times.
    public internal(set) var paintStatistics = GtkPaintStatistics()
    /// Called after each frame's engine work with the frame's time (a chat streams messages here).
    public var onFrame: ((Double) -> Void)?
    /// A tap on the list: the item's identity, the row, and the typed target.
    public typealias Tap = ListTap<Interaction.Source.Item.ID, Interaction.Target>
    /// Called for every tap and keyboard activation. Main thread.
    public var onTap: ((Tap) -> Void)?
    /// The client that performs scripts' edit steps.
    public var editor: (any ListEditing)?
    /// Find in the list: Ctrl+F shows a `GtkSearchEntry` over the list's top right (made when
    /// this is set); nil: the list has no find.
    public var find: ListFind<Source>? {
        didSet { if find != nil { installFindBar() } }
    }
    /// The find bar's widgets, once made, and what they show.
    var findBar: GtkFindBar?

    let makeEngine: EngineFactory
    let textures: GtkTextures
    /// Keeps cairo-xlib's upload pool mapped while GSK's Cairo renderer draws the list on X11.
    let uploadPool = X11UploadPool()
    let scrollDistance: ScrollDistance
    var gesture = PointerGesture()
    var dragStart = Point(x: 0, y: 0)
    /// A touchpad scroll in progress, as a drag: where the virtual finger is.
    var touchpadPointer: Double?
    /// Modifier keys held when the pointer went down (Ctrl/Shift+click).
    var pointerModifiers: KeyModifiers = []
    var press: (row: Int, target: Interaction.Target, layout: Source.Layout)?
    /// The engine being replaced, and the anchor and size waiting (`EngineRebuild`).
    var engineRebuild = EngineRebuild<Source>()
    var settingAdjustment = false
    /// What the last snapshot showed (a frame showing the same asks for no redraw).
    var lastPainted: PaintedFrame?
    /// The canvas's event controllers (owned by the canvas; tests emit their signals).
    var controllers = GtkControllers()
    var frameIndex = 0
    var virtualTime = 0.0
    var refreshHz: Double?
    /// The frame clock's tick callback; 0 while the list rests (`FlickListView+Rest`).
    var tickID: guint = 0
    /// While resting: the registration a landed result wakes, and the deadline's timeout source.
    var restingSleeper: FrameWake.Sleeper?
    var restingTimeout: guint = 0
    /// Rests so far.
    public internal(set) var restStatistics = RestStatistics()
    /// The widget's `GtkEventsBox` (the C callbacks' user data).
    let eventsContext: UnsafeMutableRawPointer
    /// The frame clock whose after-paint ends the frame's hold on worker wake-ups.
    var watchedClock: OpaquePointer?
    /// Worker wake-ups held from this frame's update phase to its after-paint (`HeldWakes`).
    var frameHold: HeldWakes.Hold?
    var isDisposed = false
    /// The size of the canvas's last allocation, pixels of GTK's points.
    var lastAllocation: (width: Int, height: Int)?
    /// The proxies assistive technology sees (`syncAccessibility`).
    var accessible = GtkAccessibleRows<Source.Item.ID>()
    /// The widget's allocated size, points (the viewport once it settles).
    public internal(set) var allocatedSize: Size

    /// Makes the widget and the first engine (`makeEngine` at the natural size and scale 1;
    /// GTK's allocation and scale factor follow before the first frame).
    public init(interaction: Interaction, configuration: GtkListConfiguration = GtkListConfiguration(), makeEngine: @escaping EngineFactory) {
        self.configuration = configuration
        self.interaction = interaction
        self.makeEngine = makeEngine
        scale = .one
        allocatedSize = configuration.naturalSize
        engine = makeEngine(configuration.naturalSize, .one)
        engine.compositor.drawsFramebuffer = false
        scrollDistance = ScrollDistance(configuration: engine.configuration.physics)
        textures = GtkTextures(evictAfterFrames: configuration.evictTexturesAfterFrames, cairoNodesHoldImages: configuration.cairoNodesHoldImages)
        adjustment = gtk_adjustment_new(0, 0, 1, configuration.pointsPerLine, 1, 1)
        g_object_ref_sink(GObject.pointer(adjustment))

        let box = Unmanaged.passRetained(GtkEventsBox(PlaceholderEvents.shared)).toOpaque()
        eventsContext = box
        canvas = flick_gtk_view_new(
            GtkCallbacks.viewCallbacks(context: box), Int32(configuration.naturalSize.width), Int32(configuration.naturalSize.height))
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(GObject.opaque(overlay.object), canvas)
        widget = overlay
        Unmanaged<GtkEventsBox>.fromOpaque(box).takeUnretainedValue().events = self
        // The widget owns this host: one strong reference, given back when it is disposed.
        _ = Unmanaged.passRetained(self)
        flick_gtk_accessible_set_label(canvas, configuration.accessibleName)
        installControllers(context: box)
        if configuration.showsScrollbar { installScrollbar(context: box) }
        tickID = gtk_widget_add_tick_callback(canvas, GtkCallbacks.tick, box, nil)
    }

    /// Seconds on the list's clock: GLib's monotonic clock (the frame clock's base), or in
    /// lockstep the virtual clock, which moves exactly one frame per frame.
    public var now: Double { configuration.lockstep ? virtualTime : Double(g_get_monotonic_time()) / 1e6 }

    /// Frames per second scripts count in: the configuration's, else the frame clock's.
    public var hz: Double { configuration.hz ?? refreshHz ?? 60 }

    /// The press held now, when it hit something.
    public var currentPress: (row: Int, target: Interaction.Target)? { press.map { ($0.row, $0.target) } }

    /// The link with keyboard focus (Tab): row, target and its boxes in viewport points.
    public var focusedLink: (row: Int, target: Interaction.Target, frame: Rect)? {
        guard let row = engine.selection.focus, let link = engine.selection.focusedLink, let layout = engine.layout(ofRow: row),
            let top = rowTop(row)
        else { return nil }
        let targets = interaction.focusTargets(in: layout)
        guard targets.indices.contains(link.index) else { return nil }
        return (row, targets[link.index].target, link.bounds.offsetBy(dx: 0, dy: top))
    }

    /// The row at the viewport's top and how far into it, points.
    public var anchor: (row: Int, offsetInRow: Double) { EngineRebuild.anchor(of: engine) }

    /// The top of `row` in viewport points, if the engine has it.
    public func rowTop(_ row: Int) -> Double? {
        guard row < engine.heights.rowCount else { return nil }
        return engine.heights.offset(ofRow: row) - engine.contentOffset
    }

    /// One frame, from the frame clock's update phase: the engine steps, the scrollbar follows
    /// and the canvas is queued for painting when its picture changed.
    func runFrame(clock: OpaquePointer?) {
        if let clock, refreshHz == nil {
            var interval: gint64 = 0
            gdk_frame_clock_get_refresh_info(clock, 0, &interval, nil)
            if interval > 0 { refreshHz = 1e6 / Double(interval) }
        }
        endFrameHold()  // a lockstep wait must see the work the last frame asked for start
        if configuration.lockstep { engine.waitForWorkers() }
        holdWorkerWakes(clock: clock)
        let time = now
        applyPendingViewport(time: time)
        let wasMoving = engine.physics.phase != .idle
        if let find {
            find.tick(engine: engine, time: time)
            syncFindBar()
        }
        var stats = engine.frame(at: time)
        onFrame?(time)
        applyPendingAnchor(time: time)
        endHandoffIfReady(time: time)
        requestAccessibilitySync()
        updateAdjustment()
        redrawIfChanged()
        stats.index = frameIndex
        frames.append(stats)
        if frames.count > configuration.frameLogLimit { frames.removeFirst(frames.count / 2) }
        if wasMoving, engine.physics.phase == .idle { settles.append(frameIndex) }
        frameIndex += 1
        virtualTime += 1 / hz
    }
}

/// Stands in for the host while it is being made (the box needs an object before `self` exists).
@MainActor
private final class PlaceholderEvents: GtkListEvents {
    static let shared = PlaceholderEvents()
    func snapshot(_ snapshot: OpaquePointer, width: Int, height: Int) {}
    func allocated(width: Int, height: Int) {}
    func tick(clock: OpaquePointer?) -> Bool { false }
    func framePainted() {}
    func widgetDisposed() {}
    func pointerPressed(x: Double, y: Double) {}
    func pointerReleased() {}
    func dragBegan(x: Double, y: Double) {}
    func dragUpdated(dx: Double, dy: Double) {}
    func dragEnded() {}
    func pointerCancelled() {}
    func scrollBegan() {}
    func scrolled(dx: Double, dy: Double, discrete: Bool) -> Bool { false }
    func scrollEnded() {}
    func decelerated(vx: Double, vy: Double) {}
    func keyPressed(keyval: UInt32, state: GdkModifierType) -> Bool { false }
    func focusLeft() {}
    func scaleFactorChanged() {}
    func adjustmentValueChanged() {}
    func findTextChanged() {}
    func findKeyPressed(keyval: UInt32, state: GdkModifierType) -> Bool { false }
    func proxyActivated(_ widget: UnsafeMutablePointer<GtkWidget>) {}
    func accessibilitySyncDue() {}
    func resumeFrames() {}
    func restDeadlinePassed() {}
}

/// The event controllers on the canvas, kept to emit their signals in tests.
struct GtkControllers {
    var click: OpaquePointer?
    var drag: OpaquePointer?
    var scroll: OpaquePointer?
    var keys: OpaquePointer?
}
