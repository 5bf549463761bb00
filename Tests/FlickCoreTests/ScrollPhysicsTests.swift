import FlickCore
import Foundation
import Testing

@Suite("ScrollPhysics")
struct ScrollPhysicsTests {
    /// λ for the normal rate: velocity × e^{λt}.
    static let lambda = 1000 * log(0.998)

    /// 10,000 pt of content in a 600 pt viewport: offsets 0…9,400.
    static func physics(at offset: Double = 0, content: Double = 10_000) -> ScrollPhysics {
        ScrollPhysics(contentHeight: content, viewportHeight: 600, contentOffset: offset)
    }

    /// Steps at `hz` until the motion ends (or `limit` seconds); returns the time it ended and
    /// every offset seen.
    @discardableResult
    static func run(_ physics: inout ScrollPhysics, hz: Double = 60, limit: Double = 20) -> (end: Double, offsets: [Double]) {
        let start = physics.time
        var offsets: [Double] = []
        var frame = 1.0
        while physics.phase != .idle, frame / hz <= limit {
            offsets.append(physics.step(to: start + frame / hz))
            frame += 1
        }
        return (physics.time, offsets)
    }

    /// A drag with the finger moving at `speed` points per second (positive: finger up, so the
    /// offset grows), sampled at `hz`, for `duration` seconds.
    static func drag(_ physics: inout ScrollPhysics, speed: Double, hz: Double = 120, duration: Double = 0.3, from start: Double = 0) {
        physics.beginDrag(at: 500, time: start)
        let frames = Int((duration * hz).rounded())
        for frame in 1...frames {
            let t = Double(frame) / hz
            physics.drag(to: 500 - speed * t, time: start + t)
        }
    }

    // MARK: Dragging

    @Test func dragFollowsThePointerOneToOneInsideTheBounds() {
        var physics = Self.physics(at: 1_000)
        physics.beginDrag(at: 400, time: 0)
        #expect(physics.phase == .dragging)
        physics.drag(to: 350, time: 0.01)
        #expect(physics.contentOffset == 1_050)
        physics.drag(to: 500, time: 0.02)
        #expect(physics.contentOffset == 900)
        physics.drag(to: 137.25, time: 0.03)
        #expect(physics.contentOffset == 1_262.75)
    }

    @Test func rubberBandMovesTheContentLessThanTheFingerPastAnEdge() {
        var previous = 0.0
        for pull in [10.0, 50, 200, 600, 2_000] {
            var physics = Self.physics(at: 0)
            physics.beginDrag(at: 100, time: 0)
            physics.drag(to: 100 + pull, time: 0.05)
            let shown = -physics.contentOffset
            #expect(shown > previous)
            #expect(shown < pull * 0.55 + 1e-9)
            #expect(shown < 600)
            previous = shown
        }
        // Past the end too, and the content moves back 1:1 once the finger returns inside.
        var physics = Self.physics(at: 9_400)
        physics.beginDrag(at: 300, time: 0)
        physics.drag(to: 100, time: 0.05)
        #expect(physics.contentOffset > 9_400 && physics.contentOffset < 9_600)
        physics.drag(to: 400, time: 0.1)
        #expect(physics.contentOffset == 9_300)
    }

    @Test(arguments: [120.0, 60, 240])
    func releaseVelocityOfASteadyDragIsItsSpeed(hz: Double) {
        var physics = Self.physics(at: 2_000)
        Self.drag(&physics, speed: 1_000, hz: hz)
        #expect(abs(physics.velocity - 1_000) <= 5)
        physics.endDrag(time: physics.time)
        #expect(physics.phase == .decelerating)
        #expect(abs(physics.velocity - 1_000) <= 5)
    }

    @Test func releaseVelocityIgnoresIrregularEventSpacing() {
        var physics = Self.physics(at: 2_000)
        var random = SplitMix64(seed: 5)
        physics.beginDrag(at: 500, time: 0)
        var t = 0.0
        while t < 0.4 {
            t += 0.004 + random.unit() * 0.02
            physics.drag(to: 500 + 1_000 * t, time: t)  // finger down: offset falls at 1,000 pt/s
        }
        physics.endDrag(time: t)
        #expect(abs(physics.velocity + 1_000) <= 5)
    }

