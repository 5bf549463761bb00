import Flick
import FlickCore
import FlickList
import FlickRaster
import FlickTestSupport
@testable import FlickTimeline
import Foundation
import Testing

/// Rows on screen before their layout exists show the skeleton of their kind at their size
/// class (drawn once on a worker by `PostRenderer.renderKindSkeleton`), never the generic
/// placeholder tile: held workers, a 25,000 pt/s fling and a jump storm, in lockstep.
@Suite("Kind skeletons", .serialized)
@MainActor
struct KindSkeletonTests {
    /// Layouts held (PoolGate on the row lane): only page loads finish. Kind skeletons share
    /// that lane, so the rows show the classes drawn before the gate closed: their kinds'
    /// estimates, which stay put while no layout finishes.
    @Test func rowWithoutLayoutShowsItsKindsSkeleton() throws {
        let (engine, folder) = try TimelineListEndToEndTests.makeEngine(posts: 2_000, folderName: "kind-held")
        defer { try? FileManager.default.removeItem(at: folder) }
        var time = 0.0
        for _ in 0..<4 {
            engine.waitForWorkers()
            engine.frame(at: time)
            time += 1 / 120
        }
        let gate = PoolGate(pool: engine.pool)
        defer { gate.open() }
        let layoutsBefore = engine.counters.layouts
        engine.jump(toRow: 1_500, time: time)
        var lastStats = FrameStats()
        for _ in 0..<6 {
            lastStats = engine.frame(at: time)
            time += 1 / 120
            #expect(lastStats.placeholderPixels == 0 && lastStats.rowsPlaceholder == 0, "the generic tile showed at frame \(lastStats.index)")
            #expect(lastStats.rowsBlank == 0 && lastStats.blankPixels == 0)
            engine.source.waitUntilIdle()
        }
        #expect(engine.counters.layouts == layoutsBefore, "no layout finished while the workers were held")
        let shown = engine.compositor.kindSkeletonRows
        #expect(shown.count == engine.lastContents.count && shown.count >= 2, "every visible row shows its kind's skeleton: \(shown)")
        #expect(lastStats.rowsKindSkeleton == shown.count && lastStats.rowsKindUnknown == 0)
        #expect(lastStats.kindSkeletonPixels == lastStats.viewportPixels, "kind skeletons cover the viewport")
        for (row, kind) in shown {
            let post = try #require(engine.source.timeline.rows.post(atRow: row), "row \(row)'s page is in")
            #expect(kind == post.kind.index + 1,  // the list numbers the unknown kind 0, then the shapes
                    "row \(row) shows kind \(String(describing: kind)), its post is \(post.kind)")
            // The layer is the timeline's drawing of that kind at the row's size class.
            let layer = try #require(engine.compositor.layers.first { $0.row == row && $0.role == .skeleton })
            let expected = engine.source.timeline.renderer.renderKindSkeleton(post.kind, size: layer.bitmap.pointSize, scale: .two)
            #expect(Self.samePixels(layer.bitmap, expected), "row \(row): the \(post.kind) skeleton")
            #expect(layer.bitmap.pointSize.height >= engine.heights.height(ofRow: row), "at least as tall as the row, cut at its end")
        }
        #expect(Set(shown.map(\.kind)).count >= 2, "several kinds on screen, each its own shape: \(shown)")
    }

    /// A 25,000 pt/s fling down and back: rows come on screen before their layout every frame
    /// of the coast, and each shows a kind skeleton.
    @Test func fastFlingShowsKindSkeletonsNeverTheGenericTile() throws {
        let (engine, folder) = try TimelineListEndToEndTests.makeEngine(posts: 3_000, folderName: "kind-fling")
        defer { try? FileManager.default.removeItem(at: folder) }
        let display = HeadlessDisplay(engine: engine, hz: 120, pacing: .lockstep)
        var knownKindRows = 0
        display.play(try ScrollScript(parsing: "fling 25000\nsettle\nfling -25000\nsettle")) { _ in
            knownKindRows += engine.compositor.kindSkeletonRows.filter { $0.kind != nil }.count
        }
        let frames = display.frames
        #expect(frames.contains { $0.offset > 10_000 }, "the fling travelled")
        #expect(frames.allSatisfy { $0.placeholderPixels == 0 && $0.rowsPlaceholder == 0 }, "placeholder area 0: \(Self.worst(frames))")
        #expect(frames.allSatisfy { $0.rowsBlank == 0 && $0.blankPixels == 0 })
        #expect(frames.reduce(0) { $0 + $1.rowsKindSkeleton } > 10, "rows came on screen before their layout")
        #expect(knownKindRows > 10, "most of them with their kind known from the page hints")
    }

    /// The standard jump storm over a generated feed: each jump lands on rows with no layout
    /// (often no page either); none shows the generic tile.
    @Test func jumpStormShowsKindSkeletonsNeverTheGenericTile() throws {
        let (engine, folder) = try TimelineListEndToEndTests.makeEngine(posts: 3_000, folderName: "kind-jumps")
        defer { try? FileManager.default.removeItem(at: folder) }
        let display = HeadlessDisplay(engine: engine, hz: 120, pacing: .lockstep)
        display.play(try ScrollScript(parsing: StandardScripts.jumpStorm(rowCount: engine.source.rowCount)))
        let frames = display.frames
        #expect(Set(frames.map(\.offset)).count >= 20, "the jumps landed on different rows")
        #expect(frames.allSatisfy { $0.placeholderPixels == 0 && $0.rowsPlaceholder == 0 }, "placeholder area 0: \(Self.worst(frames))")
        #expect(frames.allSatisfy { $0.rowsBlank == 0 && $0.blankPixels == 0 })
        #expect(frames.filter { $0.rowsKindSkeleton > 0 }.count >= 10, "jumps showed rows before their layout")
        let counters = engine.kindSkeletonCounters
        #expect(counters.drawn > 0 && counters.bytes <= 32 * 1024 * 1024, "bounded (12 MB, plus each kind's kept classes and what one frame wants): \(counters)")
    }

    /// Each kind's skeleton has its own shape at one size, and the unknown kind draws as text.
    @Test func kindsDrawTheirOwnShapes() {
        let renderer = PostRenderer()
        let size = Size(width: 375, height: 360)
        let drawn = PostKind.allCases.map { renderer.renderKindSkeleton($0, size: size, scale: .two) }
        for (index, bitmap) in drawn.enumerated() {
            #expect(bitmap.pixelSize == PixelSize(width: 750, height: 720))
            for other in drawn[(index + 1)...] { #expect(!Self.samePixels(bitmap, other), "two kinds drew the same skeleton") }
        }
        #expect(Self.samePixels(renderer.renderKindSkeleton(nil, size: size, scale: .two), drawn[PostKind.textOnly.index]))
        // A grid's first square sits at the content's left below the body bars; a text-only row has
        // a body bar there or background, never a square's full height of skeleton colour.
        let grid = drawn[PostKind.pictureGrid.index]
        let spec = renderer.spec
        let bottomOfGrid = 2 * (360 - spec.separatorHeight - spec.countersHeight - spec.contentToCounters) - 4
        #expect(grid.pixel(x: Int(2 * spec.cellInsets.left) + 4, y: Int(bottomOfGrid)) == Pixel(alpha: 255, red: 0xEB, green: 0xEB, blue: 0xEB), "a grid square at the bottom left of the content")
    }

    static func samePixels(_ a: Bitmap, _ b: Bitmap) -> Bool {
        guard a.pixelSize == b.pixelSize else { return false }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.elementsEqual(y) } }
    }

    static func worst(_ frames: [FrameStats]) -> String {
        guard let frame = frames.max(by: { $0.placeholderPixels < $1.placeholderPixels }) else { return "no frames" }
        return "frame \(frame.index): \(frame.rowsPlaceholder) rows, \(frame.placeholderPixels) px"
    }
}
