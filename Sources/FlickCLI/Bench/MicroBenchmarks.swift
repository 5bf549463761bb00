import FlickCore
import FlickRaster
import FlickText
import FlickTimeline
import Foundation

/// Hot-path costs measured in one run, each beside its raw Pango/Cairo baseline where one
/// exists, so Flick's overhead is visible. Single-threaded unless the name says workers.
struct MicroBenchmarks {
    struct Row {
        let name: String
        let flick: Double
        let baseline: Double?
        let unit: String

        var overhead: String {
            guard let baseline, baseline > 0 else { return "" }
            return String(format: "%.2f×", flick / baseline)
        }
    }

    /// A 140-character mixed paragraph (CJK, Latin, a mention, a topic, a URL, emoticons, emoji).
    static let paragraph =
        "今天天气不错 @小明Alice 看看 #Swift on Linux# 的新进展 https://swift.org/blog [微笑] 😀 VVebo 的思路是异步绘制整个 cell，滑动时按需加载，只画停下来的那几行。Flick 把这些做成了一个引擎 🚀 #性能优化# 试试吧"

    let runs: Int

    func run(progress: (String) -> Void) throws -> [Row] {
        precondition(Self.paragraph.count == 140, "the benchmark paragraph must be 140 characters")
        var rows: [Row] = []
        let context = try TextContext()
        let raw = RawPangoBaseline()
        let style = TextStyle()
        let parser = RichTextParser()
        let width = 345.0

        progress("text layout")
        let layout = Stopwatch.measure(runs: runs) { _ = context.layout(parser.parse(Self.paragraph), style: style, width: width) }
        let rawLayout = Stopwatch.measure(runs: runs) { _ = raw.layoutHeight(Self.paragraph, width: width, fontSize: style.fontSize) }
        rows.append(Row(name: "text layout, 140-char paragraph", flick: layout.median, baseline: rawLayout.median, unit: "µs"))

        progress("text layout + raster")
        let raster = Stopwatch.measure(runs: runs) {
            let laidOut = context.layout(parser.parse(Self.paragraph), style: style, width: width)
            let canvas = Canvas(size: Size(width: width, height: laidOut.size.height), scale: .two)
            laidOut.draw(in: canvas, at: .zero)
            _ = canvas.makeBitmap()
        }
        let rawRaster = Stopwatch.measure(runs: runs) {
            raw.layoutAndRaster(Self.paragraph, width: width, fontSize: style.fontSize, scale: 2)
        }
        rows.append(Row(name: "text layout + raster @2x", flick: raster.median, baseline: rawRaster.median, unit: "µs"))

        progress("cells")
        let posts = (0..<400).map(PostContentGenerator(seed: 1, images: ImagePoolGenerator.plannedPool).post)
        let layouter = PostLayouter()
        let renderer = PostRenderer()
        var index = 0
        let cellLayout = Stopwatch.measure(runs: runs) {
            _ = layouter.layout(posts[index % posts.count], width: 375, scale: .two, context: context)
            index += 1
        }
        rows.append(Row(name: "cell layout (generated posts)", flick: cellLayout.median, baseline: nil, unit: "µs"))
        let layouts = posts.map { layouter.layout($0, width: 375, scale: .two, context: context) }
        let full = Stopwatch.measure(runs: runs) {
            _ = renderer.render(layouts[index % layouts.count])
            index += 1
        }
        let skeleton = Stopwatch.measure(runs: runs) {
            _ = renderer.renderSkeleton(layouts[index % layouts.count])
            index += 1
        }
        rows.append(Row(name: "cell raster @2x, full", flick: full.median, baseline: nil, unit: "µs"))
        rows.append(Row(name: "cell raster @2x, skeleton", flick: skeleton.median, baseline: full.median, unit: "µs"))

        progress("cells on workers")
        for workers in [1, 2] {
            let throughput = cellsPerSecond(posts: posts, workers: workers, render: false)
            rows.append(Row(name: "cell layouts/s on \(workers) worker(s)", flick: throughput, baseline: nil, unit: "/s"))
        }
        for workers in [1, 2] {
            let throughput = cellsPerSecond(posts: posts, workers: workers, render: true)
            rows.append(Row(name: "cell layout+raster/s on \(workers) worker(s)", flick: throughput, baseline: nil, unit: "/s"))
        }

        progress("list decisions")
        rows += listRows()

        progress("decoding")
        rows += try decodeRows()
        rows += try ImageLoadBenchmark().rows(progress: progress)
        return rows
    }

