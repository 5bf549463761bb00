import CSDL2
import FlickCore
import FlickList
import Foundation

/// One SDL window with its 2D renderer: the only place Flick talks to the display.
///
/// Main thread: SDL's video and render APIs must be called from the thread that initialised
/// video. Made once per window run; `close()` (or deinit) destroys the renderer and window.
@MainActor
public final class SDLDisplay {
    /// Which SDL renderer to ask for.
    public enum RendererPreference: String, Sendable, CaseIterable {
        /// Accelerated first (Mesa llvmpipe under Xvfb), then software.
        case auto
        case accelerated
        case software
    }

    /// What the renderer turned out to be.
    public struct Info: Hashable, Sendable {
        public let videoDriver: String
        public let renderer: String
        /// Present waits for the display's vertical blank (never true under Xvfb: it reports 0 Hz).
        public let vsync: Bool
        /// The display's refresh rate, Hz; 0 when unknown.
        public let refreshRate: Int
        /// Largest texture side; 0 = no limit.
        public let maxTextureSide: Int
        /// Whether textures blend as premultiplied alpha (a custom blend mode); otherwise
        /// translucent bitmaps are converted to straight alpha when uploaded.
        public let premultipliedBlending: Bool
        /// OpenGL's `GL_RENDERER` when an OpenGL renderer was tried (the present path's rule reads it).
        public let glRenderer: String?
    }

    /// Why there is no window.
    public enum Failure: Error, CustomStringConvertible {
        case noDisplay(String)
        case window(String)
        case renderer(String)

        public var description: String {
            switch self {
            case .noDisplay(let reason): "no display: \(reason)"
            case .window(let reason): "cannot create a window: \(reason)"
            case .renderer(let reason): "cannot create a renderer: \(reason)"
            }
        }
    }

    let window: OpaquePointer
    /// The SDL renderer of the GPU path; `nil` on the software path, which draws into the
    /// window's surface instead (SDL allows one or the other on a window).
    private(set) var renderer: OpaquePointer?
    public let info: Info
    /// How frames reach the screen (chosen once, when the window opens).
    public let presentPath: PresentPath
    /// `SDL_ComposeCustomBlendMode(ONE, ONE_MINUS_SRC_ALPHA, ADD, …)`: Cairo's premultiplied OVER.
    let premultipliedBlendMode: SDL_BlendMode
    private var closed = false
    /// Modifier keys down after the last key event read (`pollEvents`): those a click has.
    var heldModifiers: KeyModifiers = []

    /// Opens a resizable window of `pixelSize` device pixels and picks its present path.
    /// - Parameters:
    ///   - preference: the renderer the GPU path asks for.
    ///   - present: the present path; `auto` chooses by `PresentPath.choose` after trying the
    ///     accelerated renderer (its `GL_RENDERER` tells a CPU rasterizer from a GPU).
    ///   - vsyncAt: ask for a vsynced present when the display runs at this rate (±1 Hz).
    public init(
        title: String, pixelSize: PixelSize, renderer preference: RendererPreference, present: PresentPreference = .auto,
        vsyncAt hz: Double
    ) throws(Failure) {
        try Self.initialiseVideo()
        // The window surface must be the X server's shared-memory image, not SDL's "texture
        // framebuffer" (an OpenGL renderer behind the surface: the slow path again).
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        let centered = Int32(bitPattern: UInt32(SDL_WINDOWPOS_CENTERED_MASK))
        guard let window = SDL_CreateWindow(
            title, centered, centered, Int32(pixelSize.width), Int32(pixelSize.height),
            SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue)
        else { throw .window(Self.lastError) }
        self.window = window
        premultipliedBlendMode = SDL_ComposeCustomBlendMode(
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        var mode = SDL_DisplayMode()
        let refresh = SDL_GetWindowDisplayMode(window, &mode) == 0 ? Int(mode.refresh_rate) : 0
        let videoDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        var made: OpaquePointer?
        var glRenderer: String?
        var path: PresentPath
        // `auto` on a display whose OpenGL is known to be a CPU rasterizer takes the software
        // path without loading OpenGL again (`PresentPathMemory`).
        let memory = present == .auto && preference == .auto ? Self.presentPathMemory(window, videoDriver: videoDriver) : nil
        if let remembered = memory?.recall(), PresentPath.isSoftwareRasterizer(remembered) {
            glRenderer = remembered
            path = .software
        } else {
            if present != .software {
                made = Self.makeRenderer(window, preference: preference, vsync: PresentTiming(refreshRate: refresh, hz: hz) == .vsync)
                glRenderer = made.flatMap { Self.rendererName($0) }.flatMap { $0.hasPrefix("opengl") ? Self.glRendererString() : nil }
            }
            if let glRenderer { memory?.remember(glRenderer) }
            path = PresentPath.choose(present, rendererName: made.flatMap { Self.rendererName($0) }, glRenderer: glRenderer)
        }
        if path == .software {
            if let made { SDL_DestroyRenderer(made) }
            made = nil
            if !Self.surfaceUsable(window) {
                // A window surface of another pixel layout (16-bit X servers): textures instead.
                path = .gpu
                made = Self.makeRenderer(window, preference: preference, vsync: false)
            }
        }
        presentPath = path
        if path == .software {
            info = Info(
                videoDriver: videoDriver, renderer: "window surface", vsync: false, refreshRate: refresh, maxTextureSide: 0,
                premultipliedBlending: true, glRenderer: glRenderer)
            return
        }
        guard let renderer = made else {
            let reason = Self.lastError
            SDL_DestroyWindow(window)
            throw .renderer(reason)
        }
        self.renderer = renderer
        var rendererInfo = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &rendererInfo)
        let side = Int(min(rendererInfo.max_texture_width, rendererInfo.max_texture_height))
        info = Info(
            videoDriver: videoDriver, renderer: Self.rendererName(renderer) ?? "unknown",
            vsync: rendererInfo.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0 && refresh > 0, refreshRate: refresh,
            maxTextureSide: side, premultipliedBlending: Self.supportsBlendMode(premultipliedBlendMode, renderer: renderer),
            glRenderer: glRenderer)
    }

