import FlickCore
import FlickList
import FlickRaster
import FlickText

/// Frame time per frame for each mode, drawn with Flick's own canvas: one band per mode with
/// the frame budget line, main-thread milliseconds as a line, frames with blank rows as red
/// bars, skeleton share as grey bars, and a blue tick where scrolling came to rest.
@MainActor
struct BenchPlot {
    let results: [ScrollBenchmark.Result]
    let hz: Double

    private let width = 1_600.0
    private let bandHeight = 220.0
    private let margin = 56.0

    func render() throws -> Bitmap {
        let context = try TextContext()
        let canvas = Canvas(size: Size(width: width, height: bandHeight * Double(results.count) + 20), scale: .one, opaqueBackground: .white)
        let budget = 1000 / hz
        let ceiling = max(budget * 2, results.map(\.summary.p99).max() ?? 0) * 1.2
        for (index, result) in results.enumerated() {
            let band = Rect(x: margin, y: 10 + Double(index) * bandHeight + 28, width: width - margin - 16, height: bandHeight - 48)
            canvas.fill(band, Color(hex: 0xF7F7F7))
            let frames = result.report.frames
            let step = band.width / Double(max(1, frames.count))
            func y(_ ms: Double) -> Double { band.maxY - min(ms, ceiling) / ceiling * band.height }
            for (i, frame) in frames.enumerated() {
                let x = band.minX + Double(i) * step
                if frame.skeletonFraction > 0 {
                    let h = frame.skeletonFraction * band.height * 0.25
                    canvas.fill(Rect(x: x, y: band.maxY - h, width: max(step, 1), height: h), Color(hex: 0xCCCCCC))
                }
                if frame.rowsBlank > 0 {
                    canvas.fill(Rect(x: x, y: band.maxY - band.height * 0.25, width: max(step, 1), height: band.height * 0.25), Color(hex: 0xE53935, alpha: 0.6))
                }
            }
            let start = frames.first?.index ?? 0
            for settle in result.settles where settle >= start {
                let x = band.minX + Double(settle - start) * step
                canvas.strokeLine(from: Point(x: x, y: band.minY), to: Point(x: x, y: band.minY + 10), lineWidth: 2, Color(hex: 0x1E88E5))
            }
            canvas.strokeLine(from: Point(x: band.minX, y: y(budget)), to: Point(x: band.maxX, y: y(budget)), lineWidth: 1, Color(hex: 0xE53935))
            let points = frames.enumerated().map { Point(x: band.minX + Double($0.offset) * step, y: y($0.element.mainThreadMilliseconds)) }
            if points.count > 1 { canvas.strokePath(points, lineWidth: 1, Color(hex: 0x333333)) }
            let s = result.summary
            let label = String(
                format: "%@ — main thread p50 %.2f ms, p99 %.2f ms, max %.2f ms; janky %d; blank frames %d; red line = %.2f ms budget; top = %.1f ms",
                result.mode.rawValue, s.p50, s.p99, s.max, s.jankyFrames, s.blankFrames, budget, ceiling)
            context.layout(parsing: label, style: TextStyle(fontSize: 14, color: .black), width: band.width)
                .draw(in: canvas, at: Point(x: margin, y: 10 + Double(index) * bandHeight + 4))
        }
        return canvas.makeBitmap()
    }
}
