import Foundation
import FlickCore
import FlickHost

/// Debug overlays the window can draw over the list, toggled by keys.
public struct OverlayOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// FPS, frame-time graph, main-thread ms, rows full/skeleton, ranges in numbers.
    public static let hud = OverlayOptions(rawValue: 1 << 0)
    /// Visible/display/preload ranges and the landing zone as bars at the right edge.
    public static let ranges = OverlayOptions(rawValue: 1 << 1)
    /// Misaligned (magenta) and scaled (yellow) layers.
    public static let misaligned = OverlayOptions(rawValue: 1 << 2)
    /// Rows tinted by what they show: full, skeleton, placeholder, blank.
    public static let rowTint = OverlayOptions(rawValue: 1 << 3)
    /// The key list.
    public static let keys = OverlayOptions(rawValue: 1 << 4)
    /// The bottom bar: the key hint, or what was last tapped.
    public static let statusBar = OverlayOptions(rawValue: 1 << 5)

    /// Names for the command line: `--overlays hud,ranges` (`none` for a clean list).
    public static let names: [(name: String, option: OverlayOptions)] = [
        ("hud", .hud), ("ranges", .ranges), ("misaligned", .misaligned), ("tint", .rowTint), ("keys", .keys),
        ("status", .statusBar),
    ]

    /// Parses a comma-separated list of `names`, or `none`; `nil` names the first unknown word.
    public static func parse(_ text: String) -> Result<OverlayOptions, UnknownName> {
        var options: OverlayOptions = []
        for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where word != "none" {
            guard let option = names.first(where: { $0.name == word })?.option else { return .failure(UnknownName(name: word)) }
            options.insert(option)
        }
        return .success(options)
    }

    public struct UnknownName: Error, CustomStringConvertible {
        public let name: String
        public var description: String {
            "unknown overlay \"\(name)\"; use none or a comma-separated list of " + OverlayOptions.names.map(\.name).joined(separator: ", ")
        }
    }
}

/// Everything a list window is opened with. Plain value.
public struct WindowConfiguration: Sendable {
    /// Viewport in points; default 375 × 667 (a phone).
    public var viewport = Size(width: 375, height: 667)
    /// Device pixels per point; default 2, so the window is 750 × 1334 pixels.
    public var scale = DisplayScale.two
    /// Frame rate the window paces itself to without a real vsync; default 120.
    public var hz = 120.0
    public var title = "Flick"
    /// Frames kept in `ListWindow.frames` (the report's log). Default 36,000: five minutes at
    /// 120 Hz, about 7 MB; past it the older half is dropped, so a window left open for hours
    /// does not grow.
    public var frameLogLimit = 36_000
    /// The SDL renderer of the GPU present path. Default `.auto`: accelerated, then software.
    public var renderer = SDLDisplay.RendererPreference.auto
    /// How frames reach the screen. Default `.auto`: the GPU path on real graphics hardware,
    /// the software path (window surface, scroll-blit) under a CPU rasterizer such as Xvfb's
    /// llvmpipe, where it is ~10× cheaper (`PresentPath.choose`).
    public var present = PresentPreference.auto
    /// Software path: compose into two X11 shared-memory images and present each from a thread
    /// of its own, so the main thread does not wait for the X server's round trip (on a loaded
    /// machine that wait was most of the worst frames). Default true; off, or without X11 and
    /// MIT-SHM, frames go through `SDL_UpdateWindowSurfaceRects`, which waits.
    public var asynchronousPresent = true
    /// An asynchronous present keeps the frame's worker wake-ups held until the X server has
    /// completed the put, so the workers the frame woke do not take both cores from the server
    /// while it copies the frame (the frame's end-to-end time, `presentedMilliseconds`).
    /// Default true.
    public var holdsWorkerWakesThroughPresent = true
    /// Overlays shown at start; default the HUD and the status bar.
    public var overlays: OverlayOptions = [.hud, .statusBar]
    /// Frames a texture may go unused before it is destroyed; default 90.
    public var evictTexturesAfterFrames = 90
    /// Seconds a window height change must hold before the engine is rebuilt for it; default 0.25.
    public var resizeSettleSeconds = 0.25
    /// Longest wait before the first frame for the kind skeletons the engine asked for at
    /// creation: 0.25 s. The first rows then open in their kinds' shapes, not generic tiles
    /// (a worker's first skeleton includes making its Pango font map, tens of milliseconds).
    public var firstFrameSkeletonWait = 0.25
    /// Longest the previous engine's frame stays on screen after a rebuild while the new one
    /// draws its rows; default 0.5 s.
    public var handoffSeconds = 0.5
    public var keyMap = KeyMap.standard
    /// Points a wheel notch scrolls; default 60.
    public var pointsPerWheelNotch = 60.0
    /// Points an arrow key scrolls; default 60.
    public var pointsPerLine = 60.0
    /// Scripted runs that must not depend on the machine's speed (tests): before each frame
    /// the engine's workers finish everything queued, and the clock advances by exactly
    /// `1 / hz` per frame instead of following the wall clock; nothing sleeps. Default off.
    public var lockstep = false
    /// Interactive runs (`runInteractively`) sleep while the list is at rest (`HostRest`);
    /// scripts and lockstep runs never do.
    public var rest = RestConfiguration()

    /// Viewport sides the window supports, points (`WindowScript.viewportSides`).
    public static let viewportSides: ClosedRange<Double> = WindowScript.viewportSides

    public init() {}
}
