import FlickCore

extension ListEngine {
    /// Tells the engine the source changed: `changes` turn the rows it had into the rows it has
    /// now (the source already shows the new state). Applied atomically at the next frame,
    /// with the reader's row kept still (see `Configuration.anchorEdge`). Several calls before a
    /// frame apply in order. Rows whose item keeps its identity keep their layout and bitmap
    /// wherever they move; reloaded rows show their old bitmap until the new one is ready.
    /// Main thread.
    public func apply(_ changes: ListChanges) {
        assert(changes.invariantViolation() == nil, "malformed ListChanges: \(changes.invariantViolation() ?? "")")
        // A snapshot still being diffed was made against the rows before this batch: it goes
        // first, so this batch builds on it.
        settlePendingSnapshot()
        // Index-keyed work queued before this point is void from now on: the source already
        // shows the new order.
        store.invalidateFetches()
        pendingChanges.append(changes)
    }

    /// Applies a snapshot whose diff is still running, waiting for it: batch updates that
    /// follow then build on it. Main thread; blocks for the rest of that diff.
    public func settlePendingSnapshot() {
        guard let pending = pendingSnapshot else { return }
        pendingSnapshot = nil  // cleared first: applying it calls `apply(_:)`
        snapshotDiffs.wait()
        _ = pending()
    }

    /// Forgets the "N new posts" count (the pill was tapped or dismissed).
    public func clearRowsInsertedAbove() { rowsInsertedAbove = 0 }

    /// Everything that changes row heights, applied at the start of a frame with the reader's
    /// row kept still: structural changes, then worker results (exact heights), then the
    /// source's hints. Measures drift and fling continuity for `updateStatistics`.
    func applyUpdates(time: Double) {
        if let pending = pendingSnapshot {
            pendingSnapshot = nil
            if !pending() { pendingSnapshot = pending }  // its diff is not done yet
        }
        let before = anchorProbe()
        var touched = false
        var follow: (Int) -> Int? = { $0 }
        var anchored = false
        let batches = pendingChanges
        pendingChanges.removeAll()
        for changes in batches {
            // The reader's row in this batch's numbering (earlier batches moved it).
            let current = before.flatMap { follow($0.row) }
            guard let result = applyStructure(changes, time: time) else {
                touched = true  // the source and the engine disagreed: rows were rebuilt
                break
            }
            anchored = anchored || result.anchored
            if before != nil, current.map({ result.touches($0) }) ?? true { touched = true }
            let previous = follow
            follow = { row in previous(row).flatMap { changes.newIndex(ofOld: $0) } }
            updateStatistics.updatesApplied += 1
        }
        if !batches.isEmpty, heights.rowCount != source.rowCount {
            // The batches fit the engine but not the source (a client bug): rebuild from the source.
            resynchronize(time: time)
            touched = true
        }
        // Heights committed now keep the reader's row of the frame's start, followed through
        // the batches (a row moved into view must not take its place as the anchor).
        anchorOverride = touched ? nil : before.flatMap { follow($0.row) }
        if commitRows(time: time) { anchored = true }
        anchorOverride = nil
        guard anchored, let before else { return }
        measure(before, follow: follow, touched: touched)
    }

    /// The reader's row (`measuredAnchorRow`), its screen position and the motion before
    /// this frame's updates.
    private func anchorProbe() -> (row: Int, y: Double, phase: ScrollPhysics.Phase, velocity: Double)? {
        guard heights.rowCount > 0 else { return nil }
        let row = measuredAnchorRow()
        return (row, heights.offset(ofRow: row) - physics.contentOffset, physics.phase, physics.velocity)
    }

