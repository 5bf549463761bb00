import FlickCore
import FlickRaster
import FlickTestSupport
import Foundation
import Testing
@testable import FlickImage

@Suite("Image loading: files and HTTP, exact sizes")
struct ImageLoadingTests {
    let server = ImageTestServer.shared

    @Test(arguments: ["photo.jpg", "photo.webp", "quadrants.png"])
    func httpImagesDecodeToExactDevicePixels(name: String) throws {
        let harness = try PipelineHarness()
        let result = harness.load(server.url("images/\(name)"), points: Size(width: 120, height: 90), scale: DisplayScale(3))
        let bitmap = try #require(result?.bitmap, "\(String(describing: result))")
        #expect(bitmap.pixelSize == PixelSize(width: 360, height: 270))
        #expect(bitmap.scale == DisplayScale(3))
    }

    @Test func fractionalPointSizesRoundToWholePixels() throws {
        let harness = try PipelineHarness()
        let result = harness.load("photo.jpg", points: Size(width: 33.3, height: 47.9), scale: DisplayScale(3))
        let bitmap = try #require(result?.bitmap)
        #expect(bitmap.pixelSize == PixelSize(width: 100, height: 144))
    }

    @Test func relativePathsAndFileURLsLoadTheSameImage() throws {
        let harness = try PipelineHarness()
        let relative = try #require(harness.load("avatar.jpg")?.bitmap)
        let absolute = try #require(
            harness.load("file://" + server.folder.appendingPathComponent("avatar.jpg").path, points: Size(width: 120, height: 121))?.bitmap)
        #expect(relative.pixelSize == PixelSize(width: 240, height: 240))
        #expect(absolute.pixelSize == PixelSize(width: 240, height: 242))
        // The checkerboard's top-left cell is orange at any size.
        let corner = relative.pixel(x: 2, y: 2)
        #expect(corner.red > 200 && corner.blue < 120, "\(corner)")
    }

    @Test func redirectsAreFollowed() throws {
        let harness = try PipelineHarness()
        let bitmap = try #require(harness.load(server.url("redirect/avatar.jpg"))?.bitmap)
        #expect(bitmap.pixelSize == PixelSize(width: 240, height: 240))
    }

    @Test func processorsRunOnTheDecodedImage() throws {
        let harness = try PipelineHarness()
        let circle = try #require(
            harness.load("avatar.jpg", processors: [.circle(borderWidth: 0, borderColor: .white)])?.bitmap)
        #expect(circle.pixelSize == PixelSize(width: 240, height: 240))
        #expect(circle.pixel(x: 0, y: 0).alpha == 0, "corner outside the circle is clear")
        #expect(circle.pixel(x: 120, y: 120).alpha == 255)
    }

    @Test func completionsCarryTheOpacityFoundOnTheWorker() throws {
        let harness = try PipelineHarness()
        let side = Size(width: 50, height: 50)
        let circle = ImageProcessor.circle(borderWidth: 0, borderColor: .white)
        #expect(harness.load("avatar.jpg", points: side)?.isOpaque == true)
        #expect(harness.load("avatar.jpg", points: side, processors: [circle])?.isOpaque == false)
        #expect(harness.load("avatar.jpg", points: side, processors: [circle, .flatten(onto: .white)])?.isOpaque == true)
    }

    @Test func aFlattenLastIsOpaqueWithoutAScan() {
        // A fully transparent bitmap: only the rule, not a pixel scan, can call it opaque.
        let clear = Canvas(pixelSize: PixelSize(width: 4, height: 4), scale: .one).makeBitmap()
        #expect(ImagePipeline.isOpaque(clear, processedBy: [.flatten(onto: .white)]))
        #expect(!ImagePipeline.isOpaque(clear, processedBy: [.flatten(onto: .clear)]))
        #expect(!ImagePipeline.isOpaque(clear, processedBy: [.flatten(onto: .white), .roundedCorners(radius: 2)]))
    }

    @Test func aLargeSourceGivesAThumbnailOfExactlyTheTargetSize() throws {
        // JPEG scaled decode: a 1920 × 1440 source asked at 60 × 45 px decodes at 1/8 scale
        // (240 × 180, shown by DownsamplingTests) and is resampled to exactly the target.
        let harness = try PipelineHarness()
        let bitmap = try #require(harness.load("photo.jpg", points: Size(width: 60, height: 45), scale: .one)?.bitmap)
        #expect(bitmap.pixelSize == PixelSize(width: 60, height: 45))
        #expect(harness.pipeline.statistics.decodes == 1)
    }
}
