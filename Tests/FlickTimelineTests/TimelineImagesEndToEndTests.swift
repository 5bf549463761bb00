import Flick
import FlickCore
import FlickImage
@testable import FlickList
import FlickRaster
import FlickText
@testable import FlickTimeline
import Foundation
import Testing

/// The engine with the image pipeline over a generated feed whose images are real files:
/// images arrive as layers over drawn cells, and fast flings start loads only for the
/// landing zone (seed 004 §3).
@Suite("Timeline images end to end", .serialized)
@MainActor
struct TimelineImagesEndToEndTests {
    /// A feed of 1,500 posts; `imageFiles` false leaves every image URL pointing at nothing.
    static func makeEngine(folderName: String, defers: Bool = true, imageFiles: Bool = true) throws -> (ListEngine<CellSource<String>>, URL) {
        let folder = GeneratorTests.temporaryFolder(folderName)
        let images = imageFiles ? try ImagePoolGenerator(seed: 1).write(into: folder) : ImagePoolGenerator.plannedPool
        _ = try FeedGeneration(posts: 1_500, seed: 5, folder: folder, pool: images, writeJSON: false).run()
        let store = try FeedStore(path: folder.appendingPathComponent("feed.sqlite").path)
        let source = try TimelinePages(store: store)
        var imageConfiguration = ImagePipeline.Configuration()
        imageConfiguration.baseFolder = folder
        var configuration = ListEngine<CellSource<String>>.Configuration()
        configuration.defersImagesDuringFling = defers
        let pool = QueuePool<TextContext?>(label: "flick.e2e-images") { _ in TextContext.forWorker() }
        let engine = source.makeEngine(
            configuration: configuration, images: try ImagePipeline(configuration: imageConfiguration, workers: ImageWorkers(pool: pool)),
            pool: pool)
        return (engine, folder)
    }

    @Test func imagesArriveAsLayersOverDrawnCellsAfterAFling() throws {
        let (engine, folder) = try Self.makeEngine(folderName: "e2e-images")
        defer { try? FileManager.default.removeItem(at: folder) }
        let display = HeadlessDisplay(engine: engine, hz: 120, pacing: .lockstep)
        display.play(try ScrollScript(parsing: "fling 8000\nsettle\nwait 0.05"))
        let last = try #require(display.frames.last)
        #expect(last.rowsBlank == 0)
        #expect(last.imagesPending == 0, "visible images still loading 6 lockstep frames after settling")
        let imageLayers = engine.compositor.layers.filter { $0.role == .image }
        #expect(!imageLayers.isEmpty, "no image layers on screen")
        for layer in imageLayers {
            #expect(layer.origin.y * 2 == (layer.origin.y * 2).rounded(), "image layer off the pixel grid: \(layer.origin)")
            #expect(layer.bitmap.pixelSize.width == Int((layer.bitmap.pointSize.width * 2).rounded()))
        }
        let statistics = try #require(engine.imagePipeline?.statistics)
        #expect(statistics.decodes > 0)
        #expect(statistics.failures == 0)
        // An avatar on screen shows decoded pixels, not the flat placeholder grey.
        let avatar = try #require(imageLayers.first { $0.bitmap.pixelSize.width == $0.bitmap.pixelSize.height })
        let centre = display.engine.compositor.snapshot().pixel(
            x: Int(avatar.frame.midX * 2), y: Int(max(0, avatar.frame.midY) * 2))
        let placeholder = LayoutSpec().picturePlaceholder
        #expect(
            abs(Double(centre.red) / 255 - placeholder.red) > 0.02 || abs(Double(centre.green) / 255 - placeholder.green) > 0.02
                || abs(Double(centre.blue) / 255 - placeholder.blue) > 0.02, "avatar centre still placeholder: \(centre)")
    }

    @Test func missingImagesShowErrorTilesAndNothingElseBreaks() throws {
        let (engine, folder) = try Self.makeEngine(folderName: "e2e-missing-images", imageFiles: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let display = HeadlessDisplay(engine: engine, hz: 120, pacing: .lockstep)
        display.play(try ScrollScript(parsing: "fling 3000\nsettle\nwait 0.05"))
        #expect(display.frames.allSatisfy { $0.rowsBlank == 0 })
        #expect(display.frames.last?.imagesPending == 0)
        #expect(display.frames.last?.rowsFull ?? 0 > 0, "cells still drew")
        let statistics = try #require(engine.imagePipeline?.statistics)
        #expect(statistics.failures > 0)
        let imageLayers = engine.compositor.layers.filter { $0.role == .image }
        #expect(!imageLayers.isEmpty)
        for layer in imageLayers {
            let corner = layer.bitmap.pixel(x: 1, y: 1)
            #expect(abs(Double(corner.red) / 255 - ErrorTile.background.red) < 0.01, "not an error tile: \(corner)")
        }
    }

    /// Rows whose image requests began on frames of a fast fling, outside that frame's landing zone.
    private func loadsStartedOutsideTheLandingZone(defers: Bool) throws -> (outside: Int, fastFrames: Int) {
        let (engine, folder) = try Self.makeEngine(folderName: "e2e-defer-\(defers)", defers: defers)
        defer { try? FileManager.default.removeItem(at: folder) }
        let display = HeadlessDisplay(engine: engine, hz: 120, pacing: .lockstep)
        display.run(seconds: 0.5)
        var before = engine.rowsWithImages
        var outside = 0
        var fastFrames = 0
        engine.fling(velocity: 25_000, time: display.now)
        for _ in 0..<600 {
            display.step()
            let now = engine.rowsWithImages
            if let plan = engine.lastPlan, plan.mode == .fastFling {
                fastFrames += 1
                let landing = plan.landing ?? plan.display
                outside += now.subtracting(before).filter { !landing.contains($0) }.count
            }
            before = now
            if engine.physics.phase == .idle { break }
        }
        return (outside, fastFrames)
    }

    @Test func fastFlingsStartImageLoadsOnlyInTheLandingZone() throws {
        let deferred = try loadsStartedOutsideTheLandingZone(defers: true)
        #expect(deferred.fastFrames > 10, "the fling was not fast")
        #expect(deferred.outside == 0)
        // The same fling with the rule off loads rows flown past: the check above can fail.
        let eager = try loadsStartedOutsideTheLandingZone(defers: false)
        #expect(eager.outside > 0)
    }
}
