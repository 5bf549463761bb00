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
    static func makeEngine(posts: Int, folderName: String) throws -> (ListEngine<TimelineDataSource>, URL) {
        let folder = GeneratorTests.temporaryFolder(folderName)
        _ = try FeedGeneration(posts: posts, seed: 21, folder: folder, pool: ImagePoolGenerator.plannedPool, writeJSON: false).run()
        let store = try FeedStore(path: folder.appendingPathComponent("feed.sqlite").path)
        let source = try TimelineDataSource(store: store)
        let engine = ListEngine(
            source: source, viewport: Size(width: 375, height: 667), scale: .two,
            placeholder: source.placeholderTile(width: 375, scale: .two))
        return (engine, folder)
    }

    @Test func standardScriptsNeverShowABlankRowAndLandOnDrawnRows() throws {
        let (engine, folder) = try Self.makeEngine(posts: 3_000, folderName: "e2e")
        defer { try? FileManager.default.removeItem(at: folder) }
        let display = HeadlessDisplay(engine: engine, hz: 120, pacing: .realTime)
        for (name, text) in StandardScripts.all {
            display.play(try ScrollScript(parsing: text))
            #expect(display.frames.allSatisfy { $0.rowsBlank == 0 && $0.blankPixels == 0 }, "\(name): blank rows")
        }
        #expect(display.frames.count > 500)
        #expect(display.frames.last!.rowsFull > 0)
        #expect(display.frames.contains { $0.offset > 20_000 }, "the flings travelled")
        let delays = RunSummary(frames: display.frames, hz: 120, settles: display.settles).settleToDrawnMilliseconds
        #expect(!delays.isEmpty)
        let thirtyFrames = 30 * 1000 / 120.0
        #expect(delays.allSatisfy { ($0 ?? .infinity) <= thirtyFrames }, "landing rows fully drawn within 30 frames of settling: \(delays) ms")
        #expect(engine.counters.layouts > 50)
    }

    @Test func withoutSkeletonsFastFlingsShowBlankRows() throws {
        let (engine, folder) = try Self.makeEngine(posts: 3_000, folderName: "e2e-blank")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = ListEngine<TimelineDataSource>.Configuration()
        configuration.skeletons = false
        let blankEngine = ListEngine(
            source: engine.source, viewport: Size(width: 375, height: 667), scale: .two, placeholder: nil,
            configuration: configuration)
        let display = HeadlessDisplay(engine: blankEngine, hz: 120, pacing: .realTime)
        display.play(try ScrollScript(parsing: "fling 25000\nsettle"))
        #expect(display.frames.contains { $0.rowsBlank > 0 }, "VVebo's flaw, reproduced when skeletons are off")
    }
}
