import FlickCore
import FlickWindow
import Testing

/// Rows of one height, for range pictures.
struct UniformRows: RowGeometry {
    let rowCount: Int
    let height: Double
    var totalHeight: Double { Double(rowCount) * height }
    func offset(ofRow row: Int) -> Double { Double(row) * height }
    func row(atOffset y: Double) -> Int { min(max(0, Int(y / height)), rowCount - 1) }
}

@Suite("Range overlay")
struct RangeOverlayTests {
    let rows = UniformRows(rowCount: 1_000, height: 100)
    let column = Rect(x: 360, y: 8, width: 10, height: 400)

    func bars(_ overlay: RangeOverlay) -> [RangeOverlay.Kind: Rect] {
        var bars: [RangeOverlay.Kind: Rect] = [:]
        for bar in overlay.bars { bars[bar.kind] = bar.rect }
        return bars
    }

    @Test func rangesFitTheColumnInContentProportion() throws {
        // At rest at 500 (rows 5–11 visible): preload reaches 2.5 screens each way.
        let plan = RangePolicy().plan(RangePolicy.Input(offset: 500, viewportHeight: 667), rows: rows)
        #expect(plan.visible == 5..<12)
        let overlay = RangeOverlay(plan: plan, rows: rows, offset: 500, viewportHeight: 667, column: column)
        let top = min(500, rows.offset(ofRow: plan.preload.lowerBound))
        let bottom = max(1_167, rows.offset(ofRow: plan.preload.upperBound))
        #expect(abs(overlay.scale - 400 / (bottom - top)) < 1e-9)
        let bars = bars(overlay)
        #expect(Set(bars.keys) == Set<RangeOverlay.Kind>([.preload, .display, .visible, .viewport]))
        let preload = try #require(bars[.preload])
        let visible = try #require(bars[.visible])
        let display = try #require(bars[.display])
        let viewport = try #require(bars[.viewport])
        #expect(abs(preload.minY - (column.minY + (rows.offset(ofRow: plan.preload.lowerBound) - top) * overlay.scale)) < 1e-9)
        #expect(abs(visible.minY - (column.minY + (500 - top) * overlay.scale)) < 1e-9)
        #expect(abs(viewport.height - 667 * overlay.scale) < 1e-9)
        #expect(overlay.bars.allSatisfy { $0.rect.minY >= column.minY - 1e-9 && $0.rect.maxY <= column.maxY + 1e-9 })
        // Narrower bars for narrower ranges, all flush right.
        #expect(overlay.bars.allSatisfy { abs($0.rect.maxX - column.maxX) < 1e-9 })
        #expect(visible.width < display.width && display.width < preload.width)
    }

    @Test func aFarLandingZoneStretchesTheScaleAndShowsBelow() throws {
        let input = RangePolicy.Input(offset: 500, viewportHeight: 667, velocity: 20_000, motion: .decelerating(target: 50_000))
        let plan = RangePolicy().plan(input, rows: rows)
        let zone = try #require(plan.landing, "a fling 495 rows away is a fast fling")
        let overlay = RangeOverlay(plan: plan, rows: rows, offset: 500, viewportHeight: 667, column: column)
        let bars = bars(overlay)
        let landing = try #require(bars[.landing])
        let viewport = try #require(bars[.viewport])
        #expect(landing.minY > viewport.maxY)
        let top = min(500, rows.offset(ofRow: plan.preload.lowerBound))
        let bottom = max(rows.offset(ofRow: zone.upperBound), rows.offset(ofRow: plan.preload.upperBound))
        #expect(abs(overlay.scale - 400 / (bottom - top)) < 1e-9)
        #expect(overlay.bars.allSatisfy { $0.rect.maxY <= column.maxY + 1e-9 && $0.rect.height >= 1 })
    }
}
