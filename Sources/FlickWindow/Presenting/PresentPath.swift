/// How a window's frames reach the screen. Pure values; any thread.
public enum PresentPath: String, Hashable, Sendable, CaseIterable {
    /// Frames composed by the CPU straight into the window's surface (`SDL_GetWindowSurface`,
    /// shared memory on X11) and sent with `SDL_UpdateWindowSurfaceRects`: the previous frame
    /// is shifted by the scroll delta and only the exposed strip and the changed rows are drawn
    /// (`ScrollBlitPlan`). Rows are opaque bitmaps, so most of a frame is a `memmove`.
    case software
    /// Each bitmap uploaded once as an SDL texture and drawn by the accelerated renderer
    /// (`LayerPresenter`): the faster path on a real GPU.
    case gpu
}

/// Which present path a window asks for (`flick demo --present`).
public enum PresentPreference: String, Hashable, Sendable, CaseIterable {
    /// The GPU path when the accelerated renderer runs on real graphics hardware, the software
    /// path otherwise (see `PresentPath.choose`).
    case auto
    case software
    case gpu
}

extension PresentPath {
    /// The path `auto` takes, given what the accelerated renderer turned out to be.
    ///
    /// The rule: the GPU path only when SDL made an accelerated renderer and OpenGL's
    /// `GL_RENDERER` does not name a software rasterizer (Mesa's llvmpipe, softpipe, swrast).
    /// Under a software rasterizer the "GPU" draws every texture with the CPU too, and adds a
    /// full-frame upload and a GL swap: under Xvfb at 375×667 pt @2x, `SDL_RenderPresent` alone
    /// took ~10 ms a frame there, against ~1 ms for the whole software present (docs/BENCHMARKS).
    /// - Parameters:
    ///   - rendererName: SDL's name of the renderer made (`opengl`, `opengles2`, `software`), `nil`
    ///     when none could be made.
    ///   - glRenderer: OpenGL's `GL_RENDERER` string, when the renderer is an OpenGL one.
    public static func choose(
        _ preference: PresentPreference, rendererName: String?, glRenderer: String?
    ) -> PresentPath {
        switch preference {
        case .software: return .software
        case .gpu: return .gpu
        case .auto:
            guard let rendererName, rendererName != "software" else { return .software }
            guard let glRenderer else { return .gpu }
            return isSoftwareRasterizer(glRenderer) ? .software : .gpu
        }
    }

    /// Whether a `GL_RENDERER` string names a CPU rasterizer.
    public static func isSoftwareRasterizer(_ glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer", "lavapipe"].contains { name.contains($0) }
    }
}
