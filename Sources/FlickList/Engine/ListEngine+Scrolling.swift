import FlickCore

extension ListEngine {
    /// Scrolls so `row` sits at `align` in the viewport, and keeps re-aiming while the heights
    /// of rows above it (estimates, on a long list) become exact, so it lands exactly on the
    /// row, not where its estimate was. Animated, it eases there (the destination is drawn
    /// first); otherwise it jumps. A touch, drag or fling ends it. `row` is in the source's
    /// current numbering: asked before changes told by `apply(_:)` reach a frame, it waits for
    /// them. Main thread.
    public func scrollTo(row: Int, align: ScrollAlignment = .top, animated: Bool = false, time: Double) {
        opensAtBottom = false
        if !pendingChanges.isEmpty {
            pendingScroll = .row(row, align: align, animated: animated)
            return
        }
        start(ScrollTarget(row: row, align: align, animated: animated, deadline: time + Self.scrollToLimit), time: time)
    }

    /// `scrollTo(row:)` for the row showing item `id`. Returns false when the engine cannot
    /// find it (the source does not know, and it is not near the viewport); while changes wait
    /// for a frame, it is looked up after them and the answer is true.
    @discardableResult
    public func scrollTo(item id: Source.Item.ID, align: ScrollAlignment = .top, animated: Bool = false, time: Double) -> Bool {
        opensAtBottom = false
        if !pendingChanges.isEmpty {
            pendingScroll = .item(id, align: align, animated: animated)
            return true
        }
        guard let row = store.rowOf[id] ?? source.row(ofItem: id), row < heights.rowCount else { return false }
        scrollTo(row: row, align: align, animated: animated, time: time)
        return true
    }

    /// Whether a `scrollTo` is still re-aiming (or waiting for changes to apply first).
    public var isScrollingToTarget: Bool { scrollTarget != nil || pendingScroll != nil }

    /// Longest a `scrollTo` keeps re-aiming, seconds: 3 s, far past any animation, so a row that
    /// can never be measured (its layout failed) does not hold the list forever.
    static var scrollToLimit: Double { 3 }

    private func start(_ target: ScrollTarget, time: Double) {
        guard heights.rowCount > 0 else { return }
        var target = target
        target.row = min(max(0, target.row), heights.rowCount - 1)
        scrollTarget = target
        let destination = offset(for: target)
        if target.animated {
            let distance = abs(destination - physics.contentOffset)
            let range = configuration.physics.scrollToTopDuration
            let duration = min(max(distance / configuration.physics.scrollToTopSpeed, range.lowerBound), range.upperBound)
            physics.animate(to: destination, duration: duration, time: time)
        } else {
            physics.setContentOffset(destination, time: time)
        }
    }

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

    /// After this frame's updates: a waiting `scrollTo` starts, a running one re-aims, a
    /// pinned chat keeps its bottom edge, and the "new rows above" count clears at the top.
    func keepPlace(time: Double) {
        if let pending = pendingScroll {
            pendingScroll = nil
            switch pending {
            case .row(let row, let align, let animated): scrollTo(row: row, align: align, animated: animated, time: time)
            case .item(let id, let align, let animated): scrollTo(item: id, align: align, animated: animated, time: time)
            }
        }
        if let target = scrollTarget { aim(at: target, time: time) }
        if configuration.anchorEdge == .bottom { keepBottom(time: time) }
        if physics.contentOffset <= 0 { rowsInsertedAbove = 0 }
    }

    /// Reverse mode. Whether the list is pinned is decided by where the reader left it
    /// (`bottomGap`, measured before this frame's updates), never by the updates themselves;
    /// while pinned, whatever the updates did to the distance from the bottom edge is undone
    /// by moving the offset — so a coast or a bounce goes on, and content appended or growing
    /// at the bottom stays in view.
    private func keepBottom(time: Double) {
        let bottom = physics.bounds.upperBound
        if opensAtBottom {
            opensAtBottom = false
            physics.setContentOffset(bottom, time: time)
            isPinnedToBottom = true
            return
        }
        guard scrollTarget == nil else { return }
        isPinnedToBottom = bottomGap <= configuration.pinTolerance
        let gap = bottom - physics.contentOffset
        if isPinnedToBottom, gap != bottomGap {
            physics.adjustContentOffset(by: gap - bottomGap, time: time)
        }
    }

    private func aim(at target: ScrollTarget, time: Double) {
        guard target.row < heights.rowCount, time < target.deadline else {
            scrollTarget = nil
            return
        }
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
