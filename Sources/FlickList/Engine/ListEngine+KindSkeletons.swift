import Dispatch
import FlickCore

/// Kind skeletons: what a row on screen before its layout exists shows (`KindSkeletonCache`).
extension ListEngine {
    /// Takes the kind skeletons drawn since the last frame and asks for the classes of the rows
    /// about to be shown without a layout (next to the screen, the display range and the landing
    /// zone), so they are drawn before those rows come on screen. Main thread, once per frame.
    func prepareKindSkeletons(_ plan: RangePlan) {
        guard let kindSkeletons else { return }
        kindSkeletons.commit()
        prepareEstimatedKindSkeletons()
        // The rows next to the screen too — ahead of the motion only while moving (behind, rows
        // were just shown; a turn finds stand-ins, and a shorter class stretches), both sides
        // at rest: during a fast fling the display range is the screen, and a row measured
        // before (its layout since dropped) has its own height.
        let margin = max(4, plan.visible.count)
        let velocity = physics.velocity
        let before = velocity > 1 ? 0 : margin
        let after = velocity < -1 ? 0 : margin
        let near = max(0, plan.visible.lowerBound - before)..<(plan.visible.upperBound + after)
        for range in [near, plan.display, plan.landing ?? 0..<0, rowsReachedSoon()] {
            for row in range.clamped(to: 0..<heights.rowCount) {
                // A row with a bitmap of its own needs none; one with a layout whose bitmap was
                // evicted shows its kind's until it is drawn again.
                if let node = store.node(atRow: row), node.full != nil || node.skeleton != nil { continue }
                kindSkeletons.prepare(kind: heights.kind(ofRow: row), height: heights.height(ofRow: row), width: width, scale: scale)
            }
        }
    }

    /// The rows the scroll will bring on screen in the next 1/30 s at its speed now (a fast
    /// animation such as scroll-to-top passes many rows a frame), at most 32.
    private func rowsReachedSoon() -> Range<Int> {
        let distance = physics.velocity / 30
        guard heights.rowCount > 0, abs(distance) > 1 else { return 0..<0 }
        let top = physics.contentOffset
        let (from, to) = distance > 0 ? (top + viewport.height, top + viewport.height + distance) : (top + distance, top)
        let first = heights.row(atOffset: max(0, from))
        let last = heights.row(atOffset: max(0, to))
        return distance > 0 ? first..<min(last + 1, first + 32) : max(first, last - 31)..<(last + 1)
    }

    /// Keeps the classes of rows not measured yet, as tall as their kind's estimate: its
    /// class, and a standby class above it, which stands in while the estimate moves past its
    /// drawn class (a kind's first measured rows move it most). A known kind's standby is
    /// above its own estimate; the unknown kind's above every kind's (its rows may turn out to
    /// be any kind). A row taller than both still shows its kind's shape: a shorter class
    /// stretches with copies of its body (`Compositor.canStretch`). At creation (so a first
    /// frame after the workers ran shows them) and every frame; the cache's pinned classes
    /// change only when an estimate moves to another class.
    func prepareEstimatedKindSkeletons() {
        guard let kindSkeletons else { return }
        let kinds = [nil] + (0..<heights.configuration.kindCount).map(Optional.some)
        let estimates = kinds.map { heights.estimate(forKind: $0) }
        // Before rows are measured every kind is at the configured estimate; the first
        // measured rows move the estimates most, so a standby starts well above it.
        let floor = 1.75 * heights.configuration.estimatedRowHeight
        var keys: [KindSkeletonKey] = []
        keys.reserveCapacity(2 * kinds.count)
        for (kind, estimate) in zip(kinds, estimates) {
            let standby = KindSkeletonCache<Source>.standbyHeight(for: max(floor, kind == nil ? estimates.max() ?? 0 : estimate))
            keys.append(KindSkeletonKey(kind: kind, height: estimate, width: width, scale: scale))
            keys.append(KindSkeletonKey(kind: kind, height: standby, width: width, scale: scale))
        }
        if keys != kindSkeletons.pinned { kindSkeletons.pin(keys) }
    }

    /// The skeleton of `row`'s kind at its height, for a row with nothing of its own to show.
    func kindSkeleton(forRow row: Int) -> KindSkeleton? {
        kindSkeletons?.skeleton(kind: heights.kind(ofRow: row), height: heights.height(ofRow: row), width: width, scale: scale)
    }

    /// Blocks until every kind skeleton asked for so far is drawn (tests; they share the row
    /// lane, so this waits for the jobs ahead of them). Never in an interactive loop.
    public func waitForKindSkeletons() { kindSkeletons?.waitUntilIdle() }

    /// Waits at most `timeout` seconds for the kind skeletons asked for so far (those of each
    /// kind's estimate are asked for at creation); whether all were drawn. For a display's
    /// first frame, so a list opens on its rows' shapes rather than generic tiles. Main thread,
    /// outside a frame (work a frame submits starts only when the frame ends, `HeldWakes`).
    @discardableResult
    public func waitForKindSkeletons(timeout: Double) -> Bool { kindSkeletons?.waitUntilIdle(timeout: timeout) ?? true }

    /// Kind skeletons drawn so far, and the bytes of those kept.
    public var kindSkeletonCounters: (drawn: Int, bytes: Int) { (kindSkeletons?.drawn ?? 0, kindSkeletons?.bytes ?? 0) }
}
