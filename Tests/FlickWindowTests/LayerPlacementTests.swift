import FlickCore
import FlickList
import FlickRaster
import FlickWindow
import Testing

@Suite("Misaligned layers")
struct LayerPlacementTests {
    func layer(x: Double, y: Double, bitmapScale: DisplayScale = .two) -> DisplayLayer {
        let bitmap = Canvas(pixelSize: PixelSize(width: 20, height: 10), scale: bitmapScale).makeBitmap()
        return DisplayLayer(bitmap: bitmap, origin: Point(x: x, y: y), role: .cell, row: 0, isOpaque: true)
    }

    @Test func wholeDevicePixelsAreAligned() {
        #expect(LayerPlacement.of(layer(x: 0, y: 10.5), scale: .two) == .aligned, "10.5 pt is 21 px at 2x")
        #expect(LayerPlacement.of(layer(x: 0, y: 1.0 / 3, bitmapScale: .three), scale: .three) == .aligned)
        #expect(LayerPlacement.of(layer(x: 12, y: -333.5), scale: .two) == .aligned, "above the top still counts")
    }

    @Test func fractionalPixelsAreMisaligned() {
        #expect(LayerPlacement.of(layer(x: 0, y: 10.25), scale: .two) == .misaligned)
        #expect(LayerPlacement.of(layer(x: 0.3, y: 0), scale: .two) == .misaligned)
        #expect(LayerPlacement.of(layer(x: 0, y: 10.5, bitmapScale: .one), scale: .one) == .misaligned)
    }

    @Test func bitmapsOfAnotherScaleAreScaled() {
        #expect(LayerPlacement.of(layer(x: 0, y: 0, bitmapScale: .one), scale: .two) == .scaled)
    }

    @Test func problemsListsOnlyTheBadLayers() {
        let layers = [layer(x: 0, y: 0), layer(x: 0, y: 0.25), layer(x: 0, y: 1, bitmapScale: .three), layer(x: 0, y: 4.5)]
        let problems = LayerPlacement.problems(in: layers, scale: .two)
        #expect(problems.map(\.index) == [1, 2])
        #expect(problems.map(\.placement) == [.misaligned, .scaled])
    }

    @Test func destinationRoundsTheOriginAndConvertsTheScale() {
        let same = LayerPlacement.destination(origin: Point(x: 1.5, y: -2), pixelSize: PixelSize(width: 40, height: 20), bitmapScale: .two, scale: .two)
        #expect(same == (3, -4, 40, 20))
        let upscaled = LayerPlacement.destination(origin: Point(x: 0, y: 0.26), pixelSize: PixelSize(width: 40, height: 20), bitmapScale: .one, scale: .two)
        #expect(upscaled == (0, 1, 80, 40))
    }
}
