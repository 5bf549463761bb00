import FlickCore
import FlickWindow
import Testing

@Suite("Frame pacing and key scrolling")
struct PacingAndScrollingTests {
    @Test func framesStartOnTheGridAndSkipMissedPoints() {
        let pacer = FramePacer(hz: 100, start: 1)
        // A short frame waits for the next grid point.
        #expect(abs(pacer.nextDeadline(frameStart: 1, now: 1.003) - 1.01) < 1e-12)
        // A frame overrunning by half an interval skips one grid point, never rushes.
        #expect(abs(pacer.nextDeadline(frameStart: 1.01, now: 1.025) - 1.03) < 1e-12)
        // Woken a little late: the next frame is still the next grid point.
        #expect(abs(pacer.nextDeadline(frameStart: 1.0201, now: 1.021) - 1.03) < 1e-12)
    }

    @Test func vsyncOnlyForARealMatchingRefreshRate() {
        #expect(PresentTiming(refreshRate: 0, hz: 60) == .timer, "Xvfb reports 0 Hz")
        #expect(PresentTiming(refreshRate: 60, hz: 60) == .vsync)
        #expect(PresentTiming(refreshRate: 60, hz: 120) == .timer)
        #expect(PresentTiming(refreshRate: 119, hz: 120) == .vsync)
    }

    @Test func aFlingForADistanceCoastsThatDistance() {
        let distance = ScrollDistance()
        for target in [60.0, 600, 3_000, -600] {
            var physics = ScrollPhysics(contentHeight: 1e9, viewportHeight: 667, contentOffset: 1e6)
            physics.fling(velocity: distance.flingVelocity(forDistance: target), time: 0)
            let travelled = (physics.targetContentOffset ?? 0) - 1e6
            #expect(abs(travelled - target) < 0.5, "asked \(target), coasted \(travelled)")
        }
        #expect(distance.flingVelocity(forDistance: 0) == 0)
    }

    @Test func wheelVelocityAddsDistanceToACoastGoingTheSameWay() {
        let distance = ScrollDistance()
        let first = distance.wheelVelocity(distance: 120, currentVelocity: 0)
        let second = distance.wheelVelocity(distance: 120, currentVelocity: first)
        var physics = ScrollPhysics(contentHeight: 1e9, viewportHeight: 667, contentOffset: 1e6)
        physics.fling(velocity: second, time: 0)
        #expect(abs((physics.targetContentOffset ?? 0) - 1e6 - 240) < 0.5)
        // Reversing replaces the coast.
        #expect(distance.wheelVelocity(distance: -120, currentVelocity: first) == distance.flingVelocity(forDistance: -120))
    }
}
