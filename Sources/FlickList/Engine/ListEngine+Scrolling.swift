import FlickCore

extension ListEngine {
    /// Scrolls so `row` sits at `align` in the viewport, and keeps re-aiming while the heights
    /// of rows above it (estimates, on a long list) become exact, so it lands exactly on the
    /// row, not where its estimate was. Animated, it eases there (the destination is drawn
    /// first); otherwise it jumps. A touch, drag or fling ends it. Main thread.
    public func scrollTo(row: Int, align: ScrollAlignment = .top, animated: Bool = false, time: Double) {
        guard heights.rowCount > 0 else { return }
        let row = min(max(0, row), heights.rowCount - 1)
        scrollTarget = ScrollTarget(row: row, align: align, animated: animated)
        let destination = offset(for: scrollTarget!)
        if animated {
            let distance = abs(destination - physics.contentOffset)
            let range = configuration.physics.scrollToTopDuration
            let duration = min(max(distance / configuration.physics.scrollToTopSpeed, range.lowerBound), range.upperBound)
            physics.animate(to: destination, duration: duration, time: time)
        } else {
            physics.setContentOffset(destination, time: time)
        }
    }

    /// `scrollTo(row:)` for the row showing item `id`. Returns false when the engine cannot
    /// find it (the source does not know, and it is not near the viewport).
    @discardableResult
    public func scrollTo(item id: Source.Item.ID, align: ScrollAlignment = .top, animated: Bool = false, time: Double) -> Bool {
        guard let row = store.rowOf[id] ?? source.row(ofItem: id), row < heights.rowCount else { return false }
        scrollTo(row: row, align: align, animated: animated, time: time)
        return true
    }

    /// Whether a `scrollTo` is still re-aiming.
    public var isScrollingToTarget: Bool { scrollTarget != nil }

    /// The offset that puts the target's row at its alignment, within the bounds.
    func offset(for target: ScrollTarget) -> Double {
        let top = heights.offset(ofRow: target.row)
        let height = heights.height(ofRow: target.row)
        let viewportHeight = viewport.height
        let wanted: Double =
            switch target.align {
            case .top: top
            case .center: top + height / 2 - viewportHeight / 2
            case .bottom: top + height - viewportHeight
            }
        return min(max(wanted, physics.bounds.lowerBound), physics.bounds.upperBound)
    }

    /// After this frame's updates: a `scrollTo` re-aims, a pinned chat stays at the bottom, and
    /// the "new rows above" count clears at the top.
    func keepPlace(time: Double) {
        if let target = scrollTarget { aim(at: target, time: time) }
        if configuration.anchorEdge == .bottom {
            let bottom = physics.bounds.upperBound
            // Pinned, the bottom edge holds whatever the content does (a drag or a `scrollTo`
            // owns the offset instead).
            if isPinnedToBottom, scrollTarget == nil, physics.phase != .dragging, physics.phase != .animating,
                physics.contentOffset != bottom
            {
                physics.setContentOffset(bottom, time: time)
            }
            isPinnedToBottom = physics.contentOffset >= bottom - configuration.pinTolerance
        }
        if physics.contentOffset <= 0 { rowsInsertedAbove = 0 }
    }

    private func aim(at target: ScrollTarget, time: Double) {
        switch physics.phase {
        case .dragging, .decelerating, .bouncing:
            scrollTarget = nil  // the reader took over
        case .animating:
            let destination = offset(for: target)
            if physics.targetContentOffset != destination { physics.retargetAnimation(to: destination, time: time) }
        case .idle:
            let destination = offset(for: target)
            if physics.contentOffset != destination { physics.setContentOffset(destination, time: time) }
            // Done once everything on screen is measured: nothing above can move it any more
            // that the anchor does not absorb.
            let visible = heights.rows(from: physics.contentOffset, to: physics.contentOffset + viewport.height)
            if heights.isExact(row: target.row), visible.allSatisfy({ heights.isExact(row: $0) }) { scrollTarget = nil }
        }
    }
}
