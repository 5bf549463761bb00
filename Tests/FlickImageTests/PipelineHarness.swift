import FlickCore
import FlickRaster
import Foundation
@testable import FlickImage

/// Loads through a pipeline and waits for the outcome (tests only: blocks the calling thread).
struct PipelineHarness {
    let pipeline: ImagePipeline

    init(_ configure: (inout ImagePipeline.Configuration) -> Void = { _ in }) throws {
        var configuration = ImagePipeline.Configuration()
        configuration.baseFolder = ImageTestServer.shared.folder
        configuration.idleTimeout = 1
        configuration.totalTimeout = 3
        configure(&configuration)
        pipeline = try ImagePipeline(configuration: configuration)
    }

    /// The result of loading `url` at `points` × `scale`, or nil if nothing came within `timeout`.
    func load(
        _ url: String, points: Size = Size(width: 120, height: 120), scale: DisplayScale = DisplayScale(2),
        processors: [ImageProcessor] = [], priority: ImagePriority = .visible, timeout: Double = 10
    ) -> Result<Bitmap, ImageLoadError>? {
        let request = ImageRequest(url: url, pointSize: points, scale: scale, processors: processors)
        let box = ResultBox()
        switch pipeline.load(request, priority: priority, completion: { box.set($0) }) {
        case .ready(let bitmap, _): return .success(bitmap)
        case .pending: return box.wait(timeout: timeout)
        }
    }
}

/// A result delivered on another thread, waited for with a timeout.
final class ResultBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<Bitmap, ImageLoadError>?
    private(set) var calls = 0

    func set(_ value: Result<Bitmap, ImageLoadError>) {
        condition.lock()
        result = value
        calls += 1
        condition.broadcast()
        condition.unlock()
    }

    func wait(timeout: Double) -> Result<Bitmap, ImageLoadError>? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while result == nil, condition.wait(until: deadline) {}
        return result
    }

    var value: Result<Bitmap, ImageLoadError>? {
        condition.lock()
        defer { condition.unlock() }
        return result
    }
}

extension Result<Bitmap, ImageLoadError> {
    var bitmap: Bitmap? {
        if case .success(let bitmap) = self { return bitmap }
        return nil
    }

    var reason: ImageLoadError.Reason? {
        if case .failure(let error) = self { return error.reason }
        return nil
    }
}
