import FlickList
import Foundation

/// A summary of a run's frames: main-thread time percentiles, blank and skeleton frames.
struct FrameReport {
    let frames: [FrameStats]

    var mainThread: [Double] { frames.map(\.mainThreadMilliseconds).sorted() }

    func percentile(_ p: Double) -> Double {
        let sorted = mainThread
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
    }

    var blankFrames: Int { frames.filter { $0.rowsBlank > 0 }.count }
    var skeletonFrames: Int { frames.filter { $0.rowsSkeleton > 0 }.count }
    var meanSkeletonPercent: Double {
        frames.isEmpty ? 0 : frames.map(\.skeletonFraction).reduce(0, +) / Double(frames.count) * 100
    }

    var text: String {
        String(
            format: "%d frames; main thread p50 %.2f ms, p99 %.2f ms, max %.2f ms; frames with blank rows: %d; frames with skeletons: %d (mean skeleton area %.1f%%)",
            frames.count, percentile(0.5), percentile(0.99), mainThread.last ?? 0, blankFrames, skeletonFrames, meanSkeletonPercent)
    }

    func json() throws -> Data {
        let object: [String: Any] = [
            "frames": frames.count,
            "mainThreadMs": ["p50": percentile(0.5), "p90": percentile(0.9), "p99": percentile(0.99), "max": mainThread.last ?? 0],
            "blankFrames": blankFrames,
            "skeletonFrames": skeletonFrames,
            "meanSkeletonPercent": meanSkeletonPercent,
            "perFrame": frames.map { ["ms": $0.mainThreadMilliseconds, "offset": $0.offset, "full": $0.rowsFull, "skeleton": $0.rowsSkeleton, "blank": $0.rowsBlank] },
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}
