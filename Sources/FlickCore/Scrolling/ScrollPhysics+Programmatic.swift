extension ScrollPhysics {
    /// Starts a coast at `velocity` (points per second) from the current offset, as if a drag
    /// had just been released at that speed: for scripts and benchmarks.
    /// - Precondition: `velocity` is finite.
    public mutating func fling(velocity: Double, time: Double) {
        precondition(velocity.isFinite, "fling velocity must be finite, got \(velocity)")
        step(to: time)
        release(at: contentOffset, velocity: velocity)
    }

    /// Animates to offset 0 with an ease-out whose duration grows with the distance
    /// (``Configuration/scrollToTopSpeed``) within ``Configuration/scrollToTopDuration``,
    /// ending exactly at 0.
    public mutating func scrollToTop(time: Double) {
        step(to: time)
        let top = bounds.lowerBound
        let range = configuration.scrollToTopDuration
        let duration = min(max(abs(contentOffset - top) / configuration.scrollToTopSpeed, range.lowerBound), range.upperBound)
        animate(to: top, duration: duration, time: time)
    }

    /// Animates to `offset` (clamped to the bounds) over `duration` seconds with a cubic
    /// ease-out, ending exactly there; a duration ≤ 0 jumps. Stops any drag or coast.
    /// - Precondition: `offset` is not NaN.
    public mutating func animate(to offset: Double, duration: Double, time: Double) {
        precondition(!offset.isNaN, "cannot animate to NaN")
        step(to: time)
        let destination = clamped(offset)
        guard duration > 0, destination != contentOffset else { return rest(at: destination) }
        motion = .animating(EaseOut(start: self.time, from: contentOffset, to: destination, duration: duration))
        step(to: self.time)
    }

    /// Jumps to `offset` (clamped to the bounds) and stops.
    public mutating func setContentOffset(_ offset: Double, time: Double) {
        step(to: time)
        rest(at: clamped(offset))
    }

    /// The content moved under the viewport by `delta` points — rows above the first visible
    /// one got exact heights (see ``HeightIndex/setExactHeights(_:anchoredAt:)``) — so the
    /// offset moves with it and the visible rows stay put. A coast keeps its velocity and its
    /// landing moves by `delta`; a drag keeps following the finger; an animation keeps its
    /// destination and eases there from the shifted position.
    public mutating func adjustContentOffset(by delta: Double, time: Double) {
        step(to: time)
        contentOffset += delta
        tracker.shift(by: delta)
        replan()
    }

    /// Points a running animation at a new destination (the target row's position became
    /// exact): it eases there from where it is, its remaining duration kept, so the speed stays
    /// continuous. Does nothing unless animating.
    /// - Precondition: `offset` is not NaN.
    public mutating func retargetAnimation(to offset: Double, time: Double) {
        precondition(!offset.isNaN, "cannot animate to NaN")
        step(to: time)
        guard case .animating(let ease) = motion else { return }
        motion = .animating(ease.rebased(at: self.time, position: contentOffset, destination: clamped(offset)))
        step(to: self.time)
    }

    /// The content's height changed (rows measured, appended, removed). The bounds follow; a
    /// coast re-aims (its ``targetContentOffset`` may now land elsewhere, or run into the new
    /// end), and content left past the new end springs back.
    public mutating func setContentHeight(_ height: Double, time: Double) {
        step(to: time)
        contentHeight = height
        replan()
    }

    /// New space beyond the content's ends (a refresh header held open, a footer shown or
    /// gone); as ``setContentHeight(_:time:)``: an offset left outside the new bounds springs
    /// back, a coast re-aims.
    public mutating func setInsets(_ insets: ScrollInsets, time: Double) {
        step(to: time)
        guard insets != self.insets else { return }
        self.insets = insets
        replan()
    }

    /// The viewport's height changed; as ``setContentHeight(_:time:)``.
    public mutating func setViewportHeight(_ height: Double, time: Double) {
        step(to: time)
        viewportHeight = height
        replan()
    }

    /// Re-derives the current motion from the current offset and velocity (after the offset,
    /// the content or the viewport changed). A coast's curve is memoryless, so restarting it
    /// from where it is continues the same motion.
    private mutating func replan() {
        switch motion {
        case .resting:
            if !bounds.contains(contentOffset) { release(at: contentOffset, velocity: 0) }
        case .dragging(var drag):
            drag.rawStart = RubberBand.raw(forOffset: contentOffset, bounds: bounds, viewport: viewportHeight, coefficient: configuration.rubberBandCoefficient)
            drag.pointerStart = drag.pointer
            motion = .dragging(drag)
        case .decelerating, .bouncing:
            release(at: contentOffset, velocity: velocity)
        case .animating(let ease):
            motion = .animating(ease.rebased(at: time, position: contentOffset, destination: clamped(ease.to)))
            step(to: time)
        }
    }

    private func clamped(_ offset: Double) -> Double {
        min(max(offset, bounds.lowerBound), bounds.upperBound)
    }
}
