import FlickCore
import Testing

@Suite("ScrollPhysics insets")
struct ScrollInsetsTests {
    @Test("a top inset lets the content rest above its first row; removing it springs back to 0")
    func topInsetHoldsAndReleases() {
        var physics = ScrollPhysicsTests.physics()
        // Pull down 200 pt past the top and let go with the header held open (60 pt).
        physics.beginDrag(at: 100, time: 0)
        physics.drag(to: 600, time: 0.3)
        #expect(physics.contentOffset < -60)
        physics.setInsets(ScrollInsets(top: 60), time: 0.3)
        _ = physics.endDrag(time: 0.35)
        ScrollPhysicsTests.run(&physics)
        #expect(abs(physics.contentOffset - -60) < 0.01, "rests with the header open, got \(physics.contentOffset)")
        #expect(physics.bounds.lowerBound == -60)
        physics.setInsets(ScrollInsets(), time: physics.time)
        ScrollPhysicsTests.run(&physics)
        #expect(abs(physics.contentOffset) < 0.01, "back at the first row, got \(physics.contentOffset)")
    }

    @Test("a bottom inset extends the end: a fling to the end rests past the last row by it")
    func bottomInsetExtendsEnd() {
        var physics = ScrollPhysicsTests.physics(at: 9_000)
        physics.setInsets(ScrollInsets(bottom: 44), time: 0)
        #expect(physics.bounds.upperBound == 10_000 + 44 - 600)
        physics.fling(velocity: 5_000, time: 0)
        ScrollPhysicsTests.run(&physics)
        #expect(abs(physics.contentOffset - 9_444) < 0.01, "got \(physics.contentOffset)")
        // Short content: the end is never above the top.
        var short = ScrollPhysics(contentHeight: 100, viewportHeight: 600)
        short.setInsets(ScrollInsets(top: 50, bottom: 44), time: 0)
        #expect(short.bounds == -50 ... -50)
    }
}
