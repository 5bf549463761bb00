import Flick
import FlickCore
import FlickImage
import FlickList
import FlickLive
import FlickTimeline
import Foundation

/// A live timeline over a cache store, run frame by frame on a simulated 120 Hz clock with
/// the workers and the client's requests finished between frames (lockstep).
@MainActor
final class LiveHarness {
    static let frameTime = 1.0 / 120
    let store: FeedStore
    let engine: ListEngine<CellSource<String>>
    let pages: TimelinePages
    let live: LiveTimeline
    private(set) var time = 0.0

    /// - Parameter images: an image pipeline for the posts' pictures (nil: none).
    init(
        cache: FeedStore, source: URL?, images: ImagePipeline? = nil,
        configure: (inout LiveTimeline.Configuration) -> Void = { _ in }
    ) throws {
        store = cache
        pages = try TimelinePages(store: cache)
        var list = CellList<String>.Configuration.timeline
        list.engine.animatesUpdates = false
        list.scale = .one
        engine = pages.makeList(configuration: list, images: images).engine
        var configuration = LiveTimeline.Configuration()
        configuration.pollInterval = 0
        configuration.refreshesOnOpen = false
        configure(&configuration)
        live = LiveTimeline(
            engine: engine, pages: pages, client: FeedClient(store: cache, source: source, fetcher: .patient), pagingState: try cache.pagingState(),
            configuration: configuration)
    }

    /// Runs `frames` frames, finishing requests and worker results before each.
    func step(_ frames: Int = 1) {
        for _ in 0..<frames {
            live.waitForRequests()
            engine.waitForWorkers()
            engine.frame(at: time)
            time += Self.frameTime
        }
    }

    /// Steps until `done` or `limit` frames.
    func step(until done: () -> Bool, limit: Int = 600) {
        var count = 0
        while !done(), count < limit {
            step()
            count += 1
        }
    }

    /// Screen y of the row showing the post `id`, if it is in memory.
    func screenY(ofPost id: String) -> Double? {
        guard let row = pages.rows.row(ofPostID: id, among: 0..<pages.rowCount) else { return nil }
        return engine.heights.offset(ofRow: row) - engine.contentOffset
    }

    /// The post at the top of the viewport.
    var topPost: Post? {
        pages.rows.post(atRow: engine.heights.row(atOffset: max(0, engine.contentOffset)))
    }

    func layer(_ placement: ListAccessory.Placement) -> DisplayLayer? {
        engine.compositor.layers.first { $0.role == .accessory(placement) }
    }

    /// Pulls down from near the top by `distance` points of finger travel over 0.5 s, holding.
    func pull(by distance: Double) {
        engine.beginDrag(at: 100, time: time)
        for index in 1...60 {
            engine.drag(to: 100 + distance * Double(index) / 60, time: time)
            step()
        }
    }

    func release() {
        engine.endDrag(time: time)
        step()
    }
}
