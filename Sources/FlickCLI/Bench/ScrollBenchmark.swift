import Dispatch
import FlickCore
import FlickImage
import FlickList
import FlickRaster
import FlickTimeline
import Foundation

/// The real engine, headless on a 60/120 Hz display clock with real workers, replaying the
/// standard scroll scripts once per mode, so Flick, the naive baseline and the ablations are
/// measured in the same run on the same feed.
@MainActor
struct ScrollBenchmark {
    struct Result {
        let mode: BenchMode
        let report: FrameReport
        let settles: [Int]
        /// Wall time from creating the engine to the first frame with every visible row drawn.
        let firstFrameMilliseconds: Double
        /// Process CPU seconds spent during the mode.
        let cpuSeconds: Double
        /// Process peak resident memory after the mode (monotonic across modes).
        let peakResidentMegabytes: Double
        let layouts: Int
        let renders: Int
        /// Image loads the engine started (fast flings start fewer with deferral on).
        let imageLoads: Int
        let imageStatistics: ImagePipelineStatistics
        let seconds: Double
        /// Memory at the mode's end: process, pixels, the engine's caches.
        var memory: BenchMemory

        var summary: RunSummary { report.summary }
    }

    let database: String
    let hz: Double
    /// Scripts to replay, by name, parsed once for every mode.
    let scripts: [(name: String, script: ScrollScript)]
    let viewport = Size(width: 375, height: 667)
    let scale = DisplayScale.two

    func run(_ mode: BenchMode, progress: (String) -> Void) throws -> Result {
        let cpuBefore = ResourceUsage.cpuSeconds
        let started = DispatchTime.now().uptimeNanoseconds
        // A fresh session per mode: its own store, caches and pool, as a fresh launch has.
        let session = try TimelineSession(database: database, scale: scale, workers: mode.workers)
        guard let pipeline = session.images else { preconditionFailure("a session without imagesFailed throws instead") }
        var tuning = mode.tuning
        tuning.configuration.animatesUpdates = false  // the live family measures anchoring, not animation
        let engine = session.makeEngine(viewport: viewport, tuning: tuning)
        let display = HeadlessDisplay(engine: engine, hz: hz, pacing: .realTime)
        display.editor = TimelineEditor(source: session.source)
        // Scripts with `find` steps search the store as the window's bar does (no highlight:
        // the benchmark measures the search and the frames around it).
        display.find = ListFind(searcher: FeedStoreSearching(store: session.source.store))
        var firstFrame = Double.infinity
        for _ in 0..<Int(hz * 5) {
            display.step()
            if engine.visibleRowsFullyDrawn {
                firstFrame = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                break
            }
        }
        let scriptsStart = display.frames.count
        for (name, script) in scripts {
            progress("\(mode.rawValue): \(name)")
            display.play(script)
        }
        var result = Result(
            mode: mode, display: display, scriptsStart: scriptsStart, scale: scale, firstFrame: firstFrame,
            cpuBefore: cpuBefore, started: started, images: pipeline.statistics)
        let layouts = session.source.cache.residentLayouts
        result.memory.layoutCache = (layouts.count, layouts.cost)
        return result
    }

    /// The cost of copying one full viewport of pixels: from memory, cache-hot, and after
    /// sleeping one of this run's frame intervals (`CopyFloor`).
    func viewportCopy() -> CopyFloor {
        CopyFloor.measure(bytes: scale.pixels(viewport.width) * scale.pixels(viewport.height) * 4, frameInterval: 1 / hz)
    }

