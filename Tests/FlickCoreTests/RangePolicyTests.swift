import FlickCore
import Testing

/// Row geometry from a plain array of heights (prefix sums): the simplest correct geometry.
struct ArrayGeometry: RowGeometry {
    let tops: [Double]
    let totalHeight: Double

    init(heights: [Double]) {
        var tops: [Double] = []
        var y = 0.0
        for height in heights {
            tops.append(y)
            y += height
        }
        self.tops = tops
        totalHeight = y
    }

    var rowCount: Int { tops.count }
    func offset(ofRow row: Int) -> Double { tops[row] }
    func row(atOffset y: Double) -> Int {
        var low = 0
        var high = tops.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if tops[mid] <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

@Suite("RangePolicy")
struct RangePolicyTests {
    /// 1,000 rows of 100 pt; a 667 pt viewport shows 7 or 8 rows.
    let rows = ArrayGeometry(heights: Array(repeating: 100, count: 1_000))
    let policy = RangePolicy()

    @Test func slowScrollDownDrawsOneScreenAheadAndHalfBehind() {
        let plan = policy.plan(.init(offset: 5_000, viewportHeight: 667, velocity: 400, motion: .dragging), rows: rows)
        #expect(plan.mode == .normal)
        #expect(plan.visible == 50..<57)
        #expect(plan.display == rows.rows(from: 5_000 - 333.5, to: 5_000 + 667 * 2))
        #expect(plan.preload == rows.rows(from: 5_000 - 667 * 1.5, to: 5_000 + 667 * 3.5))
        #expect(plan.landing == nil)
        for row in plan.visible { #expect(plan.wantsFullRender(row)) }
    }

    @Test func scrollingUpLeadsUpward() {
        let plan = policy.plan(.init(offset: 5_000, viewportHeight: 667, velocity: -400, motion: .dragging), rows: rows)
        #expect(plan.display == rows.rows(from: 5_000 - 667, to: 5_000 + 667 * 1.5))
        #expect(plan.display.lowerBound < plan.visible.lowerBound - 5)
    }

    @Test func atRestRangesAreSymmetric() {
        let plan = policy.plan(.init(offset: 5_000, viewportHeight: 667), rows: rows)
        #expect(plan.display == rows.rows(from: 5_000 - 667, to: 5_000 + 667 * 2))
    }

    @Test func fastFlingDrawsOnlyTheLandingZone() {
        let target = 40_000.0
        let plan = policy.plan(.init(offset: 5_000, viewportHeight: 667, velocity: 25_000, motion: .decelerating(target: target)), rows: rows)
        #expect(plan.mode == .fastFling)
        let atTarget = rows.rows(from: target, to: target + 667)
        #expect(plan.landing == (atTarget.lowerBound - 3)..<(atTarget.upperBound + 3))
        #expect(plan.display == plan.landing)
        #expect(plan.visible == 50..<57, "visible rows are still reported: they get skeletons")
        #expect(!plan.wantsFullRender(200), "a row merely flown past gets no full render")
        #expect(!plan.wantsFullRender(52))
        #expect(plan.wantsFullRender(atTarget.lowerBound))
        #expect(plan.preload.contains(atTarget.lowerBound - 10))
        #expect(!plan.preload.contains(200))
    }

    @Test func shortFlingKeepsOrdinaryRanges() {
        let plan = policy.plan(.init(offset: 5_000, viewportHeight: 667, velocity: 800, motion: .decelerating(target: 5_700)), rows: rows)
        #expect(plan.mode == .normal)
        #expect(plan.landing == nil)
    }

    @Test func landingZoneIsClampedToTheContent() {
        let plan = policy.plan(.init(offset: 5_000, viewportHeight: 667, velocity: 90_000, motion: .decelerating(target: 1e9)), rows: rows)
        #expect(plan.landing?.upperBound == 1_000)
        #expect(plan.landing?.contains(999) == true)
    }

    @Test func touchDuringAFlingMakesVisibleRowsUrgent() {
        let plan = policy.plan(
            .init(offset: 20_000, viewportHeight: 667, velocity: 0, motion: .idle, touchedDuringFling: true), rows: rows)
        #expect(plan.mode == .touchStopped)
        #expect(plan.landing == nil)
        for row in plan.visible { #expect(plan.wantsFullRender(row)) }
    }

    @Test func scrollToTopDrawsTheTopFirstAndSkipsTheRowsBetween() {
        let plan = policy.plan(.init(offset: 50_000, viewportHeight: 667, velocity: -80_000, motion: .animating(target: 0)), rows: rows)
        #expect(plan.mode == .scrollToTop)
        #expect(plan.landing == 0..<10)
        #expect(plan.wantsFullRender(0))
        #expect(!plan.wantsFullRender(300))
    }

    @Test func decelerationTargetIsRecheckedEachFrame() {
        // The projection shrank mid-fling (content changed): the next plan follows the new target.
        let first = policy.plan(.init(offset: 5_000, viewportHeight: 667, velocity: 20_000, motion: .decelerating(target: 40_000)), rows: rows)
        let second = policy.plan(.init(offset: 9_000, viewportHeight: 667, velocity: 12_000, motion: .decelerating(target: 30_000)), rows: rows)
        #expect(first.landing != second.landing)
        #expect(second.landing?.contains(300) == true)
    }

    @Test func timeUntilVisibleOrdersRowsAheadBeforeRowsBehind() {
        let input = RangePolicy.Input(offset: 5_000, viewportHeight: 667, velocity: 3_000, motion: .dragging)
        #expect(policy.timeUntilVisible(row: 52, input: input, rows: rows) == 0)
        let ahead = policy.timeUntilVisible(row: 60, input: input, rows: rows)
        let fartherAhead = policy.timeUntilVisible(row: 70, input: input, rows: rows)
        let behind = policy.timeUntilVisible(row: 45, input: input, rows: rows)
        #expect(ahead > 0)
        #expect(ahead < fartherAhead)
        #expect(ahead < behind)
        #expect(abs(ahead - (6_000 - 5_667) / 3_000) < 1e-9)
    }

    @Test func emptyListPlansNothing() {
        let plan = policy.plan(.init(offset: 0, viewportHeight: 667), rows: ArrayGeometry(heights: []))
        #expect(plan.visible.isEmpty)
        #expect(plan.display.isEmpty)
    }
}
