import FlickCore
import FlickList
import FlickTimeline

/// A pipeline the scroll benchmark runs: Flick, the naive baseline, or Flick with one
/// technique turned off (an ablation), to show what each technique is worth.
enum BenchMode: String, CaseIterable {
    case flick
    case naive
    /// Every appearance lays out again (no height/layout cache).
    case noLayoutCache = "no-layout-cache"
    /// Raster on the main thread (layout cache kept): VVebo without its async drawing.
    case noAsyncRaster = "no-async-raster"
    /// Rows are drawn in viewport order during flings (no landing-zone rule).
    case noFastFling = "no-fast-fling"
    /// No skeletons or placeholders: rows not drawn yet are blank (VVebo's behaviour).
    case noSkeletons = "no-skeletons"
    /// Sixteen queues per lane at normal priority instead of one per core at lowered
    /// priority: close to a global concurrent queue that spawns a thread per blocked task.
    case noQueuePool = "no-queue-pool"
    /// Images load for every row in range during fast flings, not just the landing zone.
    case noImageDeferral = "no-image-deferral"

    /// The engine tuning for this mode (the naive one is `EngineTuning.naive`, the demo's).
    var tuning: EngineTuning {
        var tuning = EngineTuning.flick
        switch self {
        case .flick, .noQueuePool: break
        case .naive: tuning = .naive
        case .noLayoutCache: tuning.cachesLayouts = false
        case .noAsyncRaster: tuning.configuration = .naive
        case .noFastFling: tuning.configuration.fastFling = false
        case .noSkeletons: tuning.configuration.skeletons = false
        case .noImageDeferral: tuning.configuration.defersImagesDuringFling = false
        }
        return tuning
    }

    /// The worker pool this mode runs on.
    var workers: TimelineSession.Workers { self == .noQueuePool ? .wide : .perCore }
}