    /// The per-frame decisions of the list on a 1M-row index: what the main thread pays.
    private func listRows() -> [Row] {
        var index = HeightIndex(rowCount: 1_000_000)
        var random = SplitMix64(seed: 5)
        for row in stride(from: 0, to: 1_000_000, by: 7) { index.setExactHeight(Double(random.int(in: 80...600)), forRow: row) }
        let total = index.totalHeight
        let lookups = Stopwatch.measure(runs: runs) {
            for _ in 0..<100 { _ = index.row(atOffset: random.unit() * total) }
        }
        let updates = Stopwatch.measure(runs: runs) {
            for _ in 0..<100 { index.setExactHeight(Double(random.int(in: 80...600)), forRow: random.int(in: 0...999_999)) }
        }
        let policy = RangePolicy()
        let plans = Stopwatch.measure(runs: runs) {
            let offset = random.unit() * (total - 667)
            _ = policy.plan(.init(offset: offset, viewportHeight: 667, velocity: 20_000, motion: .decelerating(target: offset + 30_000)), rows: index)
        }
        return [
            Row(name: "HeightIndex row(atOffset:), 1M rows", flick: lookups.median / 100, baseline: nil, unit: "µs"),
            Row(name: "HeightIndex setExactHeight, 1M rows", flick: updates.median / 100, baseline: nil, unit: "µs"),
            Row(name: "RangePolicy plan (fast fling), 1M rows", flick: plans.median, baseline: nil, unit: "µs"),
        ]
    }

    private func cellsPerSecond(posts: [Post], workers: Int, render: Bool) -> Double {
        let pool = QueuePool<TextContext?>(queuesPerLane: workers) { _ in try? TextContext() }
        // Warm each worker's font map first: the first layout loads fonts (~14 ms).
        for _ in 0..<workers * 4 { pool.submit(.userInitiated) { session in _ = session.context?.layout(parsing: "warm", style: TextStyle(), width: 100) } }
        pool.waitUntilIdle()
        let count = posts.count * 3
        let seconds = Stopwatch.seconds {
            for index in 0..<count {
                let post = posts[index % posts.count]
                pool.submit(.userInitiated) { session in
                    guard let context = session.context else { return }
                    let layout = PostLayouter().layout(post, width: 375, scale: .two, context: context)
                    if render { _ = PostRenderer().render(layout) }
                }
            }
            pool.waitUntilIdle()
        }
        return Double(count) / seconds
    }

    private func decodeRows() throws -> [Row] {
        let canvas = Canvas(pixelSize: PixelSize(width: 1920, height: 1440), scale: .one)
        canvas.fill(canvas.bounds, Color(hex: 0x3366AA))
        for i in 0..<40 {
            canvas.fillEllipse(in: Rect(x: Double(i * 47 % 1800), y: Double(i * 31 % 1300), width: 200, height: 160), Color(hex: UInt32(0x10_20_30 &* UInt32(i + 1)), alpha: 0.8))
        }
        let source = canvas.makeBitmap()
        let target = DecodeOptions(target: .fill(PixelSize(width: 360, height: 360)))
        var rows: [Row] = []
        for format in ImageFormat.allCases {
            let bytes = try ImageEncoder.encode(source, as: format, quality: 85)
            let decodeRuns = max(5, runs / 20)
            let scaled = Stopwatch.measure(runs: decodeRuns, warmup: 1) { _ = try? ImageDecoder.decode(bytes, options: target) }
            let fullSize = Stopwatch.measure(runs: decodeRuns, warmup: 1) { _ = try? ImageDecoder.decode(bytes) }
            rows.append(Row(name: "decode \(format) 1920×1440 → 360 px", flick: scaled.median / 1000, baseline: fullSize.median / 1000, unit: "ms"))
        }
        return rows
    }
}
