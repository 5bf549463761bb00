import FlickCore
import FlickRaster
import Foundation
import Testing
@testable import FlickImage

/// Loads through a pipeline and waits for the outcome (tests only: blocks the calling thread).
struct PipelineHarness {
    let pipeline: ImagePipeline

    /// A pipeline on the test server's folder with short timeouts; `clock` replaces the
    /// system uptime when given (see `ManualClock`).
    init(clock: ManualClock? = nil, _ configure: (inout ImagePipeline.Configuration) -> Void = { _ in }) throws {
        var configuration = ImagePipeline.Configuration()
        configuration.baseFolder = ImageTestServer.shared.folder
        configuration.idleTimeout = 1
        configuration.totalTimeout = 3
        configure(&configuration)
        if let clock {
            pipeline = try ImagePipeline(configuration: configuration, workers: .ownPool(), clock: { clock.nanoseconds })
        } else {
            pipeline = try ImagePipeline(configuration: configuration)
        }
    }

    /// The result of loading `url` at `points` × `scale`, or nil if nothing came within `timeout`.
    func load(
        _ url: String, points: Size = Size(width: 120, height: 120), scale: DisplayScale = DisplayScale(2),
        processors: [ImageProcessor] = [], priority: ImagePriority = .visible, timeout: Double = 10
    ) -> Result<CachedImage, ImageLoadError>? {
        let request = ImageRequest(url: url, pointSize: points, scale: scale, processors: processors)
        return start(request, priority: priority).wait(timeout: timeout)
    }

    /// Starts loading `request`; its result (a memory hit at once) lands in the returned box.
    func start(_ request: ImageRequest, priority: ImagePriority = .visible) -> ResultBox {
        let box = ResultBox()
        if case .ready(let bitmap, let isOpaque) = pipeline.load(request, priority: priority, completion: { box.set($0) }) {
            box.set(.success(CachedImage(bitmap: bitmap, isOpaque: isOpaque)))
        }
        return box
    }

    /// Starts loading `request`, which must not be a memory hit: its ticket and result box, or
    /// nil (with an issue recorded) when it was ready at once.
    func startPending(
        _ request: ImageRequest, priority: ImagePriority = .visible, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (ticket: ImageTicket, box: ResultBox)? {
        let box = ResultBox()
        guard case .pending(let ticket) = pipeline.load(request, priority: priority, completion: { box.set($0) }) else {
            Issue.record("\(request.url) was ready at once", sourceLocation: sourceLocation)
            return nil
        }
        return (ticket, box)
    }

    /// Waits (polling) until `condition` on the pipeline's statistics holds; false if it did
    /// not within `timeout` seconds. For ordering steps on what the pipeline did, not on time.
    func waitUntil(timeout: Double = 10, _ condition: (ImagePipelineStatistics) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(pipeline.statistics) {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }
}

/// A clock the test moves by hand (uptime in nanoseconds), so time-based rules such as
/// `failureRetryInterval` are crossed without sleeping. Any thread.
final class ManualClock: Sendable {
    private let now = LockedBox<UInt64>(1_000_000_000)

    var nanoseconds: UInt64 { now.value }

    func advance(seconds: Double) {
        now.withLock { $0 += UInt64(seconds * 1e9) }
    }
}

/// A result delivered on another thread, waited for with a timeout.
final class ResultBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<CachedImage, ImageLoadError>?
    private var callCount = 0

    func set(_ value: Result<CachedImage, ImageLoadError>) {
        condition.lock()
        result = value
        callCount += 1
        condition.broadcast()
        condition.unlock()
    }

    func wait(timeout: Double) -> Result<CachedImage, ImageLoadError>? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while result == nil, condition.wait(until: deadline) {}
        return result
    }

    /// How many times the completion ran.
    var calls: Int {
        condition.lock()
        defer { condition.unlock() }
        return callCount
    }

    var value: Result<CachedImage, ImageLoadError>? {
        condition.lock()
        defer { condition.unlock() }
        return result
    }
}

extension Result<CachedImage, ImageLoadError> {
    var bitmap: Bitmap? {
        if case .success(let image) = self { return image.bitmap }
        return nil
    }

    /// The opacity the pipeline delivered with the bitmap.
    var isOpaque: Bool? {
        if case .success(let image) = self { return image.isOpaque }
        return nil
    }

    var reason: ImageLoadError.Reason? {
        if case .failure(let error) = self { return error.reason }
        return nil
    }
}
