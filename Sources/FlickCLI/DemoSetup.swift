import ArgumentParser
import FlickCore
import FlickImage
import FlickList
import FlickRaster
import FlickText
import FlickTimeline
import FlickWindow
import Foundation

/// What both demo paths (window and headless) share: the feed, the data source, the image
/// pipeline, the script, and how an engine is built. Main thread.
@MainActor
struct DemoSetup {
    let database: String
    let source: TimelineDataSource
    let images: ImagePipeline?
    /// The workers every engine of this demo uses: cells on the upper lanes, image decoding on
    /// the utility lane of the same queues (one pool sized to the cores).
    let pool: QueuePool<TextContext?>
    let script: WindowScript?
    let scale: DisplayScale
    let placeholder: Bitmap

    init(options: Demo) throws {
        database = try FeedDatabase(given: options.feed, defaultFolder: "out/demo-feed", posts: options.posts, withImages: true).path()
        let store = try FeedStore(path: database, configuration: .viewing)
        source = try TimelineDataSource(store: store)
        scale = DisplayScale(options.scale)
        placeholder = source.placeholderTile(width: options.width, scale: scale)
        script = try options.script.map(Self.loadScript)
        var imageConfiguration = ImagePipeline.Configuration()
        imageConfiguration.baseFolder = URL(fileURLWithPath: database).deletingLastPathComponent()
        let workerSource = source
        pool = QueuePool(label: "flick.list") { _ in workerSource.makeWorkerContext() }
        do {
            images = try ImagePipeline(configuration: imageConfiguration, workers: ImageWorkers(pool: pool))
        } catch {
            FileHandle.standardError.write(Data("flick demo: images off: \(error)\n".utf8))
            images = nil
        }
    }

    /// A script file, or the name of a built-in script (`demo`, `flings`, `constant-speed`,
    /// `scroll-to-top`, `jump-storm`).
    static func loadScript(_ name: String) throws -> WindowScript {
        let text: String
        if FileManager.default.fileExists(atPath: name) {
            text = try String(contentsOfFile: name, encoding: .utf8)
        } else if let builtIn = (StandardScripts.all + [("demo", StandardScripts.demo)]).first(where: { $0.name == name }) {
            text = builtIn.text
        } else {
            throw ValidationError("no script file \(name) (built-in scripts: demo, \(StandardScripts.all.map(\.name).joined(separator: ", ")))")
        }
        do {
            return try WindowScript(parsing: text)
        } catch {
            throw ValidationError("\(name): \(error)")
        }
    }

    /// An engine over the feed for `viewport` and `pipeline`, sharing `pool` (worker font maps)
    /// and the image pipeline (its caches) across rebuilds.
    func makeEngine(viewport: Size, pipeline: PipelineKind, pool: QueuePool<TextContext?>?) -> ListEngine<TimelineDataSource> {
        var source = source
        var configuration = ListEngine<TimelineDataSource>.Configuration()
        if pipeline == .naive {
            configuration = .naive
            source.cachesLayouts = false
        }
        return ListEngine(
            source: source, viewport: viewport, scale: scale, placeholder: placeholder, pool: pool ?? self.pool,
            configuration: configuration, imagePipeline: images)
    }
}
