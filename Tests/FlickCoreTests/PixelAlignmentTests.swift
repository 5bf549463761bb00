import FlickCore
import Testing

@Suite("Pixel alignment: DisplayScale and Rect snapping")
struct PixelAlignmentTests {
    static let scales: [DisplayScale] = [.one, .two, .three]

    // MARK: DisplayScale

    @Test func presetsHoldTheirValuesAndDescribeThemselves() {
        #expect(DisplayScale.one.value == 1)
        #expect(DisplayScale.two.value == 2)
        #expect(DisplayScale.three.value == 3)
        #expect(DisplayScale.two.description == "@2.0x")
        #expect(DisplayScale(2.5) == DisplayScale(2.5))
        #expect(DisplayScale.two != DisplayScale.three)
    }

    @Test func nonPositiveScaleIsRefused() async {
        await #expect(processExitsWith: .failure) { _ = DisplayScale(0) }
        await #expect(processExitsWith: .failure) { _ = DisplayScale(-2) }
    }

    @Test func roundGoesToTheNearestDevicePixel() {
        #expect(DisplayScale.one.round(10.4) == 10)
        #expect(DisplayScale.one.round(10.6) == 11)
        #expect(DisplayScale.two.round(10.2) == 10)
        #expect(DisplayScale.two.round(10.3) == 10.5)
        #expect(DisplayScale.three.round(10.3) == 31.0 / 3)
        #expect(DisplayScale.three.round(10.1) == 10)
    }

    @Test func roundTakesExactHalvesUpwardOnBothSidesOfZero() {
        // Half-up (not half-away-from-zero): a rect keeps its pixel size wherever it scrolls.
        #expect(DisplayScale.one.round(2.5) == 3)
        #expect(DisplayScale.one.round(-2.5) == -2)
        #expect(DisplayScale.one.round(-0.5) == 0)
        #expect(DisplayScale.two.round(-0.25) == 0)
        #expect(DisplayScale.two.round(-0.75) == -0.5)
    }

    @Test func floorAndCeilAtThreeXLandOnThirds() {
        #expect(DisplayScale.three.floor(10.3) == 30.0 / 3)
        #expect(DisplayScale.three.ceil(10.3) == 31.0 / 3)
        #expect(DisplayScale.two.floor(10.3) == 10)
        #expect(DisplayScale.two.ceil(10.3) == 10.5)
        #expect(DisplayScale.one.floor(10.3) == 10)
        #expect(DisplayScale.one.ceil(10.3) == 11)
        #expect(DisplayScale.one.floor(-10.3) == -11)
        #expect(DisplayScale.one.ceil(-10.3) == -10)
    }

    @Test func alignedValuesAreFixedPointsOfRoundFloorAndCeil() {
        for scale in Self.scales {
            for pixels in -40...40 {
                let points = Double(pixels) / scale.value
                #expect(scale.round(points) == points, "\(scale) round \(points)")
                #expect(scale.floor(points) == points, "\(scale) floor \(points)")
                #expect(scale.ceil(points) == points, "\(scale) ceil \(points)")
                #expect(scale.isAligned(points), "\(scale) \(points)")
                #expect(scale.pixels(points) == pixels, "\(scale) \(points)")
            }
        }
    }

    @Test func floatNoiseCountsAsAligned() {
        let noisy = (0.1 + 0.2) * 10  // 3.0000000000000004
        #expect(noisy != 3)
        #expect(DisplayScale.one.isAligned(noisy))
        #expect(DisplayScale.one.ceil(noisy) == 3)
        #expect(DisplayScale.one.floor(noisy) == 3)

        var tenths = 0.0
        for _ in 0..<30 { tenths += 0.1 }  // 2.9999999999999996
        #expect(tenths != 3)
        #expect(DisplayScale.one.floor(tenths) == 3)
        #expect(DisplayScale.one.ceil(tenths) == 3)

        let oneAndAHalf = 0.1 * 3 * 5  // 1.5000000000000002
        #expect(oneAndAHalf != 1.5)
        #expect(DisplayScale.two.isAligned(oneAndAHalf))
        #expect(DisplayScale.two.ceil(oneAndAHalf) == 1.5)
        #expect(DisplayScale.two.pixelSize(Size(width: oneAndAHalf, height: 1)).width == 3)
    }