    static func table(_ results: [Result], copyFloor: CopyFloor) -> String {
        func f(_ value: Double) -> String {
            value.isInfinite ? "∞" : String(format: value >= 100 ? "%.0f" : "%.2f", value)
        }
        func column(_ text: String, _ width: Int) -> String {
            text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
        }
        let header = ["mode", "p50", "p90", "p99", "max", "janky", "hitch", "blank", "blank%", "skel%", "kind%", "ph%", "land p50/p95", "img p50/p95", "loads", "first", "lay/s", "ren/s", "cpu s", "rss", "upd", "drift", "broken"]
        let widths = [18, 6, 6, 6, 6, 6, 6, 6, 7, 6, 6, 5, 13, 13, 6, 7, 6, 6, 6, 5, 5, 6, 6]
        var lines = [zip(header, widths).map { column($0, $1) }.joined()]
        for r in results {
            let s = r.summary
            let cells = [
                r.mode.rawValue, f(s.p50), f(s.p90), f(s.p99), f(s.max), "\(s.jankyFrames)", f(s.hitchMillisecondsPerSecond),
                "\(s.blankFrames)", f(s.meanBlankPercent), f(s.meanSkeletonPercent), f(s.meanKindSkeletonPercent), f(s.meanPlaceholderPercent),
                f(s.settleToDrawn(percentile: 0.5)) + "/" + f(s.settleToDrawn(percentile: 0.95)),
                f(s.settleToImages(percentile: 0.5)) + "/" + f(s.settleToImages(percentile: 0.95)), "\(r.imageLoads)",
                f(r.firstFrameMilliseconds),
                String(Int(Double(r.layouts) / r.seconds)), String(Int(Double(r.renders) / r.seconds)), f(r.cpuSeconds),
                String(Int(r.peakResidentMegabytes)), "\(r.report.updates.updatesApplied)",
                f(r.report.updates.anchorDriftMax * r.report.scale), "\(r.report.updates.flingsBrokenByUpdates)",
            ]
            lines.append(zip(cells, widths).map { column($0, $1) }.joined())
        }
        lines.append("main-thread ms per frame (p50/p90/p99/max); janky = frames over \(f(results.first?.summary.budgetMilliseconds ?? 0)) ms; hitch = ms late per s;")
        lines.append("skel% = viewport share in skeletons, of which kind% drawn from the row's kind before its layout; ph% = the generic placeholder tile;")
        lines.append("blank = frames with blank rows; land = ms from each settle until its rows were fully drawn; img = until their images were final too;")
        lines.append("loads = image loads started (the naive pipeline decodes on the main thread, uncounted); first = ms to first fully drawn frame;")
        lines.append("lay/s, ren/s = layouts and full renders committed per second; rss = process peak MB so far (modes run in order);")
        lines.append("upd = updates applied (live scripts); drift = largest anchor-row move an update caused, px; broken = flings an update slowed or stopped.")
        lines.append(
            String(
                format: "one viewport memcpy: %.3f ms from memory, %.3f ms cache-hot, %.3f ms from memory after sleeping a frame",
                copyFloor.fromMemory, copyFloor.cacheHot, copyFloor.afterSleep))
        if let flick = results.first(where: { $0.mode == .flick }) {
            lines.append(
                String(
                    format: "flick p99 = %.1f× the memcpy floor (from memory; %.1f× cache-hot, %.1f× after a frame's sleep), max %.2f ms",
                    flick.summary.p99 / max(copyFloor.fromMemory, 1e-6), flick.summary.p99 / max(copyFloor.cacheHot, 1e-6),
                    flick.summary.p99 / max(copyFloor.afterSleep, 1e-6), flick.summary.max))
            let drawn = flick.report.framebufferFrames
            let draw = FrameReport.spread(drawn.map(\.framebufferMilliseconds))
            let latency = FrameReport.spread(drawn.map(\.framebufferLatencyMilliseconds))
            lines.append(
                String(
                    format: "flick framebuffer, drawn on the compositor's thread (not in the frame's ms): p50 %.3f, p99 %.3f, max %.2f ms (p99 %.1f× the memcpy floor); ready %.3f ms (p99) after hand-over, %d late, %d of %d frames replaced by a newer one",
                    draw["p50"] ?? 0, draw["p99"] ?? 0, draw["max"] ?? 0, (draw["p99"] ?? 0) / max(copyFloor.fromMemory, 1e-6), latency["p99"] ?? 0,
                    flick.report.framebufferLateFrames, flick.report.framebufferReplacedFrames, flick.report.frames.count))
            let idle = FrameReport.spread(flick.report.frames.map(\.idleMilliseconds))
            lines.append(
                String(
                    format: "flick idle-time housekeeping after each frame (not in the frame's ms): p50 %.3f, p99 %.3f, max %.2f ms",
                    idle["p50"] ?? 0, idle["p99"] ?? 0, idle["max"] ?? 0))
            for other in results where other.mode != .flick {
                lines.append(
                    String(
                        format: "%@/flick: p99 %.1f×, max %.1f×, janky %d vs %d", other.mode.rawValue,
                        other.summary.p99 / max(flick.summary.p99, 1e-6), other.summary.max / max(flick.summary.max, 1e-6),
                        other.summary.jankyFrames, flick.summary.jankyFrames))
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension ScrollBenchmark.Result {
    /// What a mode's run shows: the frames of `display` from `scriptsStart` on (the scripts),
    /// its engine's counters, and the process's CPU and memory since `cpuBefore`/`started`.
    /// The one way every scroll benchmark (timeline, live timeline, chat) ends a mode.
    @MainActor
    init<Source>(
        mode: BenchMode, display: HeadlessDisplay<Source>, scriptsStart: Int, scale: DisplayScale, firstFrame: Double,
        cpuBefore: Double, started: UInt64, images: ImagePipelineStatistics
    ) {
        let engine = display.engine
        let counters = engine.counters
        self.init(
            mode: mode,
            report: FrameReport(
                frames: Array(display.frames.dropFirst(scriptsStart)), hz: display.hz,
                settles: display.settles.filter { $0 >= scriptsStart }, updates: engine.updateStatistics, scale: scale.value,
                selection: engine.selectionStatistics, find: display.find?.statistics),
            settles: display.settles, firstFrameMilliseconds: firstFrame, cpuSeconds: ResourceUsage.cpuSeconds - cpuBefore,
            peakResidentMegabytes: ResourceUsage.peakResidentMegabytes, layouts: counters.layouts, renders: counters.renders,
            imageLoads: engine.imageLoadsStarted, imageStatistics: images,
            seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, memory: BenchMemory(engine: engine))
    }
}