    /// 0.06 s: the last samples are still inside the 0.1 s window, but the pointer is still.
    @Test(arguments: [0.2, 0.06])
    func dragThatPausedBeforeReleaseDoesNotFling(pause: Double) {
        var physics = Self.physics(at: 2_000)
        Self.drag(&physics, speed: 1_000)
        let held = physics.contentOffset
        physics.endDrag(time: physics.time + pause)
        #expect(physics.velocity == 0)
        #expect(physics.phase == .idle)
        #expect(physics.targetContentOffset == nil)
        let afterPause = physics.step(to: physics.time + 1)
        #expect(afterPause == held)

        // Same with the pointer still reporting, unmoved, through the pause.
        var reporting = Self.physics(at: 2_000)
        Self.drag(&reporting, speed: 1_000)
        let y = 500 - 1_000 * 0.3
        for frame in 1...24 { reporting.drag(to: y, time: 0.3 + Double(frame) / 120) }
        reporting.endDrag(time: 0.5)
        #expect(abs(reporting.velocity) <= 5)
        #expect(reporting.phase == .idle)
    }

    // MARK: Deceleration

    @Test func decelerationKeepsPointNineNineEightOfItsVelocityPerMillisecond() {
        var physics = Self.physics(at: 1_000, content: 1_000_000)
        physics.fling(velocity: 2_000, time: 0)
        physics.step(to: 0.25)
        let before = physics.velocity
        physics.step(to: 0.251)
        #expect(abs(physics.velocity / before - 0.998) <= 1e-9)
    }

    @Test(arguments: [300.0, 1_500, 4_000, -2_500])
    func flingRestsWhereItWasProjected(velocity: Double) throws {
        var physics = Self.physics(at: 5_000, content: 1_000_000)
        physics.fling(velocity: velocity, time: 0)
        let target = try #require(physics.targetContentOffset)
        let projection = 5_000 - velocity / Self.lambda  // UIKit's projection
        #expect(abs(target - projection) <= 1)
        let (end, _) = Self.run(&physics)
        #expect(physics.phase == .idle)
        #expect(physics.contentOffset == target)
        #expect(end < 10)
    }

    @Test func pathIsTheSameAtAnyFrameRate() {
        // A fling that coasts, runs into the end, bounces and settles: every segment kind.
        func path(_ times: [Double]) -> [Double: Double] {
            var physics = Self.physics(at: 7_000)
            physics.fling(velocity: 6_000, time: 0)
            var seen: [Double: Double] = [:]
            let checkpoints = stride(from: 0.05, through: 4, by: 0.05).map { $0 }
            for t in (times + checkpoints).sorted() {
                let offset = physics.step(to: t)
                if checkpoints.contains(t) { seen[t] = offset }
            }
            #expect(physics.phase == .idle)
            return seen
        }
        var random = SplitMix64(seed: 9)
        var irregular: [Double] = []
        var t = 0.0
        while t < 4 {
            t += 0.001 + random.unit() * 0.04
            irregular.append(t)
        }
        let at60 = path((1...240).map { Double($0) / 60 })
        let at120 = path((1...480).map { Double($0) / 120 })
        let atRandom = path(irregular)
        for (time, offset) in at60 {
            #expect(abs(offset - at120[time]!) <= 1e-6, "at \(time)")
            #expect(abs(offset - atRandom[time]!) <= 1e-6, "at \(time)")
        }
        #expect(at60[at60.keys.max()!] == 9_400)
    }

    @Test func flingPastTheEndLandsExactlyOnTheEnd() {
        var physics = Self.physics(at: 9_000)
        physics.fling(velocity: 5_000, time: 0)
        #expect(physics.targetContentOffset == 9_400)
        let (_, offsets) = Self.run(&physics, hz: 120)
        #expect(offsets.max()! > 9_400)  // it overshoots and springs back…
        #expect(physics.phase == .idle)
        #expect(physics.contentOffset == 9_400)  // …onto the edge exactly
    }