    @Test func realFractionsAreNotAligned() {
        #expect(!DisplayScale.one.isAligned(0.1 + 0.2))
        #expect(!DisplayScale.two.isAligned(10.25))
        #expect(DisplayScale.two.isAligned(10.5))
        #expect(!DisplayScale.three.isAligned(0.5))
        #expect(DisplayScale.three.isAligned(1.0 / 3))
        #expect(!DisplayScale.one.isAligned(0.01))
    }

    @Test func pixelsRoundToTheNearestWholePixel() {
        #expect(DisplayScale.one.pixels(10.4) == 10)
        #expect(DisplayScale.two.pixels(10.3) == 21)
        #expect(DisplayScale.three.pixels(10.3) == 31)
        #expect(DisplayScale.three.pixels(1.0 / 3) == 1)
    }

    @Test func pixelSizeRoundsEachSideUp() {
        let size = Size(width: 100.3, height: 50)
        #expect(DisplayScale.one.pixelSize(size) == PixelSize(width: 101, height: 50))
        #expect(DisplayScale.two.pixelSize(size) == PixelSize(width: 201, height: 100))
        #expect(DisplayScale.three.pixelSize(size) == PixelSize(width: 301, height: 150))
        #expect(DisplayScale.three.pixelSize(Size(width: 10.3, height: 0.01)) == PixelSize(width: 31, height: 1))
    }

    @Test func pixelSizeIgnoresFloatNoise() {
        let width = (0.1 + 0.2) * 10  // 3.0000000000000004 points
        #expect(DisplayScale.one.pixelSize(Size(width: width, height: 1.0 / 3)) == PixelSize(width: 3, height: 1))
        #expect(DisplayScale.three.pixelSize(Size(width: 1.0 / 3, height: 100.000_000_1)) == PixelSize(width: 1, height: 300))
    }

    @Test func pointsIsTheInverseOfPixelSizeForWholePixels() {
        for scale in Self.scales {
            let pixels = PixelSize(width: 750, height: 1334)
            let points = scale.points(pixels)
            #expect(points == Size(width: 750 / scale.value, height: 1334 / scale.value))
            #expect(scale.pixelSize(points) == pixels, "\(scale)")
        }
    }

    // MARK: Point and Size

    @Test func pointAndSizeSnapToPixels() {
        #expect(Point(x: 10.3, y: 0.74).pixelAligned(.two) == Point(x: 10.5, y: 0.5))
        #expect(Size(width: 10.3, height: 2).pixelCeiled(.three) == Size(width: 31.0 / 3, height: 2))
        #expect(Size(width: 10.01, height: 0.2).pixelCeiled(.one) == Size(width: 11, height: 1))
    }

    // MARK: Rect

    @Test func pixelAlignedRoundsEachEdgeToTheNearestPixel() {
        let rect = Rect(x: 0.2, y: 10.7, width: 10.6, height: 5.5)
        #expect(rect.pixelAligned(.one) == Rect(x: 0, y: 11, width: 11, height: 5))
        #expect(rect.pixelAligned(.two) == Rect(x: 0, y: 10.5, width: 11, height: 5.5))
    }

    @Test func pixelAlignedKeepsSharedEdgesShared() {
        var generator = SplitMix64(seed: 7)
        for scale in Self.scales {
            var y = 0.3
            var previous: Rect?
            for _ in 0..<200 {
                let height = 20 + generator.unit() * 280
                let cell = Rect(x: 0, y: y, width: 375, height: height)
                let aligned = cell.pixelAligned(scale)
                #expect(aligned.isPixelAligned(scale), "\(cell) at \(scale)")
                if let previous {
                    #expect(abs(aligned.minY - previous.maxY) < 1e-9, "gap or overlap at \(aligned) after \(previous)")
                }
                previous = aligned
                y = cell.maxY
            }
        }
    }

    @Test func pixelAlignedSizeDoesNotDependOnWhereTheRectIs() {
        // A 10 pt cell with half-pixel edges scrolled through zero stays 10 pt tall.
        for scale in Self.scales {
            let half = 0.5 / scale.value
            for step in -20...20 {
                let rect = Rect(x: 0, y: Double(step) / scale.value + half, width: 10, height: 10)
                #expect(abs(rect.pixelAligned(scale).height - 10) < 1e-9, "\(rect) at \(scale)")
                #expect(rect.pixelRect(scale).height == Int(10 * scale.value), "\(rect) at \(scale)")
            }
        }
    }

