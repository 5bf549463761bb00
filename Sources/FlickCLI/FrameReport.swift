import FlickList
import Foundation

/// A run's frames as the command line reports them: one summary line and a JSON document.
struct FrameReport {
    let frames: [FrameStats]
    let summary: RunSummary
    /// What updates did to the reader's place, and the display scale that turns points into
    /// pixels for `anchorDriftMaxPx`.
    let updates: UpdateStatistics
    let scale: Double
    /// Focus and selection at the end of the run.
    let selection: SelectionStatistics
    /// The run's last find query, when it had a find (`find` steps).
    let find: FindStatistics?

    init(
        frames: [FrameStats], hz: Double, settles: [Int] = [], updates: UpdateStatistics = UpdateStatistics(), scale: Double = 1,
        selection: SelectionStatistics = SelectionStatistics(), find: FindStatistics? = nil
    ) {
        self.frames = frames
        summary = RunSummary(frames: frames, hz: hz, settles: settles)
        self.updates = updates
        self.scale = scale
        self.selection = selection
        self.find = find
    }

    var text: String {
        String(
            format: "%d frames; main thread p50 %.2f ms, p99 %.2f ms, max %.2f ms; janky frames: %d; frames with blank rows: %d; mean skeleton area %.1f%% (kind skeletons %.1f%%), placeholder area %.1f%%",
            summary.frameCount, summary.p50, summary.p99, summary.max, summary.jankyFrames, summary.blankFrames,
            summary.meanSkeletonPercent, summary.meanKindSkeletonPercent, summary.meanPlaceholderPercent)
    }

    var jsonObject: [String: Any] {
        [
            "frames": summary.frameCount,
            "budgetMs": summary.budgetMilliseconds,
            "mainThreadMs": ["p50": summary.p50, "p90": summary.p90, "p99": summary.p99, "max": summary.max],
            "idleMs": Self.spread(frames.map(\.idleMilliseconds)),
            "framebufferMs": Self.spread(framebufferFrames.map(\.framebufferMilliseconds)),
            "framebufferLatencyMs": Self.spread(framebufferFrames.map(\.framebufferLatencyMilliseconds)),
            "framebufferReplacedFrames": framebufferReplacedFrames,
            "framebufferLateFrames": framebufferLateFrames,
            "jankyFrames": summary.jankyFrames,
            "jankyPercent": summary.jankyPercent,
            "hitchMsPerSecond": summary.hitchMillisecondsPerSecond,
            "blankFrames": summary.blankFrames,
            "meanBlankPercent": summary.meanBlankPercent,
            "meanSkeletonPercent": summary.meanSkeletonPercent,
            "meanKindSkeletonPercent": summary.meanKindSkeletonPercent,
            "meanPlaceholderPercent": summary.meanPlaceholderPercent,
            "settleToDrawnMs": summary.settleToDrawnMilliseconds.map { $0 ?? -1 },
            "settleToImagesMs": summary.settleToImagesMilliseconds.map { $0 ?? -1 },
            "updatesApplied": updates.updatesApplied,
            "anchorDriftMaxPx": updates.anchorDriftMax * scale,
            "flingsBrokenByUpdates": updates.flingsBrokenByUpdates,
            "anchoredUpdates": updates.anchoredUpdates,
            "focusedItem": selection.focusedItem ?? NSNull(),
            "selectedCount": selection.selectedCount,
            "rastersCausedBySelection": selection.rastersCausedBySelection,
            "findMatches": find?.matches ?? NSNull(),
            "findFirstResultMs": find?.firstResultMilliseconds ?? NSNull(),
            "findCountMs": find?.countMilliseconds ?? NSNull(),
            "perFrame": frames.map {
                ["ms": $0.mainThreadMilliseconds, "commitMs": $0.commitMilliseconds, "scheduleMs": $0.scheduleMilliseconds,
                 "composeMs": $0.composeMilliseconds, "idleMs": $0.idleMilliseconds, "framebufferMs": $0.framebufferMilliseconds, "offset": $0.offset, "full": $0.rowsFull, "skeleton": $0.rowsSkeleton, "kindSkeleton": $0.rowsKindSkeleton,
                 "placeholder": $0.rowsPlaceholder, "blank": $0.rowsBlank]
            },
        ]
    }

    /// Frames the compositor's thread drew into the headless framebuffer (none for a window).
    var framebufferFrames: [FrameStats] { frames.filter { $0.framebufferLatencyMilliseconds > 0 } }

    /// Frames a newer one replaced before the compositor's thread drew them.
    var framebufferReplacedFrames: Int { frames.count { $0.framebufferReplaced } }

    /// Frames drawn into the framebuffer more than one frame interval after their hand-over:
    /// a display would have shown them late.
    var framebufferLateFrames: Int {
        framebufferFrames.count { $0.framebufferLatencyMilliseconds > summary.budgetMilliseconds }
    }

    /// p50, p99 and max of `values`, milliseconds (all 0 for no frames).
    static func spread(_ values: [Double]) -> [String: Double] {
        let sorted = values.sorted()
        return [
            "p50": RunSummary.percentile(0.5, ofSorted: sorted), "p99": RunSummary.percentile(0.99, ofSorted: sorted),
            "max": sorted.last ?? 0,
        ]
    }

    func json() throws -> Data {
        try JSONSerialization.data(withJSONObject: jsonObject, options: [.sortedKeys])
    }
}