    @Test func flingTowardTheTopIsTargetedAtZero() {
        var physics = Self.physics(at: 500)
        physics.fling(velocity: -4_000, time: 0)
        #expect(physics.targetContentOffset == 0)
        Self.run(&physics)
        #expect(physics.contentOffset == 0)
    }

    @Test func touchDuringAFlingStopsItAtOnce() {
        var physics = Self.physics(at: 1_000)
        physics.fling(velocity: 3_000, time: 0)
        let offset = physics.step(to: 0.2)
        let stopped = physics.touchDown(time: 0.2)
        #expect(stopped)
        #expect(physics.phase == .idle)
        #expect(physics.velocity == 0)
        #expect(physics.targetContentOffset == nil)
        let muchLater = physics.step(to: 2)
        #expect(muchLater == offset)
        let stoppedAgain = physics.touchDown(time: 2.1)
        #expect(!stoppedAgain)  // nothing to stop
    }

    // MARK: Edges

    @Test(arguments: [0.0, 9_400])
    func releasePastAnEdgeSpringsBackOntoItWithoutOvershoot(edge: Double) throws {
        var physics = Self.physics(at: edge)
        let outward = edge == 0 ? 1.0 : -1.0  // pointer direction that pulls past this edge
        physics.beginDrag(at: 300, time: 0)
        for frame in 1...30 { physics.drag(to: 300 + outward * 10 * Double(frame), time: Double(frame) / 120) }
        physics.drag(to: 600 * outward + 300, time: 0.3)
        physics.endDrag(time: 0.4)  // after a pause: no velocity
        #expect(physics.phase == .bouncing)
        #expect(physics.targetContentOffset == edge)
        let pastEdge = abs(physics.contentOffset - edge)
        #expect(pastEdge > 100)

        var worstOvershoot = 0.0
        var settled: Double?
        for ms in 1...1_000 {
            let offset = physics.step(to: 0.4 + Double(ms) / 1_000)
            worstOvershoot = max(worstOvershoot, edge == 0 ? offset : edge - offset)
            if settled == nil, physics.phase == .idle { settled = Double(ms) / 1_000 }
        }
        #expect(worstOvershoot <= 0.5)
        let settleTime = try #require(settled)
        #expect(settleTime <= 0.6)
        #expect(physics.contentOffset == edge)
    }

    @Test func flickingBackFromPastTheTopCarriesOnIntoTheContent() {
        var physics = Self.physics(at: 0)
        physics.beginDrag(at: 300, time: 0)
        physics.drag(to: 400, time: 0.05)  // pulled down past the top…
        physics.drag(to: 400, time: 0.15)  // …held…
        for frame in 1...6 { physics.drag(to: 400 - 15 * Double(frame), time: 0.2 + Double(frame) / 120) }
        physics.endDrag(time: 0.25)  // …and flicked up while still past it
        #expect(physics.contentOffset < 0)
        #expect(physics.velocity > 300)
        Self.run(&physics)
        #expect(physics.contentOffset > 100)
    }

    @Test func touchDuringABounceSpringsBackFromRest() {
        var physics = Self.physics(at: 0)
        physics.beginDrag(at: 100, time: 0)
        physics.drag(to: 400, time: 0.1)
        physics.endDrag(time: 0.3)
        physics.step(to: 0.35)
        let caught = physics.touchDown(time: 0.35)
        #expect(caught)
        #expect(physics.velocity == 0)
        #expect(physics.phase == .bouncing)
        Self.run(&physics)
        #expect(physics.contentOffset == 0)
    }

    // MARK: Programmatic scrolling

    @Test(arguments: [(50_000.0, 0.6), (300, 0.3), (2_000, 0.4)])
    func scrollToTopEndsExactlyAtZeroInBoundedTime(from offset: Double, duration: Double) {
        var physics = Self.physics(at: offset, content: 100_000)
        physics.scrollToTop(time: 1)
        #expect(physics.phase == .animating)
        #expect(physics.targetContentOffset == 0)
        let justBefore = physics.step(to: 1 + duration - 0.01)
        #expect(justBefore > 0)
        #expect(physics.phase == .animating)
        let atEnd = physics.step(to: 1 + duration)
        #expect(atEnd == 0)
        #expect(physics.phase == .idle)
    }

