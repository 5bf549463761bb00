import FlickCore
import FlickImage
import FlickList
import FlickRaster
import FlickTimeline
import FlickWindow
import Foundation

/// How an engine over the timeline is tuned: the engine's configuration and whether the data
/// source caches layouts. `.naive` is the one definition of the naive pipeline, used by the
/// demo (start option and the P key) and by the benchmark's naive mode. Plain value.
struct EngineTuning {
    var configuration = ListEngine<TimelineDataSource>.Configuration()
    var cachesLayouts = true

    /// Flick as shipped: layout and raster on the pool, with every cache.
    static var flick: EngineTuning { EngineTuning() }
    /// Layout and raster on the main thread, no layout or height cache: the baseline.
    static var naive: EngineTuning { EngineTuning(configuration: .naive, cachesLayouts: false) }

    init(configuration: ListEngine<TimelineDataSource>.Configuration = .init(), cachesLayouts: Bool = true) {
        self.configuration = configuration
        self.cachesLayouts = cachesLayouts
    }

    init(_ pipeline: PipelineKind) {
        self = pipeline == .naive ? .naive : .flick
    }
}

/// A feed opened for scrolling the way the demo and the benchmark open it: the store, the
/// data source over it, one worker pool, and the image pipeline on that pool's utility lane.
/// Every engine made here shares the pool (worker font maps survive rebuilds) and the image
/// pipeline (its caches). Main thread: it makes main-actor engines.
@MainActor
struct TimelineSession {
    /// The shape of the worker pool.
    enum Workers {
        /// One queue per core per lane at lowered priority: Flick's pool.
        case perCore
        /// Sixteen queues per lane at normal priority: close to a global concurrent queue that
        /// spawns a thread per blocked task (the benchmark's no-queue-pool ablation).
        case wide
    }

    let database: String
    let source: TimelineDataSource
    let pool: QueuePool<TimelineDataSource.WorkerContext>
    /// `nil` when the pipeline could not start and the caller chose to go on without images.
    let images: ImagePipeline?
    let scale: DisplayScale

    /// Opens `database` (a feed.sqlite; its images are looked up beside it).
    /// - Parameter imagesFailed: called when the image pipeline cannot start, and the session
    ///   goes on without images; `nil` (the default) throws the failure instead.
    /// - Parameter configureImages: changes to the image pipeline's configuration (a live
    ///   timeline's disk cache and its server's host).
    init(
        database: String, scale: DisplayScale, workers: Workers = .perCore,
        configureImages: (inout ImagePipeline.Configuration) -> Void = { _ in },
        imagesFailed: ((any Error) -> Void)? = nil
    ) throws {
        self.database = database
        self.scale = scale
        source = try TimelineDataSource(store: try FeedStore(path: database, configuration: .viewing))
        let workerSource = source
        switch workers {
        case .perCore:
            pool = QueuePool(label: "flick.list") { _ in workerSource.makeWorkerContext() }
        case .wide:
            pool = QueuePool(queuesPerLane: 16, label: "flick.bench.wide", workerNice: 0) { _ in workerSource.makeWorkerContext() }
        }
        var imageConfiguration = ImagePipeline.Configuration()
        imageConfiguration.baseFolder = URL(fileURLWithPath: database).deletingLastPathComponent()
        configureImages(&imageConfiguration)
        do {
            images = try ImagePipeline(configuration: imageConfiguration, workers: ImageWorkers(pool: pool))
        } catch {
            guard let imagesFailed else { throw error }
            imagesFailed(error)
            images = nil
        }
    }

    /// The tile shown for rows with no layout yet, for a viewport `width` points wide.
    func placeholder(width: Double) -> Bitmap {
        source.placeholderTile(width: width, scale: scale)
    }

    /// An engine over the feed for `viewport`, tuned by `tuning`, on the session's pool and
    /// image pipeline; at `scale` when given (a GTK window's scale factor), else the session's.
    func makeEngine(viewport: Size, tuning: EngineTuning, placeholder: Bitmap, scale: DisplayScale? = nil) -> ListEngine<TimelineDataSource> {
        var source = source
        source.cachesLayouts = tuning.cachesLayouts
        return ListEngine(
            source: source, viewport: viewport, scale: scale ?? self.scale, placeholder: placeholder, pool: pool,
            configuration: tuning.configuration, imagePipeline: images)
    }
}
