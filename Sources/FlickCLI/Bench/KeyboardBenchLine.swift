import Foundation

/// `flick bench --keyboard`'s result: the keyboard script's frames beside the standard
/// scripts' on the same feed, with the selection's cost (rasters it caused, which must be 0).
struct KeyboardBenchLine {
    let keyboard: FrameReport
    let standard: FrameReport
    let posts: Int
    let hz: Double

    var text: String {
        let ratio = standard.summary.p99 > 0 ? keyboard.summary.p99 / standard.summary.p99 : 0
        return String(
            format: "keyboard script on %d posts at %g Hz: %d frames, main thread p99 %.2f ms vs the standard scripts' %.2f ms (%.2f×); frames over budget %d; frames with blank rows %d; rows selected at the end %d; rasters caused by selection %d",
            posts, hz, keyboard.summary.frameCount, keyboard.summary.p99, standard.summary.p99, ratio, keyboard.summary.jankyFrames,
            keyboard.summary.blankFrames, keyboard.selection.selectedCount, keyboard.selection.rastersCausedBySelection)
    }

    var jsonObject: [String: Any] {
        [
            "posts": posts, "hz": hz, "frames": keyboard.summary.frameCount,
            "mainThreadMs": ["p50": keyboard.summary.p50, "p99": keyboard.summary.p99, "max": keyboard.summary.max],
            "standardScriptsP99Ms": standard.summary.p99,
            "p99RatioToStandard": standard.summary.p99 > 0 ? keyboard.summary.p99 / standard.summary.p99 : 0,
            "framesOverBudget": keyboard.summary.jankyFrames, "blankFrames": keyboard.summary.blankFrames,
            "selectedCount": keyboard.selection.selectedCount, "focusedItem": keyboard.selection.focusedItem ?? NSNull(),
            "rastersCausedBySelection": keyboard.selection.rastersCausedBySelection,
        ]
    }
}
