extension HeightIndex {
    /// Per-row state and a Fenwick tree over the covered prefix of rows `0..<capacity`.
    ///
    /// Node i (1-based) covers rows `(i − lowbit(i)) ..< i` and holds the sum of their exact
    /// heights plus, per category, how many of them are exact or tagged-and-estimated. A node's
    /// *height* is computed on read from those counts and the current estimates, so an estimate
    /// change costs nothing here. `capacity` is 0 or a power of two, which makes growth cheap
    /// (see `cover(row:)`) and lets one top-down walk serve both prefix sums and descent.
    struct Storage: Sendable {
        let kindCount: Int
        /// Counts per node: [exact, tagged kind 0, …, tagged kind K−1].
        let stride: Int
        /// Rows backed by storage (0 or a power of two).
        private(set) var capacity = 0
        /// 1 + the highest row that may hold state: rows from here on are untouched.
        private(set) var touchedEnd = 0
        /// Per row: the exact height's bit pattern + 1, or 0 while estimated. Buffers read as
        /// zero until written (``ZeroedBuffer``), so covering a far row costs no zero-fill and
        /// resident memory follows the rows touched, not the rows covered.
        private var exact = ZeroedBuffer<UInt64>(count: 0)
        /// Per row: 0 untagged, k + 1 tagged with kind k (the row's category when estimated).
        /// Empty when there are no kinds.
        private var kinds = ZeroedBuffer<UInt8>(count: 0)
        /// Per node (index 0 unused): sum of exact heights.
        private var sums = ZeroedBuffer<Double>(count: 0)
        /// Per node, `stride` counters (node 0's unused).
        private var counts = ZeroedBuffer<Int32>(count: 0)

        /// First allocation, rows: 1,024 rows are ~20 KB — less than one screen's bitmaps.
        static let minimumCapacity = 1024

        init(kindCount: Int) {
            self.kindCount = kindCount
            stride = 1 + kindCount
        }

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
            return bits == 0 ? nil : Double(bitPattern: bits &- 1)
        }

        func kind(ofRow row: Int) -> Int? {
            guard kindCount > 0, row < capacity, kinds[row] > 0 else { return nil }
            return Int(kinds[row]) - 1
        }

        /// Gives `row` its full state; O(log n + K), amortized over growth.
        mutating func setState(ofRow row: Int, exact newExact: Double?, kind newKind: Int?) {
            let oldExact = exactHeight(ofRow: row)
            let oldKind = kind(ofRow: row)
            guard newExact != nil || newKind != nil || row < capacity else { return }  // stays untouched
            cover(row: row)
            makeUnique()
            touchedEnd = max(touchedEnd, row + 1)
            exact[row] = newExact.map { $0.bitPattern &+ 1 } ?? 0
            if kindCount > 0 { kinds[row] = newKind.map { UInt8($0 + 1) } ?? 0 }

            let oldCategory = Self.category(exact: oldExact, kind: oldKind)
            let newCategory = Self.category(exact: newExact, kind: newKind)
            let delta = (newExact ?? 0) - (oldExact ?? 0)
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
        @inline(__always)
        private func nodeHeight(_ node: Int, _ statistics: Statistics) -> Double {
            let base = node &* stride
            var untouched = (node & -node) - Int(counts[base])
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
            for node in 1...limit {
                let row = node - 1
                if let height = exactHeight(ofRow: row) {
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
