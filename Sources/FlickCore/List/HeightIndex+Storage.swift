extension HeightIndex {
    /// Per-row state and a Fenwick tree over the covered prefix of rows `0..<capacity`.
    ///
    /// Node i (1-based) covers rows `(i − lowbit(i)) ..< i` and holds the sum of their exact
    /// heights plus, per category, how many of them are exact, tagged-and-estimated or holes
    /// (a *hole* is a removed row's storage: zero height, no row, see `HeightIndex+Editing`). A node's
    /// *height* is computed on read from those counts and the current estimates, so an estimate
    /// change costs nothing here. `capacity` is 0 or a power of two, which makes growth cheap
    /// (see `cover(row:)`) and lets one top-down walk serve both prefix sums and descent.
    struct Storage: Sendable {
        let kindCount: Int
        /// Counts per node: [exact, tagged kind 0, …, tagged kind K−1, hole].
        let stride: Int
        /// The hole counter's place in a node's counts.
        var holeCategory: Int { stride - 1 }
        /// Holes in storage (all at or below the index's `base`: no hole is ever above row 0).
        private(set) var holeCount = 0
        /// Rows backed by storage (0 or a power of two).
        private(set) var capacity = 0
        /// 1 + the highest row that may hold state: rows from here on are untouched.
        private(set) var touchedEnd = 0
        /// Per row: the exact height's bit pattern + 1, 0 while estimated, `holeBits` for a hole. Buffers read as
        /// zero until written (``ZeroedBuffer``), so covering a far row costs no zero-fill and
        /// resident memory follows the rows touched, not the rows covered.
        private var exact = ZeroedBuffer<UInt64>(count: 0)
        /// Per row: 0 untagged, k + 1 tagged with kind k (the row's category when estimated).
        /// Empty when there are no kinds.
        private var kinds = ZeroedBuffer<UInt8>(count: 0)
        /// Per node (index 0 unused): sum of exact heights.
        private(set) var sums = ZeroedBuffer<Double>(count: 0)
        /// Per node, `stride` counters (node 0's unused).
        private(set) var counts = ZeroedBuffer<Int32>(count: 0)

        /// First allocation, rows: 1,024 rows are ~20 KB — less than one screen's bitmaps.
        static let minimumCapacity = 1024

        init(kindCount: Int) {
            self.kindCount = kindCount
            stride = 2 + kindCount
        }

        /// A hole's `exact` entry: all ones, which no height's bit pattern + 1 can be (it would
        /// be a NaN's, and heights are never NaN).
        static var holeBits: UInt64 { .max }

        /// Bytes of row state the kernel holds in memory (see ``ZeroedBuffer/residentBytes``).
        var residentBytes: Int { exact.residentBytes + kinds.residentBytes + sums.residentBytes + counts.residentBytes }

        /// Copy-on-write: a copied index gets its own buffers before its first write. Like
        /// growth, the copy takes only rows up to the furthest touched one (O(`touchedEnd`))
        /// and the total nodes above them.
        private mutating func makeUnique() {
            guard !isKnownUniquelyReferenced(&exact) || !isKnownUniquelyReferenced(&kinds)
                || !isKnownUniquelyReferenced(&sums) || !isKnownUniquelyReferenced(&counts)
            else { return }
            let limit = nodeLimit(touchedEnd)
            exact = ZeroedBuffer(count: exact.count, copying: exact, prefix: touchedEnd)
            kinds = ZeroedBuffer(count: kinds.count, copying: kinds, prefix: touchedEnd)
            sums = ZeroedBuffer(count: sums.count, copying: sums, prefix: capacity > 0 ? limit + 1 : 0)
            counts = ZeroedBuffer(count: counts.count, copying: counts, prefix: capacity > 0 ? (limit + 1) * stride : 0)
            if touchedEnd > 0 { copyTotal(from: limit) }
        }

        // MARK: Per-row state

        func exactHeight(ofRow row: Int) -> Double? {
            guard row < capacity else { return nil }
            let bits = exact[row]
            return bits == 0 || bits == Self.holeBits ? nil : Double(bitPattern: bits &- 1)
        }

        func isHole(_ row: Int) -> Bool { row < capacity && exact[row] == Self.holeBits }

        func kind(ofRow row: Int) -> Int? {
            guard kindCount > 0, row < capacity, kinds[row] > 0 else { return nil }
            return Int(kinds[row]) - 1
        }

        /// Gives `row` its full state (or makes it a hole: no height, no kind); O(log n + K),
        /// amortized over growth.
        mutating func setState(ofRow row: Int, exact newExact: Double?, kind newKind: Int?, hole: Bool = false) {
            let oldExact = exactHeight(ofRow: row)
            let oldKind = kind(ofRow: row)
            let wasHole = isHole(row)
            guard newExact != nil || newKind != nil || hole || row < capacity else { return }  // stays untouched
            cover(row: row)
            makeUnique()
            touchedEnd = max(touchedEnd, row + 1)
            exact[row] = hole ? Self.holeBits : newExact.map { $0.bitPattern &+ 1 } ?? 0
            if kindCount > 0 { kinds[row] = hole ? 0 : newKind.map { UInt8($0 + 1) } ?? 0 }
            holeCount += (hole ? 1 : 0) - (wasHole ? 1 : 0)

            let oldCategory = wasHole ? holeCategory : Self.category(exact: oldExact, kind: oldKind)
            let newCategory = hole ? holeCategory : Self.category(exact: hole ? nil : newExact, kind: hole ? nil : newKind)
            let delta = (hole ? 0 : newExact ?? 0) - (oldExact ?? 0)
            guard delta != 0 || oldCategory != newCategory else { return }
            var node = row + 1
            while node <= capacity {
                sums[node] += delta
                if oldCategory != newCategory {
                    if let oldCategory { counts[node &* stride &+ oldCategory] -= 1 }
                    if let newCategory { counts[node &* stride &+ newCategory] += 1 }
                }
                node += node & -node
            }
        }

        /// 0 for exact rows, 1 + k for estimated rows tagged k, nil for untouched estimates.
        private static func category(exact: Double?, kind: Int?) -> Int? {
            if exact != nil { return 0 }
            return kind.map { $0 + 1 }
        }

        /// Calls `body` for each covered row in `range` that is exact.
        func forEachExact(in range: Range<Int>, _ body: (_ height: Double, _ kind: Int?) -> Void) {
            for row in range.clamped(to: 0..<touchedEnd) {
                if let height = exactHeight(ofRow: row) { body(height, kind(ofRow: row)) }
            }
        }

        // MARK: Sums and descent

        /// The height of node `node`'s rows under the current estimates (never negative: float
        /// drift in `sums` after many replacements must not break the descent's monotonicity).
        /// Holes count nothing.
        @inline(__always)
        private func nodeHeight(_ node: Int, _ statistics: Statistics) -> Double {
            let base = node &* stride
            var untouched = (node & -node) - Int(counts[base]) - Int(counts[base &+ stride &- 1])
            var height = sums[node]
            for kind in 0..<kindCount {
                let tagged = Int(counts[base &+ 1 &+ kind])
                untouched -= tagged
                height += Double(tagged) * statistics.kindEstimates[kind]
            }
            height += Double(untouched) * statistics.overallEstimate
            return max(0, height)
        }

        /// Height of rows `0..<count`, `count` ≤ capacity. Nodes are added largest first —
        /// the order `descend` adds them — so both give bit-identical sums.
        func prefix(_ count: Int, _ statistics: Statistics) -> Double {
            var position = 0
            var sum = 0.0
            var bit = capacity
            while bit > 0 {
                if count & bit != 0 {
                    position += bit
                    sum += nodeHeight(position, statistics)
                }
                bit >>= 1
            }
            return sum
        }

        /// The largest p ≤ capacity with prefix(p) ≤ y, and prefix(p). Node heights are never
        /// negative, so once a step overshoots y every longer prefix through it does too.
        func descend(to y: Double, _ statistics: Statistics) -> (count: Int, height: Double) {
            var position = 0
            var sum = 0.0
            var bit = capacity
            while bit > 0 {
                let next = position + bit
                if next <= capacity {
                    let candidate = sum + nodeHeight(next, statistics)
                    if candidate <= y {
                        position = next
                        sum = candidate
                    }
                }
                bit >>= 1
            }
            return (position, sum)
        }

        // MARK: Holes

        /// Holes among storage rows `0..<count` (all of them past `capacity`). O(log n).
        func holes(before count: Int) -> Int {
            guard holeCount > 0 else { return 0 }
            guard count < capacity else { return holeCount }
            var node = count
            var sum = 0
            while node > 0 {
                sum += Int(counts[node &* stride &+ stride &- 1])
                node &= node &- 1
            }
            return sum
        }

        /// The storage row of the `target`-th (from 0) row that is not a hole: one descent over
        /// the nodes' non-hole counts, O(log n). Past `capacity` no row is a hole.
        func nonHole(_ target: Int) -> Int {
            guard holeCount > 0 else { return target }
            var position = 0
            var remaining = target
            var bit = capacity
            while bit > 0 {
                let next = position + bit
                if next <= capacity {
                    let rows = bit - Int(counts[next &* stride &+ stride &- 1])
                    if rows <= remaining {
                        position = next
                        remaining -= rows
                    }
                }
                bit >>= 1
            }
            return position + remaining
        }

        /// Closes every hole: later rows move up over them, O(`touchedEnd`). Rows below the
        /// first hole do not move.
        mutating func removeHoles() {
            guard holeCount > 0 else { return }
            makeUnique()
            var kept = 0
            for row in 0..<touchedEnd where exact[row] != Self.holeBits {
                if kept != row {
                    exact[kept] = exact[row]
                    if kindCount > 0 { kinds[kept] = kinds[row] }
                }
                kept += 1
            }
            exact.zero(kept..<touchedEnd)
            if kindCount > 0 { kinds.zero(kept..<touchedEnd) }
            let previousEnd = touchedEnd
            touchedEnd = kept
            rebuild(previousEnd: previousEnd)
        }

        // MARK: Growth and structural edits

        /// Makes storage cover `row`, doubling capacity as needed. New rows are untouched, so of
        /// the new nodes only the power-of-two ones (which cover everything from row 0) are
        /// non-zero, and they equal the old total. Growth copies only the touched prefix and
        /// maps the rest lazily zeroed: O(`touchedEnd`), never O(covered rows).
        mutating func cover(row: Int) {
            guard row >= capacity else { return }
            var newCapacity = max(capacity, Self.minimumCapacity)
            while newCapacity <= row { newCapacity *= 2 }
            let limit = nodeLimit(touchedEnd)
            exact = ZeroedBuffer(count: newCapacity, copying: exact, prefix: touchedEnd)
            if kindCount > 0 { kinds = ZeroedBuffer(count: newCapacity, copying: kinds, prefix: touchedEnd) }
            sums = ZeroedBuffer(count: newCapacity + 1, copying: sums, prefix: capacity > 0 ? limit + 1 : 0)
            counts = ZeroedBuffer(count: (newCapacity + 1) * stride, copying: counts, prefix: capacity > 0 ? (limit + 1) * stride : 0)
            capacity = newCapacity
            if touchedEnd > 0 { copyTotal(from: limit) }
        }

        /// The power-of-two node that covers every touched row (1 when none is), within capacity.
        private func nodeLimit(_ end: Int) -> Int {
            var node = 1
            while node < end { node *= 2 }
            return min(node, max(1, capacity))
        }

        /// Sets every power-of-two node above `limit` to node `limit`'s values: each covers all
        /// touched rows, like `limit` does.
        private mutating func copyTotal(from limit: Int) {
            var node = limit * 2
            while node <= capacity {
                sums[node] = sums[limit]
                for category in 0..<stride { counts[node * stride + category] = counts[limit * stride + category] }
                node *= 2
            }
        }

        /// Moves the state of rows from `row` on down by `count`; the new rows are untouched.
        /// O(`touchedEnd`) — rows up to the furthest touched — when `row` is below it, else free.
        /// Holes stay where they are (the insert moves rows, it does not renumber storage).
        mutating func insertRows(at row: Int, count: Int) {
            guard row < touchedEnd, count > 0 else { return }
            cover(row: touchedEnd + count - 1)
            makeUnique()
            exact.move(from: row, to: row + count, count: touchedEnd - row)
            exact.zero(row..<(row + count))
            if kindCount > 0 {
                kinds.move(from: row, to: row + count, count: touchedEnd - row)
                kinds.zero(row..<(row + count))
            }
            let previousEnd = touchedEnd
            touchedEnd += count
            rebuild(previousEnd: previousEnd)
        }

        /// Drops the state of `range` and moves later rows up. O(`touchedEnd`) when the range
        /// starts below it, else free.
        mutating func removeRows(in range: Range<Int>) {
            guard range.lowerBound < touchedEnd, !range.isEmpty else { return }
            makeUnique()
            let lower = range.lowerBound
            let upper = min(range.upperBound, touchedEnd)
            let newEnd = lower + (touchedEnd - upper)
            exact.move(from: upper, to: lower, count: touchedEnd - upper)
            exact.zero(newEnd..<touchedEnd)
            if kindCount > 0 {
                kinds.move(from: upper, to: lower, count: touchedEnd - upper)
                kinds.zero(newEnd..<touchedEnd)
            }
            let previousEnd = touchedEnd
            touchedEnd = newEnd
            rebuild(previousEnd: previousEnd)
        }

        /// Rebuilds the nodes from the per-row state in O(`touchedEnd`) (the classic linear
        /// build: each node adds itself into its parent), after clearing every node that the
        /// rows up to `previousEnd` could have made non-zero.
        private mutating func rebuild(previousEnd: Int) {
            guard capacity > 0 else { return }
            let limit = nodeLimit(touchedEnd)
            let cleared = max(limit, nodeLimit(previousEnd))
            sums.zero(0..<(cleared + 1))
            counts.zero(0..<((cleared + 1) * stride))
            // Only non-zero values are added: nodes over untouched rows are never written, so
            // their (cleared, unmapped) pages stay out of memory.
            holeCount = 0
            for node in 1...limit {
                let row = node - 1
                if exact[row] == Self.holeBits {
                    counts[node * stride + holeCategory] += 1
                    holeCount += 1
                } else if let height = exactHeight(ofRow: row) {
                    sums[node] += height
                    counts[node * stride] += 1
                } else if kindCount > 0, kinds[row] > 0 {
                    counts[node * stride + Int(kinds[row])] += 1
                }
                let parent = node + (node & -node)
                guard parent <= limit else { continue }
                if sums[node] != 0 { sums[parent] += sums[node] }
                for category in 0..<stride where counts[node * stride + category] != 0 {
                    counts[parent * stride + category] += counts[node * stride + category]
                }
            }
            copyTotal(from: limit)
        }
    }
}