    /// What `auto` learned about this display's OpenGL before, keyed by its X server.
    private static func presentPathMemory(_ window: OpaquePointer, videoDriver: String) -> PresentPathMemory {
        var info = SDL_SysWMinfo()
        SDL_GetVersion(&info.version)
        var vendor: String?
        var release: Int?
        if SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11, let display = info.info.x11.display {
            vendor = XServerVendor(display).map { String(cString: $0) }
            release = Int(XVendorRelease(display))
        }
        return PresentPathMemory(key: PresentPathMemory.key(videoDriver: videoDriver, vendor: vendor, release: release))
    }

    /// The renderer `preference` asks for, or `nil`.
    private static func makeRenderer(_ window: OpaquePointer, preference: RendererPreference, vsync: Bool) -> OpaquePointer? {
        let vsyncFlag = vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0
        let attempts: [UInt32] =
            switch preference {
            case .auto: [SDL_RENDERER_ACCELERATED.rawValue | vsyncFlag, SDL_RENDERER_SOFTWARE.rawValue]
            case .accelerated: [SDL_RENDERER_ACCELERATED.rawValue | vsyncFlag]
            case .software: [SDL_RENDERER_SOFTWARE.rawValue]
            }
        for flags in attempts {
            if let made = SDL_CreateRenderer(window, -1, flags) { return made }
        }
        return nil
    }

    private static func rendererName(_ renderer: OpaquePointer) -> String? {
        var rendererInfo = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &rendererInfo) == 0 else { return nil }
        return rendererInfo.name.map { String(cString: $0) }
    }

    /// OpenGL's `GL_RENDERER` for the context SDL's OpenGL renderer just made current
    /// ("llvmpipe (LLVM 15.0.6, 256 bits)" under Xvfb).
    private static func glRendererString() -> String? {
        guard let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glGetString = unsafeBitCast(address, to: GetString.self)
        let glRendererEnum: UInt32 = 0x1F01
        return glGetString(glRendererEnum).map { String(cString: $0) }
    }

    /// Whether the window's surface is one the software path can draw into.
    private static func surfaceUsable(_ window: OpaquePointer) -> Bool {
        guard let surface = SDL_GetWindowSurface(window) else { return false }
        return SurfacePresenter.cairoFormat(for: surface.pointee.format.pointee.format) != nil
    }

    /// Starts SDL video, or says why there is no display (no `DISPLAY`/`WAYLAND_DISPLAY`, or
    /// the video driver would not start).
    static func initialiseVideo() throws(Failure) {
        let environment = ProcessInfo.processInfo.environment
        let forced = environment["SDL_VIDEODRIVER"]
        if forced == nil, (environment["DISPLAY"] ?? "").isEmpty, (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            throw .noDisplay("DISPLAY is not set (run under xvfb-run, or on a desktop)")
        }
        guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0 else { throw .noDisplay("SDL video: \(lastError)") }
    }

    static var lastError: String { String(cString: SDL_GetError()) }

    private static func supportsBlendMode(_ mode: SDL_BlendMode, renderer: OpaquePointer) -> Bool {
        guard let probe = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 1, 1)
        else { return false }
        defer { SDL_DestroyTexture(probe) }
        return SDL_SetTextureBlendMode(probe, mode) == 0
    }

    /// The drawable size in device pixels.
    public var outputSize: PixelSize {
        var width: Int32 = 0
        var height: Int32 = 0
        if let renderer {
            SDL_GetRendererOutputSize(renderer, &width, &height)
        } else {
            SDL_GetWindowSizeInPixels(window, &width, &height)
        }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// Asks the window system for a new size (scripts' `resize`); the resize event follows.
    public func setSize(_ size: PixelSize) {
        SDL_SetWindowSize(window, Int32(size.width), Int32(size.height))
    }

    public func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

    /// The window's X11 id, nil on another video driver (for tools that address the window:
    /// the tests' synthesized input).
    public var x11WindowID: UInt? {
        var info = SDL_SysWMinfo()
        SDL_GetVersion(&info.version)
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11 else { return nil }
        return UInt(info.info.x11.window)
    }

    /// Destroys the renderer and the window; the video subsystem is shut down.
    public func close() {
        guard !closed else { return }
        closed = true
        if let renderer { SDL_DestroyRenderer(renderer) }
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
    }
}

/// How frames are paced: by a vsynced present, or by the window's own clock. Pure.
public enum PresentTiming: Hashable, Sendable {
    case vsync
    case timer

    /// Vsync only when the display reports a real refresh rate within 1 Hz of the target
    /// (Xvfb reports 0 Hz, and its PRESENTVSYNC is a ~63 Hz timer: the clock paces better).
    public init(refreshRate: Int, hz: Double) {
        self = refreshRate > 0 && abs(Double(refreshRate) - hz) <= 1 ? .vsync : .timer
    }
}
