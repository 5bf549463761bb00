import CFlickGTK
import CGtk4

/// The GSK renderer a process asks GTK for (`GSK_RENDERER`, read by GTK when it makes the
/// first window's renderer, so chosen before any window is realized). Plain value.
public enum GtkRenderer: String, Sendable, CaseIterable {
    /// Cairo when GL would run on a software rasterizer (Mesa's llvmpipe or softpipe: no GPU),
    /// else GTK's own choice (GL). Decided at run time from the GL renderer GDK gets.
    case auto
    /// GTK's own choice: GL whenever GDK can make a GL context, however it is rasterized.
    case gtk
    case gl
    case cairo

    /// What `GSK_RENDERER` is set to for this choice, nil for GTK's own (`auto` decides later).
    var environmentValue: String? {
        switch self {
        case .auto, .gtk: nil
        case .gl: "gl"
        case .cairo: "cairo"
        }
    }
}

/// Why the renderer is the one it is: the choice asked for, the GL renderer seen (for `auto`)
/// and the renderer asked of GTK. Plain value.
public struct GtkRendererDecision: Sendable, Equatable {
    public let choice: GtkRenderer
    /// GDK's GL renderer string (`GL_RENDERER`), when `auto` probed it and GDK could make a context.
    public let glRenderer: String?
    /// The `GSK_RENDERER` value asked for; nil: GTK's own choice.
    public let requested: String?
    /// One line for reports: "auto: GL is llvmpipe (…), a software rasterizer: cairo".
    public let reason: String

    /// Substrings of `GL_RENDERER` that name a software rasterizer. Mesa's llvmpipe and
    /// softpipe (and its old swrast), and the Windows/Apple software renderers' names, in case.
    public static let softwareRasterizers = ["llvmpipe", "softpipe", "swrast", "software rasterizer", "swr"]

    /// Whether `glRenderer` is a software rasterizer.
    public static func isSoftware(_ glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return softwareRasterizers.contains { name.contains($0) }
    }

    /// The decision for `choice`, given the GL renderer GDK gets (`auto` only looks at it).
    /// Under a software rasterizer GSK's GL renderer rasterizes every textured quad on the
    /// CPU through Mesa (a whole-window 2× frame is 15–18 ms under Xvfb), while the Cairo
    /// renderer composites with pixman and sends one image per frame; with a GPU, GL.
    public static func decide(_ choice: GtkRenderer, glRenderer: String?) -> GtkRendererDecision {
        switch choice {
        case .gtk, .gl, .cairo:
            return GtkRendererDecision(choice: choice, glRenderer: nil, requested: choice.environmentValue, reason: "\(choice.rawValue): as asked")
        case .auto:
            guard let glRenderer else {
                return GtkRendererDecision(choice: choice, glRenderer: nil, requested: "cairo", reason: "auto: GDK makes no GL context: cairo")
            }
            if isSoftware(glRenderer) {
                return GtkRendererDecision(
                    choice: choice, glRenderer: glRenderer, requested: "cairo", reason: "auto: GL is \(glRenderer), a software rasterizer: cairo")
            }
            return GtkRendererDecision(choice: choice, glRenderer: glRenderer, requested: nil, reason: "auto: GL is \(glRenderer): GTK's choice (gl)")
        }
    }

    /// The GL renderer string of a context GDK makes on the default display, or nil. Main
    /// thread, after `gtk_init` and before any window is realized.
    @MainActor
    static func probeGLRenderer() -> String? {
        guard let display = gdk_display_get_default(), let name = flick_gtk_gl_renderer_name(display) else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }
}
