extension ScrollPhysics {
    /// A finger landed. Any fling, bounce or animation stops at once, velocity 0 — VVebo's
    /// hitTest rule: a tap during a fling stops the list rather than tapping a row flying by.
    /// Content caught past an edge keeps springing back, from rest.
    /// - Returns: whether it stopped a moving scroll (the range policy's `touchedDuringFling`).
    @discardableResult
    public mutating func touchDown(time: Double) -> Bool {
        step(to: time)
        switch motion {
        case .resting, .dragging:
            return false
        case .decelerating, .bouncing, .animating:
            release(at: contentOffset, velocity: 0)
            return true
        }
    }

    /// Starts a drag with the finger at `pointerY` (view coordinates, points). Stops any
    /// motion first, as ``touchDown(time:)`` does.
    public mutating func beginDrag(at pointerY: Double, time: Double) {
        step(to: time)
        let raw = RubberBand.raw(forOffset: contentOffset, bounds: bounds, viewport: viewportHeight, coefficient: configuration.rubberBandCoefficient)
        motion = .dragging(Drag(pointerStart: pointerY, rawStart: raw, pointer: pointerY))
        velocity = 0
        tracker.reset()
        tracker.add(time: self.time, offset: contentOffset)
    }

    /// The finger moved to `pointerY`. Inside the bounds the content follows it exactly (the
    /// offset changes by minus the pointer's change: finger up, offset up); past an edge it
    /// follows rubber-banded. Ignored when not dragging.
    public mutating func drag(to pointerY: Double, time: Double) {
        guard case .dragging(var drag) = motion else { return }
        step(to: time)
        drag.pointer = pointerY
        motion = .dragging(drag)
        let raw = drag.rawStart + (drag.pointerStart - pointerY)
        contentOffset = RubberBand.offset(forRaw: raw, bounds: bounds, viewport: viewportHeight, coefficient: configuration.rubberBandCoefficient)
        tracker.add(time: self.time, offset: contentOffset)
        velocity = releaseVelocity()
    }

    /// The finger lifted. The release velocity is a least-squares fit over the last
    /// ``Configuration/velocityWindow`` of samples (0 if the finger had paused); from there the
    /// content coasts, or springs back if it was pulled past an edge.
    /// - Returns: ``targetContentOffset``, where it will rest (nil if it is already at rest).
    @discardableResult
    public mutating func endDrag(time: Double) -> Double? {
        guard case .dragging = motion else { return targetContentOffset }
        step(to: time)
        release(at: contentOffset, velocity: releaseVelocity())
        return targetContentOffset
    }

    private func releaseVelocity() -> Double {
        tracker.velocity(at: time, window: configuration.velocityWindow, stillInterval: configuration.stillPointerInterval)
    }
}
