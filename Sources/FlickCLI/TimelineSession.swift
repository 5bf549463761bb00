import Flick
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
    var configuration = CellList<String>.Configuration.timeline.engine
    var cachesLayouts = true

    /// Flick as shipped: layout and raster on the pool, with every cache.
    static var flick: EngineTuning { EngineTuning() }
    /// Layout and raster on the main thread, no layout or height cache: the baseline (keys and
    /// selection as the timeline's, so an A/B differs only in drawing).
    static var naive: EngineTuning {
        var configuration = ListEngine<CellSource<String>>.Configuration.naive
        configuration.navigation = .feed
        configuration.selectionMode = .multiple
        return EngineTuning(configuration: configuration, cachesLayouts: false)
    }

    init(configuration: ListEngine<CellSource<String>>.Configuration = CellList<String>.Configuration.timeline.engine, cachesLayouts: Bool = true) {
        self.configuration = configuration
        self.cachesLayouts = cachesLayouts
    }

    init(_ pipeline: PipelineKind) {
        self = pipeline == .naive ? .naive : .flick
    }
}

/// A feed opened for scrolling the way the demo and the benchmark open it: the store, the
/// timeline's pages over it, one worker pool, the image pipeline on that pool's utility lane,
/// and the `CellList` over the pages (the front door every client uses). Every engine made here
/// is the list's, on the shared pool (worker font maps survive rebuilds) and image pipeline
/// (its caches). Main thread: it makes main-actor engines.
@MainActor
final class TimelineSession {
    /// The shape of the worker pool.
    enum Workers {
        /// One queue per core per lane at lowered priority: Flick's pool.
        case perCore
        /// Sixteen queues per lane at normal priority: close to a global concurrent queue that
        /// spawns a thread per blocked task (the benchmark's no-queue-pool ablation).
        case wide
    }

    let database: String
    /// The timeline's pages: the list's rows.
    let source: TimelinePages
    let pool: QueuePool<CellSource<String>.WorkerContext>
    /// `nil` when the pipeline could not start and the caller chose to go on without images.
    let images: ImagePipeline?
    let scale: DisplayScale
    /// The list over `source`, made with the first engine (at its viewport).
    private(set) var list: CellList<String>?

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
        source = try TimelinePages(store: try FeedStore(path: database, configuration: .viewing))
        switch workers {
        case .perCore:
            pool = QueuePool(label: "flick.list") { _ in TextContext.forWorker() }
        case .wide:
            pool = QueuePool(queuesPerLane: 16, label: "flick.bench.wide", workerNice: 0) { _ in TextContext.forWorker() }
        }
        var imageConfiguration = ImagePipeline.Configuration()
        imageConfiguration.baseFolder = URL(fileURLWithPath: database).deletingLastPathComponent()
        // Processed images are display pixels: the default is made for @2x, a quarter of it
        // holds as many images at 1×.
        imageConfiguration.memoryLimit = Int(Double(imageConfiguration.memoryLimit) * min(1, scale.value * scale.value / 4))
        configureImages(&imageConfiguration)
        do {
            images = try ImagePipeline(configuration: imageConfiguration, workers: ImageWorkers(pool: pool))
        } catch {
            guard let imagesFailed else { throw error }
            imagesFailed(error)
            images = nil
        }
    }

    /// An engine over the feed for `viewport`, tuned by `tuning`, on the session's pool and
    /// image pipeline; at `scale` when given (a GTK window's scale factor), else the session's.
    /// The first call makes the list; later ones rebuild its engine.
    func makeEngine(viewport: Size, tuning: EngineTuning, scale: DisplayScale? = nil) -> ListEngine<CellSource<String>> {
        source.drawing.cachesLayouts = tuning.cachesLayouts
        if let list { return list.rebuild(viewport: viewport, engine: tuning.configuration, scale: scale) }
        var configuration = CellList<String>.Configuration()
        configuration.viewport = viewport
        configuration.scale = scale ?? self.scale
        configuration.engine = tuning.configuration
        let list = source.makeList(configuration: configuration, images: images, pool: pool)
        self.list = list
        return list.engine
    }
}