    private func measure(
        _ before: (row: Int, y: Double, phase: ScrollPhysics.Phase, velocity: Double), follow: (Int) -> Int?, touched: Bool
    ) {
        if before.phase == .decelerating {
            let speed = abs(before.velocity)
            if physics.phase != .decelerating || abs(physics.velocity - before.velocity) > 0.01 * speed {
                updateStatistics.flingsBrokenByUpdates += 1
            }
        }
        // Pinned to the bottom, or revealing rows at the top, the move is the point.
        guard !touched, !(configuration.anchorEdge == .bottom && isPinnedToBottom), let row = follow(before.row),
            row < heights.rowCount
        else { return }
        if configuration.insertionsAtTop == .reveal, physics.contentOffset <= 0, before.y >= 0 { return }
        updateStatistics.anchoredUpdates += 1
        let y = heights.offset(ofRow: row) - physics.contentOffset
        updateStatistics.anchorDriftMax = max(updateStatistics.anchorDriftMax, abs(y - before.y))
    }

    /// What one structural change did: whether the offset was corrected, and which old rows
    /// it touched (deleted, moved or reloaded).
    struct StructureResult {
        let anchored: Bool
        let changes: ListChanges

        func touches(_ row: Int) -> Bool {
            guard row >= 0, row < changes.oldCount else { return true }
            return changes.newIndex(ofOld: row) == nil || changes.reloads.contains(row)
                || changes.moves.contains { $0.from == row }
        }
    }

    /// Applies one batch to the height index and the row store, keeping the reader's row (the
    /// first measured one in view, or the next that survives) where it is on screen. Nil when the batch does not
    /// fit the rows the engine has (a client bug): everything is rebuilt from the source.
    private func applyStructure(_ changes: ListChanges, time: Double) -> StructureResult? {
        let oldCount = heights.rowCount
        guard changes.oldCount == oldCount, changes.newCount == changes.oldCount - changes.deletes.count + changes.inserts.count
        else {
            resynchronize(time: time)
            return nil
        }
        let offset = physics.contentOffset
        let moved = Set(changes.moves.map(\.from))
        let departing = configuration.animatesUpdates ? departingRuns(changes, offset: offset) : []
        var anchor: (row: Int, y: Double)?
        if oldCount > 0 {
            var row = measuredAnchorRow()
            while row < oldCount, changes.newIndex(ofOld: row) == nil || moved.contains(row) { row += 1 }
            if row < oldCount { anchor = (row, heights.offset(ofRow: row) - offset) }
        }
        reshape(&heights, with: changes)
        store.structureChanged(changes)
        selectionFollow(changes)
        animations.follow(changes)
        let reloaded = changes.reloads.compactMap { changes.newIndex(ofOld: $0) }.compactMap { store.rowIDs[$0] ?? source.item(at: $0)?.id }
        if !reloaded.isEmpty { store.reload(reloaded) }
        if let target = scrollTarget {
            if let row = changes.newIndex(ofOld: target.row) { scrollTarget?.row = row } else { scrollTarget = nil }
        }
        physics.setContentHeight(heights.totalHeight, time: time)
        let revealing = configuration.insertionsAtTop == .reveal && offset <= 0 && physics.phase != .dragging
        let anchorRow = anchor.flatMap { changes.newIndex(ofOld: $0.row) }
        defer { if configuration.animatesUpdates { animate(changes, departing: departing, anchorRow: anchorRow ?? 0) } }
        guard let anchor, let newRow = anchorRow, !revealing else {
            return StructureResult(anchored: false, changes: changes)
        }
        let shift = heights.offset(ofRow: newRow) - physics.contentOffset - anchor.y
        if shift != 0 { physics.adjustContentOffset(by: shift, time: time) }
        let above = changes.inserts.prefix { $0 < newRow }.count
        if heights.offset(ofRow: newRow) > 0 { rowsInsertedAbove += above }
        return StructureResult(anchored: true, changes: changes)
    }

