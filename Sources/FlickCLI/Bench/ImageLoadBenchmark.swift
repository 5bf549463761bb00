import Dispatch
import FlickCore
import FlickImage
import FlickRaster
import Foundation

/// Loads 1,000 distinct image files (960 × 720: 70% JPEG, 20% WebP, 10% PNG) through the
/// image pipeline to 180 × 135 pt thumbnails at @2x on a 2-worker pool, sampling resident
/// memory every 2 ms: the pipeline's throughput and how far memory rises above where it
/// started while thousands of bitmaps pass through a 32 MB memory cache.
struct ImageLoadBenchmark {
    static let count = 1_000
    let folder = URL(fileURLWithPath: "out/bench-images-\(ImageLoadBenchmark.count)", isDirectory: true)

    func rows(progress: (String) -> Void) throws -> [MicroBenchmarks.Row] {
        progress("image files (once)")
        let names = try writeFilesOnce()
        progress("image pipeline")
        var configuration = ImagePipeline.Configuration()
        configuration.baseFolder = folder
        let pipeline = try ImagePipeline(configuration: configuration, workers: .ownPool())
        let baseline = ResourceUsage.currentResidentMegabytes
        let peak = LockedBox(baseline)
        let sampling = LockedBox(true)
        let sampler = Thread {
            while sampling.value {
                let now = ResourceUsage.currentResidentMegabytes
                peak.withLock { $0 = max($0, now) }
                usleep(2_000)
            }
        }
        sampler.start()
        let failures = LockedBox(0)
        let group = DispatchGroup()
        let seconds = Stopwatch.seconds {
            for name in names {
                group.enter()
                let request = ImageRequest(url: name, pointSize: Size(width: 180, height: 135), scale: .two)
                let load = pipeline.load(request, priority: .visible) { result in
                    if case .failure = result { failures.withLock { $0 += 1 } }
                    group.leave()
                }
                if case .ready = load { group.leave() }
            }
            group.wait()
        }
        sampling.withLock { $0 = false }
        usleep(5_000)
        let cached = Double(pipeline.memoryCache.totalBytes) / 1_048_576
        guard failures.value == 0 else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(failures.value) bench images failed to load"]) }
        return [
            .init(name: "image pipeline: \(Self.count) files → 360×270 px", flick: Double(Self.count) / seconds, baseline: nil, unit: "/s"),
            .init(name: "  resident memory rise while loading", flick: peak.value - baseline, baseline: nil, unit: "MB"),
            .init(name: "  memory cache at the end (limit 32)", flick: cached, baseline: nil, unit: "MB"),
        ]
    }

    /// Draws and encodes the files the first time; later runs reuse them.
    private func writeFilesOnce() throws -> [String] {
        let names = (0..<Self.count).map { index -> String in
            let format = index % 10 < 7 ? "jpg" : index % 10 < 9 ? "webp" : "png"
            return "i\(index).\(format)"
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var random = SplitMix64(seed: 99)
        for name in names where !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            let canvas = Canvas(pixelSize: PixelSize(width: 960, height: 720), scale: .one)
            canvas.fill(canvas.bounds, Color(hex: UInt32(random.int(in: 0...0xFFFFFF))))
            for _ in 0..<6 {
                let rect = Rect(x: random.unit() * 800, y: random.unit() * 600, width: 160, height: 120)
                canvas.fillEllipse(in: rect, Color(hex: UInt32(random.int(in: 0...0xFFFFFF)), alpha: 0.8))
            }
            let format: ImageFormat = name.hasSuffix("jpg") ? .jpeg : name.hasSuffix("webp") ? .webp : .png
            let bytes = try ImageEncoder.encode(canvas.makeBitmap(), as: format, quality: 80)
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        return names
    }
}
