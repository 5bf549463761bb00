import ArgumentParser
import FlickCore
import FlickList
import FlickWindow
import Foundation

extension PipelineKind: ExpressibleByArgument {}

/// Which client `flick demo` shows.
enum DemoClient: String, ExpressibleByArgument, CaseIterable {
    /// The Weibo-style timeline over a feed store.
    case timeline
    /// The chat list (module FlickChat, built only on the public `Flick` surface).
    case chat
}
extension SDLDisplay.RendererPreference: ExpressibleByArgument {}
extension PresentPreference: ExpressibleByArgument {}

/// `--overlays none` or `--overlays hud,ranges`: parsed once, by `OverlayOptions.parse`.
extension OverlayOptions: ExpressibleByArgument {
    public init?(argument: String) {
        guard case .success(let options) = OverlayOptions.parse(argument) else { return nil }
        self = options
    }

    public var defaultValueDescription: String {
        let shown = OverlayOptions.names.filter { contains($0.option) }.map(\.name)
        return shown.isEmpty ? "none" : shown.joined(separator: ",")
    }
}

/// `flick demo`: the timeline in an SDL window — drag, fling, wheel, keys, taps, HUD and
/// overlays, live A/B against the naive pipeline. With `--headless`, or when there is no
/// display, the same scripted scroll runs without a window and writes a screenshot and a
/// frame report instead.
@dynamicMemberLookup
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Scroll a timeline in a window (or headless): input, HUD, overlays, taps, live A/B.",
        discussion: """
            Keys in the window:
            \(KeyMap.standard.helpLines.joined(separator: "\n"))

            Mouse: drag scrolls and a release flings; the wheel or trackpad scrolls; a click during a fling stops it. Pressing a mention, topic, URL or avatar highlights it; releasing shows what was tapped in the status bar.

            With --script the window replays the script (a file, or one of demo, flings, constant-speed, scroll-to-top, jump-storm) and exits when it ends, or after --frames. Window scripts may also use `press X Y`, `release`, `key K` and `size W H`. Without a display, or with --headless, the script (default: demo) runs headless and the screenshot and report are always written.
            """)

    /// Feed or client, script, viewport, when to stop and what to write: shared with `flick gtk-demo`.
    @OptionGroup var demo: DemoOptions

    @Option(help: "Read a live timeline from this URL (a `flick serve` timeline or any server of the feed format), cached in --cache.")
    var url: String?

    @Flag(help: "Start an embedded feed server over the demo feed (new posts arriving, 50 ms latency) and read the timeline through it.")
    var live = false

    @Option(help: "The live timeline's offline cache (a feed.sqlite). Default: out/live-cache.sqlite.")
    var cache: String?

    @Option(help: "Frame rate of the display clock (60 or 120).")
    var hz: Double = 120

    @Option(help: "Display scale (device pixels per point).")
    var scale: Double = 2

    @Flag(help: "Run without a window.")
    var headless = false

    @Option(help: "Pipeline at start: flick or naive (P switches live).")
    var pipeline: PipelineKind = .flick

    @Option(help: "Overlays at start: none, or a comma-separated list of hud, ranges, misaligned, tint, keys, status.")
    var overlays: OverlayOptions = [.hud, .statusBar]

    @Option(help: "SDL renderer: auto (accelerated, then software), accelerated, software.")
    var renderer: SDLDisplay.RendererPreference = .auto

    @Option(help: "Present path: auto (gpu on graphics hardware, software under a CPU rasterizer such as Xvfb's llvmpipe), software (window surface, scroll-blit), gpu (textures through --renderer).")
    var present: PresentPreference = .auto

    func validate() throws {
        // The shared options check themselves (`DemoOptions.validate`).
        try OptionLimits.checkFrameRate(hz)
        try OptionLimits.check(scale, in: OptionLimits.windowScales, option: "--scale")
        if live, url != nil { throw ValidationError("--live and --url are alternatives: give one") }
        if (live || url != nil), demo.client == .chat { throw ValidationError("--live and --url show the timeline, not the chat") }
    }

    /// Whether the timeline is read from a server (`--live` or `--url`).
    var isLive: Bool { live || url != nil }

    /// Commands run on the main thread; the engine and the window are main-actor code.
    func run() throws {
        try MainActor.assumeIsolated { try runOnMain() }
    }

    @MainActor
    private func runOnMain() throws {
        if demo.client == .chat {
            try DemoChat(options: self).run()
            return
        }
        let setup = try DemoSetup(options: self)
        if headless {
            try DemoHeadless(options: self, setup: setup).run(reason: nil)
            return
        }
        do {
            try DemoWindow(options: self, setup: setup).run()
        } catch let failure as SDLDisplay.Failure {
            try DemoHeadless(options: self, setup: setup).run(reason: failure.description)
        }
    }
}

extension Demo {
    /// `options.feed` and the rest of the shared options read through to `demo`.
    subscript<Value>(dynamicMember keyPath: KeyPath<DemoOptions, Value>) -> Value { demo[keyPath: keyPath] }

    /// The window the options ask for, whichever client it shows.
    func windowConfiguration(title: String) -> WindowConfiguration {
        var configuration = WindowConfiguration()
        configuration.viewport = Size(width: demo.width, height: demo.height)
        configuration.scale = DisplayScale(scale)
        configuration.hz = hz
        configuration.renderer = renderer
        configuration.present = present
        configuration.title = title
        configuration.overlays = overlays
        configuration.lockstep = demo.lockstep
        return configuration
    }
}