    /// The height index after `changes`: deleted and moved-from rows removed (bottom up, in
    /// runs), then inserted and moved-to rows added (top down, in runs), moved rows keeping
    /// their exact heights and kinds. Cost follows the rows touched.
    private func reshape(_ index: inout HeightIndex, with changes: ListChanges) {
        var carried: [Int: (height: Double?, kind: Int?)] = [:]
        for move in changes.moves {
            carried[move.to] = (index.isExact(row: move.from) ? index.height(ofRow: move.from) : nil, index.kind(ofRow: move.from))
        }
        let removed = (changes.deletes + changes.moves.map(\.from)).sorted()
        for run in Self.runs(removed).reversed() { index.removeRows(in: run) }
        let added = (changes.inserts + changes.moves.map(\.to)).sorted()
        for run in Self.runs(added) { index.insertRows(at: run.lowerBound, count: run.count) }
        for (row, state) in carried {
            if let height = state.height {
                index.setExactHeight(height, forRow: row, kind: state.kind)
            } else if let kind = state.kind {
                index.setKind(kind, forRow: row)
            }
        }
    }

    /// Sorted indices grouped into maximal runs of consecutive values (`RowSet.runs`).
    static func runs(_ sorted: [Int]) -> [Range<Int>] { RowSet.runs(sorted) }

    /// The source's row count no longer matches the engine's: every row is estimated again at
    /// the source's count, the top row kept by index.
    private func resynchronize(time: Double) {
        let top = heights.rowCount > 0 ? heights.row(atOffset: max(0, physics.contentOffset)) : 0
        heights = HeightIndex(rowCount: source.rowCount, configuration: heights.configuration)
        selectionClamp(toRowCount: heights.rowCount)
        store.reset()
        pendingChanges.removeAll()
        scrollTarget = nil
        animations = UpdateAnimations()
        lastSticky = nil
        rowsInsertedAbove = 0
        physics.setContentHeight(heights.totalHeight, time: time)
        if heights.rowCount > 0 { physics.setContentOffset(heights.offset(ofRow: min(top, heights.rowCount - 1)), time: time) }
    }

    /// Runs `update` on the height index and moves the offset by however far the anchor row
    /// moved, so nothing the reader reads jumps. Main thread.
    func keepingAnchor(time: Double, _ update: (inout HeightIndex) -> Void) {
        let anchor = anchorOverride.flatMap { $0 < heights.rowCount ? $0 : nil } ?? measuredAnchorRow()
        let correction = heights.keepingAnchor(row: anchor, update)
        physics.setContentHeight(heights.totalHeight, time: time)
        if correction != 0 { physics.adjustContentOffset(by: correction, time: time) }
    }

    /// The row kept still when heights change: the first row in the viewport whose height is
    /// measured — what the reader can actually be reading — or the top row when none is. A
    /// row still at its estimate (just inserted above, or scrolled into from above) takes its
    /// real height without moving the measured rows under it: its own top moves instead, off
    /// the top edge. O(visible rows · log n).
    func measuredAnchorRow() -> Int {
        let top = heights.row(atOffset: max(0, physics.contentOffset))
        let bottom = physics.contentOffset + viewport.height
        var row = top
        while row < heights.rowCount, heights.offset(ofRow: row) < bottom {
            if heights.isExact(row: row) { return row }
            row += 1
        }
        return top
    }

    /// Applies what the source learned about rows as their data arrived — kinds (so unmeasured
    /// rows take their kind's estimate) and heights persisted for the current width (exact
    /// without a layout) — keeping the row at the top of the viewport where it is. Main
    /// thread, once per frame. Returns whether there were any.
    func applyRowHints(time: Double) -> Bool {
        let hints = source.takeRowHints()
        guard !hints.isEmpty else { return false }
        let kindCount = heights.configuration.kindCount
        let width = width
        keepingAnchor(time: time) { index in
            for hint in hints where hint.row >= 0 && hint.row < index.rowCount {
                let kind = hint.kind.flatMap { (0..<kindCount).contains($0) ? $0 : nil }
                if let height = hint.height, hint.width == width, height.isFinite, height >= 0 {
                    index.setExactHeight(height, forRow: hint.row, kind: kind)
                } else if let kind {
                    index.setKind(kind, forRow: hint.row)
                }
            }
        }
        return true
    }
}
