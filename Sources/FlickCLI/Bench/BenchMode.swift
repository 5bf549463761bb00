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

    static let standard: [BenchMode] = [.flick, .naive]

    /// The engine configuration, pool and source tweak for this mode.
    func configure(_ source: inout TimelineDataSource) -> (ListEngine<TimelineDataSource>.Configuration, QueuePool<TextContextBox>?) {
        var configuration = ListEngine<TimelineDataSource>.Configuration()
        switch self {
        case .flick:
            break
        case .naive:
            source.cachesLayouts = false
            configuration = .naive
        case .noLayoutCache:
            source.cachesLayouts = false
        case .noAsyncRaster:
            configuration = .naive
        case .noFastFling:
            configuration.fastFling = false
        case .noSkeletons:
            configuration.skeletons = false
        case .noImageDeferral:
            configuration.defersImagesDuringFling = false
        case .noQueuePool:
            let copy = source
            return (configuration, QueuePool(queuesPerLane: 16, label: "flick.bench.wide", workerNice: 0) { _ in copy.makeWorkerContext() })
        }
        return (configuration, nil)
    }
}

typealias TextContextBox = TimelineDataSource.WorkerContext
