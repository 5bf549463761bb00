import Flick
import FlickCore
import FlickList
import FlickRaster
@testable import FlickTimeline
import Foundation
import Testing

/// The real engine over a generated feed in a real SQLite store, with real workers, replaying
/// the standard scripts on a 120 Hz display clock.
@Suite("Timeline list end to end", .serialized)
@MainActor
struct TimelineListEndToEndTests {
    static func makeEngine(posts: Int, folderName: String) throws -> (ListEngine<CellSource<String>>, URL) {
        let folder = GeneratorTests.temporaryFolder(folderName)
        _ = try FeedGeneration(posts: posts, seed: 21, folder: folder, pool: ImagePoolGenerator.plannedPool, writeJSON: false).run()
        let store = try FeedStore(path: folder.appendingPathComponent("feed.sqlite").path)
        let engine = try TimelinePages(store: store).makeEngine()
        return (engine, folder)
    }

    /// Lockstep pacing: workers finish what each frame queued before the next frame, so the
    /// run is the same on any machine and nothing sleeps. What a real frame budget gives is
    /// measured by `flick bench`, not asserted here.
    @Test func standardScriptsNeverShowABlankRowAndLandOnDrawnRows() throws {
        let (engine, folder) = try Self.makeEngine(posts: 3_000, folderName: "e2e")
        defer { try? FileManager.default.removeItem(at: folder) }
        let display = HeadlessDisplay(engine: engine, hz: 120, pacing: .lockstep)
        display.editor = TimelineEditor(source: engine.source.timeline)  // the live scripts insert and delete posts
        var previousVisible = Set<Int>()
        var placeholderRows = 0
        var offsets: [String: Set<Double>] = [:]
        for (name, text) in StandardScripts.all(rowCount: engine.source.rowCount) {
            display.play(try ScrollScript(parsing: text)) { stats in
                offsets[name, default: []].insert(stats.offset)
                // Rows with no layout yet: the generic tile, or (now) their kind's skeleton.
                let unlaid = Set(engine.compositor.kindSkeletonRows.map(\.row))
                for (row, content) in engine.lastContents where content == .placeholder || unlaid.contains(row) {
                    placeholderRows += 1
                    #expect(!previousVisible.contains(row), "\(name): row \(row) still without a layout at frame \(stats.index), a frame after it came on screen")
                }
                #expect(stats.placeholderPixels == 0, "\(name): the generic tile at frame \(stats.index): \(engine.lastContents.filter { $0.content == .placeholder }.map(\.row))")
                previousVisible = Set(engine.lastContents.map(\.row))
            }
            #expect(display.frames.allSatisfy { $0.rowsBlank == 0 && $0.blankPixels == 0 }, "\(name): blank rows")
        }
        #expect(placeholderRows > 0, "flings brought rows on screen before their layout: the check above was exercised")
        #expect((offsets["jump-storm"]?.count ?? 0) >= 20, "the jumps land on different rows of this feed")
        #expect(display.frames.count > 500)
        #expect(display.frames.last!.rowsFull > 0)
        #expect(display.frames.contains { $0.offset > 20_000 }, "the flings travelled")
        let delays = RunSummary(frames: display.frames, hz: 120, settles: display.settles).settleToDrawnMilliseconds
        #expect(delays.count >= 3)
        let twoFrames = 2 * 1000 / 120.0
        #expect(delays.allSatisfy { ($0 ?? .infinity) <= twoFrames }, "landing rows fully drawn within 2 frames of settling: \(delays) ms")
        #expect(engine.counters.layouts > 50)
        let reads = engine.source.timeline.rows.stats
        #expect(reads.directReads * 4 < engine.counters.layouts, "most layouts find their post in memory, few read the store: \(reads), \(engine.counters.layouts) layouts")
        let updates = engine.updateStatistics
        #expect(updates.updatesApplied > 50, "the live scripts changed the feed: \(updates)")
        #expect(updates.anchoredUpdates > 50, "the drift check ran on the updates: \(updates)")
        #expect(updates.anchorDriftMax <= 0.5, "what the reader reads never moved: \(updates)")
        #expect(updates.flingsBrokenByUpdates == 0)
        #expect(engine.source.rowCount > 3_000, "posts arrived on top")
    }

    @Test func withoutSkeletonsFastFlingsShowBlankRows() throws {
        let (engine, folder) = try Self.makeEngine(posts: 3_000, folderName: "e2e-blank")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = ListEngine<CellSource<String>>.Configuration()
        configuration.skeletons = false
        let blankEngine = ListEngine(
            source: engine.source, viewport: Size(width: 375, height: 667), scale: .two, placeholder: nil,
            configuration: configuration)
        let display = HeadlessDisplay(engine: blankEngine, hz: 120, pacing: .lockstep)
        display.play(try ScrollScript(parsing: "fling 25000\nsettle"))
        #expect(display.frames.contains { $0.rowsBlank > 0 }, "VVebo's flaw, reproduced when skeletons are off")
    }
}
