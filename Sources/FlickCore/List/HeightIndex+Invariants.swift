extension HeightIndex {
    /// The first broken invariant of the index, described, or nil when it is sound. O(covered
    /// rows × kinds): for tests and model checks, never per frame.
    ///
    /// Checked: the storage's shape (capacity a power of two, touched rows within it, nothing
    /// stored past them, the hole count); every Fenwick node's exact-height sum and category
    /// counts against the rows it covers; no hole or measured row in the headroom above row 0
    /// or past the last row; and the running averages' sums and counts against the exact heights
    /// the rows hold.
    public func invariantViolation() -> String? {
        if rowCount < 0 || base < 0 { return "negative row count \(rowCount) or base \(base)" }
        if let broken = storage.invariantViolation() { return broken }
        let first = stored(0)
        let end = stored(rowCount)
        if storage.holes(before: base) > 0 { return "holes in the headroom above row 0 (base \(base))" }
        var exact: (count: Int, sum: Double) = (0, 0)
        var byKind = Array(repeating: (count: 0, sum: 0.0), count: configuration.kindCount)
        for row in 0..<storage.touchedEnd {
            guard let height = storage.exactHeight(ofRow: row) else {
                if (row < first || row >= end), storage.kind(ofRow: row) != nil {
                    return "storage row \(row) outside the list's rows (\(first)..<\(end)) is tagged"
                }
                continue
            }
            if row < first || row >= end { return "storage row \(row) outside the list's rows (\(first)..<\(end)) is measured" }
            exact.count += 1
            exact.sum += height
            if let kind = storage.kind(ofRow: row) {
                byKind[kind].count += 1
                byKind[kind].sum += height
            }
        }
        return statistics.invariantViolation(exact: exact, byKind: byKind)
    }
}

extension HeightIndex.Statistics {
    /// Whether the running sums and counts are those of `exact` and `byKind` (the exact heights
    /// the rows hold), to float rounding.
    func invariantViolation(exact: (count: Int, sum: Double), byKind: [(count: Int, sum: Double)]) -> String? {
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(b)) }
        if exactCount != exact.count || !close(exactSum, exact.sum) {
            return "running average of \(exactCount) rows summing \(exactSum), rows hold \(exact.count) summing \(exact.sum)"
        }
        for kind in byKind.indices where exactCountByKind[kind] != byKind[kind].count || !close(exactSumByKind[kind], byKind[kind].sum) {
            return "kind \(kind): running average of \(exactCountByKind[kind]) rows summing \(exactSumByKind[kind]), rows hold \(byKind[kind].count) summing \(byKind[kind].sum)"
        }
        return nil
    }
}

extension HeightIndex.Storage {
    /// The first broken invariant of the storage, described, or nil.
    func invariantViolation() -> String? {
        if capacity != 0 && (capacity < Self.minimumCapacity || capacity & (capacity - 1) != 0) {
            return "capacity \(capacity) is not a power of two of at least \(Self.minimumCapacity)"
        }
        if touchedEnd > capacity { return "touched rows \(touchedEnd) past the capacity \(capacity)" }
        // Per-row values and their prefix sums: prefix[r] covers storage rows 0..<r.
        var heights = [Double](repeating: 0, count: capacity + 1)
        var counts = [Int](repeating: 0, count: (capacity + 1) * stride)
        var holes = 0
        for row in 0..<capacity {
            let next = row + 1
            heights[next] = heights[row]
            for category in 0..<stride { counts[next * stride + category] = counts[row * stride + category] }
            if row >= touchedEnd {
                if exactHeight(ofRow: row) != nil || isHole(row) || kind(ofRow: row) != nil {
                    return "storage row \(row) past the touched rows (\(touchedEnd)) holds state"
                }
                continue
            }
            let category: Int?
            if isHole(row) {
                holes += 1
                category = holeCategory
            } else if let height = exactHeight(ofRow: row) {
                heights[next] += height
                category = 0
            } else {
                category = kind(ofRow: row).map { $0 + 1 }
            }
            if let category { counts[next * stride + category] += 1 }
        }
        if holes != holeCount { return "hole count \(holeCount), storage holds \(holes)" }
        guard capacity > 0 else { return nil }
        for node in 1...capacity {
            let low = node - (node & -node)
            let sum = heights[node] - heights[low]
            if abs(sums[node] - sum) > 1e-6 * max(1, abs(sum)) {
                return "tree node \(node) sums \(sums[node]), its rows \(low)..<\(node) hold \(sum)"
            }
            for category in 0..<stride {
                let expected = counts[node * stride + category] - counts[low * stride + category]
                if Int(self.counts[node * stride + category]) != expected {
                    return "tree node \(node) counts \(self.counts[node * stride + category]) of category \(category), its rows \(low)..<\(node) hold \(expected)"
                }
            }
        }
        return nil
    }
}