    @Test func integralCoversTheRectWithWholePixels() {
        let rect = Rect(x: 0.2, y: 10.7, width: 10.6, height: 0.1)
        #expect(rect.integral(.one) == Rect(x: 0, y: 10, width: 11, height: 1))
        let third = Rect(x: 10.3, y: 1, width: 0.01, height: 1).integral(.three)
        #expect(third.minX == 10 && abs(third.maxX - 31.0 / 3) < 1e-12)
        #expect(third.isPixelAligned(.three))
    }

    @Test func integralOfAnAlignedRectIsItself() {
        let rect = Rect(x: 1.5, y: -2, width: 10.5, height: 3)
        #expect(rect.integral(.two) == rect)
        #expect(rect.pixelAligned(.two) == rect)
    }

    @Test func isPixelAlignedChecksAllFourEdges() {
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).isPixelAligned(.one))
        #expect(!Rect(x: 1, y: 2, width: 3.5, height: 4).isPixelAligned(.one))
        #expect(Rect(x: 1, y: 2, width: 3.5, height: 4).isPixelAligned(.two))
        #expect(!Rect(x: 1, y: 2.1, width: 3, height: 4).isPixelAligned(.two))
        #expect(!Rect(x: 1, y: 2, width: 3, height: 4.25).isPixelAligned(.two))
        #expect(Rect(x: 1.0 / 3, y: 2.0 / 3, width: 1, height: 1.0 / 3).isPixelAligned(.three))
    }

    @Test func pixelRectGivesWholeDevicePixels() {
        let rect = Rect(x: 10.5, y: 0.25, width: 20, height: 10)
        let pixels = rect.pixelRect(.two)
        #expect(pixels.x == 21 && pixels.y == 1 && pixels.width == 40 && pixels.height == 20)
        let third = Rect(x: 1.0 / 3, y: 0, width: 10, height: 2.0 / 3).pixelRect(.three)
        #expect(third.x == 1 && third.y == 0 && third.width == 30 && third.height == 2)
    }

    // MARK: Properties over random rects

    /// A random coordinate; a third of them sit exactly on pixel quarters and sixths, where
    /// rounding ties live.
    private static func coordinate(in range: ClosedRange<Double>, _ generator: inout SplitMix64) -> Double {
        let value = range.lowerBound + generator.unit() * (range.upperBound - range.lowerBound)
        switch generator.int(in: 0...2) {
        case 0: return (value * 4).rounded() / 4
        case 1: return (value * 6).rounded() / 6
        default: return value
        }
    }

    @Test func randomRectsSnapToAlignedRectsThatCoverThem() {
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<3000 {
            let rect = Rect(
                x: Self.coordinate(in: -500...500, &generator), y: Self.coordinate(in: -500...500, &generator),
                width: Self.coordinate(in: 0...300, &generator), height: Self.coordinate(in: 0...300, &generator))
            for scale in Self.scales {
                let pixel = 1 / scale.value
                // Float noise below DisplayScale's tolerance (1/1000 px) counts as aligned.
                let noise = 1e-3 * pixel
                let integral = rect.integral(scale)
                #expect(integral.isPixelAligned(scale), "integral \(integral) of \(rect) at \(scale)")
                #expect(
                    integral.minX <= rect.minX + noise && integral.minY <= rect.minY + noise
                        && integral.maxX >= rect.maxX - noise && integral.maxY >= rect.maxY - noise,
                    "integral \(integral) does not cover \(rect) at \(scale)")
                #expect(
                    integral.minX > rect.minX - pixel && integral.maxX < rect.maxX + pixel
                        && integral.minY > rect.minY - pixel && integral.maxY < rect.maxY + pixel,
                    "integral \(integral) grew more than a pixel around \(rect) at \(scale)")

                let aligned = rect.pixelAligned(scale)
                #expect(aligned.isPixelAligned(scale), "pixelAligned \(aligned) of \(rect) at \(scale)")
                let edgeMoves = [aligned.minX - rect.minX, aligned.minY - rect.minY, aligned.maxX - rect.maxX, aligned.maxY - rect.maxY]
                #expect(edgeMoves.allSatisfy { abs($0) <= pixel / 2 + noise }, "\(rect) → \(aligned) at \(scale)")

                let shift = Double(generator.int(in: -20...20)) * pixel
                let shifted = rect.offsetBy(dx: shift, dy: -shift).pixelAligned(scale)
                let expected = aligned.offsetBy(dx: shift, dy: -shift)
                #expect(
                    abs(shifted.width - expected.width) < 1e-9 && abs(shifted.height - expected.height) < 1e-9,
                    "\(rect) changes pixel size when moved by \(shift) at \(scale)")
            }
        }
    }
}
