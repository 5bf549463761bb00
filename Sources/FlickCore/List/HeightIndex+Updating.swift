extension HeightIndex {
    /// Records the measured height of `row`, replacing any earlier one. O(log n + K).
    ///
    /// With `.runningAverage` this also moves the estimates, and so the offset of every row
    /// below an estimated one: when the viewport must not move, use
    /// ``setExactHeights(_:anchoredAt:)`` and apply the correction it returns.
    /// - Parameters:
    ///   - kind: also tag the row with this kind; `nil` keeps its current tag.
    /// - Precondition: `height` is finite and ≥ 0. Bad heights are refused, not clamped: a
    ///   NaN or negative height is a layout bug, and clamping it would hide it as a gap.
    public mutating func setExactHeight(_ height: Double, forRow row: Int, kind: Int? = nil) {
        recordExactHeight(height, forRow: row, kind: kind)
        statistics.refresh()
    }

    /// Sends `row` back to its estimate (its content changed; it will be measured again). Its
    /// kind tag stays. O(log n + K).
    public mutating func invalidate(row: Int) {
        checkRow(row)
        let at = stored(row)
        guard let old = storage.exactHeight(ofRow: at) else { return }
        let kind = storage.kind(ofRow: at)
        statistics.record(old, kind: kind, sign: -1)
        storage.setState(ofRow: at, exact: nil, kind: kind)
        statistics.refresh()
    }

    /// Tags `row` with `kind` (or untags it with `nil`), so while estimated it takes that
    /// kind's estimate. Tag rows when their kind becomes known cheaply — e.g. as they enter
    /// the data window — never in a pass over all rows. O(log n + K).
    public mutating func setKind(_ kind: Int?, forRow row: Int) {
        checkRow(row)
        if let kind { checkKind(kind) }
        reserveHeadroomBeforeFirstTouch()
        let at = stored(row)
        let oldKind = storage.kind(ofRow: at)
        guard kind != oldKind else { return }
        let exact = storage.exactHeight(ofRow: at)
        if let exact {
            statistics.record(exact, kind: oldKind, sign: -1)
            statistics.record(exact, kind: kind, sign: +1)
        }
        storage.setState(ofRow: at, exact: exact, kind: kind)
        statistics.refresh()
    }

    /// `setExactHeight` without refreshing the estimates, for batches.
    mutating func recordExactHeight(_ height: Double, forRow row: Int, kind: Int?) {
        checkRow(row)
        precondition(height.isFinite && height >= 0, "row height must be finite and ≥ 0, got \(height) for row \(row)")
        if let kind { checkKind(kind) }
        reserveHeadroomBeforeFirstTouch()
        let at = stored(row)
        let oldKind = storage.kind(ofRow: at)
        if let old = storage.exactHeight(ofRow: at) { statistics.record(old, kind: oldKind, sign: -1) }
        let newKind = kind ?? oldKind
        statistics.record(height, kind: newKind, sign: +1)
        storage.setState(ofRow: at, exact: height, kind: newKind)
    }
}

extension HeightIndex {
    /// Before the first row is stored, row 0 moves `topHeadroom` rows into storage: the first
    /// rows inserted on top then take that room instead of moving every row measured since (a
    /// live feed's first new post, once a million rows were touched: a 12 ms frame). Free —
    /// nothing is stored yet, and untouched storage costs no memory.
    mutating func reserveHeadroomBeforeFirstTouch() {
        if base == 0, storage.touchedEnd == 0 { base = Self.topHeadroom }
    }
}
