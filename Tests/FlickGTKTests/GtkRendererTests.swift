@testable import FlickGTK
import Testing

/// `--renderer auto`: Cairo when GL would be rasterized in software, GTK's choice otherwise.
@Suite("GSK renderer choice")
struct GtkRendererTests {
    @Test func autoPicksCairoWhenGLIsASoftwareRasterizer() {
        for name in ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Software Rasterizer", "Mesa X11 swrast"] {
            let decision = GtkRendererDecision.decide(.auto, glRenderer: name)
            #expect(decision.requested == "cairo", "\(name)")
            #expect(decision.reason.contains(name))
        }
    }

    @Test func autoLeavesGLWithAGPUAndCairoWithoutGL() {
        let gpu = GtkRendererDecision.decide(.auto, glRenderer: "Mesa Intel(R) UHD Graphics 620 (KBL GT2)")
        #expect(gpu.requested == nil, "GTK's own choice (GL)")
        #expect(GtkRendererDecision.decide(.auto, glRenderer: nil).requested == "cairo", "no GL context: GTK would fall back to Cairo anyway")
    }

    @Test func anExplicitChoiceIsKept() {
        #expect(GtkRendererDecision.decide(.gl, glRenderer: "llvmpipe").requested == "gl")
        #expect(GtkRendererDecision.decide(.cairo, glRenderer: nil).requested == "cairo")
        #expect(GtkRendererDecision.decide(.gtk, glRenderer: "llvmpipe").requested == nil)
    }
}