    @Test func scrollToTopEasesOutWithoutReversing() {
        var physics = Self.physics(at: 5_000)
        physics.scrollToTop(time: 0)
        let (_, offsets) = Self.run(&physics, hz: 120)
        let steps = zip(offsets, offsets.dropFirst()).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 >= 0 })
        #expect(steps.first! > steps.last!)  // fast first, slow last
        #expect(offsets.last == 0)
    }

    @Test func animationEndsExactlyAtItsClampedDestination() {
        var physics = Self.physics(at: 1_000)
        physics.animate(to: 3_333.3, duration: 0.25, time: 2)
        let atFirstEnd = physics.step(to: 2.25)
        #expect(atFirstEnd == 3_333.3)
        #expect(physics.phase == .idle)
        physics.animate(to: 1e9, duration: 0.25, time: 3)
        #expect(physics.targetContentOffset == 9_400)
        let atClampedEnd = physics.step(to: 3.25)
        #expect(atClampedEnd == 9_400)
    }

    // MARK: Content changes mid-motion

    @Test func growingContentMidFlingMovesTheLandingPastTheOldEnd() throws {
        var physics = Self.physics(at: 8_000)
        physics.fling(velocity: 5_000, time: 0)
        #expect(physics.targetContentOffset == 9_400)
        physics.setContentHeight(100_000, time: 0.1)  // more rows arrived
        let freeLanding = 8_000 - (5_000 - 1) / Self.lambda
        #expect(abs(try #require(physics.targetContentOffset) - freeLanding) <= 1e-6)
        Self.run(&physics)
        #expect(abs(physics.contentOffset - freeLanding) <= 1e-6)
    }

    @Test func shrinkingContentMidFlingBouncesAtTheNewEnd() {
        var physics = Self.physics(at: 1_000)
        physics.fling(velocity: 3_000, time: 0)
        let offset = physics.step(to: 0.5)
        physics.setContentHeight(1_500, time: 0.5)  // end now at 900, behind the content
        #expect(offset > 900)
        #expect(physics.phase == .bouncing)
        #expect(physics.targetContentOffset == 900)
        Self.run(&physics)
        #expect(physics.contentOffset == 900)
    }

    @Test func adjustingTheOffsetMidFlingShiftsTheWholeLanding() throws {
        var physics = Self.physics(at: 1_000, content: 1_000_000)
        physics.fling(velocity: 2_000, time: 0)
        let landing = try #require(physics.targetContentOffset)
        let offset = physics.step(to: 0.3)
        physics.adjustContentOffset(by: 250, time: 0.3)
        #expect(physics.contentOffset == offset + 250)
        #expect(abs(try #require(physics.targetContentOffset) - (landing + 250)) <= 1e-6)
    }

    @Test func adjustingTheOffsetMidDragKeepsFollowingTheFinger() {
        var physics = Self.physics(at: 1_000)
        physics.beginDrag(at: 400, time: 0)
        physics.drag(to: 300, time: 0.01)
        physics.adjustContentOffset(by: 50, time: 0.01)
        physics.drag(to: 280, time: 0.02)
        #expect(physics.contentOffset == 1_170)
    }

    // MARK: Time

    @Test func offsetAtATimeDoesNotAdvanceTheSimulation() {
        var physics = Self.physics(at: 1_000)
        physics.fling(velocity: 1_000, time: 0)
        let later = physics.offset(at: 0.5)
        #expect(physics.time == 0)
        #expect(physics.contentOffset == 1_000)
        let stepped = physics.step(to: 0.5)
        #expect(stepped == later)
    }

    @Test func simulatedClockMovesOnlyWhenAdvanced() {
        var clock = SimulatedClock(now: 10)
        var physics = Self.physics(at: 1_000)
        physics.fling(velocity: 1_000, time: clock.now)
        let atStart = physics.step(to: clock.now)
        #expect(atStart == 1_000)
        clock.advance(by: 0.25)
        clock.advance(by: 0.25)
        #expect(clock.now == 10.5)
        let later = physics.step(to: clock.now)
        #expect(later > 1_000)
    }
}
