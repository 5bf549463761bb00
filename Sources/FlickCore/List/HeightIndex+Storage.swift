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
        /// Per row: the exact height, or −1 while estimated.
        private var exact: [Double] = []
        /// Per row: 0 untagged, k + 1 tagged with kind k (the row's category when estimated).
        /// Empty when there are no kinds.
        private var kinds: [UInt8] = []
        /// Per node (index 0 unused): sum of exact heights.
        private var sums: [Double] = []
        /// Per node, `stride` counters (node 0's unused).
        private var counts: [Int32] = []

        /// First allocation, rows: 1,024 rows are ~20 KB — less than one screen's bitmaps.
        static let minimumCapacity = 1024

        init(kindCount: Int) {
            self.kindCount = kindCount
            stride = 1 + kindCount
        }

        // MARK: Per-row state

        func exactHeight(ofRow row: Int) -> Double? {
            guard row < capacity, exact[row] >= 0 else { return nil }
            return exact[row]
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
            touchedEnd = max(touchedEnd, row + 1)
            exact[row] = newExact ?? -1
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
            for row in range.clamped(to: 0..<capacity) where exact[row] >= 0 {
                body(exact[row], kind(ofRow: row))
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
        /// non-zero, and they equal the old root: growth is a zero-fill plus O(log n) copies.
        mutating func cover(row: Int) {
            guard row >= capacity else { return }
            var newCapacity = max(capacity, Self.minimumCapacity)
            while newCapacity <= row { newCapacity *= 2 }
            let added = newCapacity - capacity
            exact.append(contentsOf: repeatElement(-1, count: added))
            if kindCount > 0 { kinds.append(contentsOf: repeatElement(0, count: added)) }
            if capacity == 0 {
                sums = Array(repeating: 0, count: newCapacity + 1)
                counts = Array(repeating: 0, count: (newCapacity + 1) * stride)
            } else {
                sums.append(contentsOf: repeatElement(0, count: added))
                counts.append(contentsOf: repeatElement(0, count: added * stride))
                var root = capacity * 2
                while root <= newCapacity {
                    sums[root] = sums[capacity]
                    for category in 0..<stride { counts[root * stride + category] = counts[capacity * stride + category] }
                    root *= 2
                }
            }
            capacity = newCapacity
        }

        /// Moves the state of rows from `row` on down by `count`; the new rows are untouched.
        /// O(capacity) when `row` is below `touchedEnd`, else free.
        mutating func insertRows(at row: Int, count: Int) {
            guard row < touchedEnd, count > 0 else { return }
            cover(row: touchedEnd + count - 1)
            exact.insert(contentsOf: repeatElement(-1, count: count), at: row)
            exact.removeLast(count)
            if kindCount > 0 {
                kinds.insert(contentsOf: repeatElement(0, count: count), at: row)
                kinds.removeLast(count)
            }
            touchedEnd += count
            rebuild()
        }

        /// Drops the state of `range` and moves later rows up. O(capacity) when the range
        /// starts below `touchedEnd`, else free.
        mutating func removeRows(in range: Range<Int>) {
            guard range.lowerBound < touchedEnd, !range.isEmpty else { return }
            let stored = range.clamped(to: 0..<capacity)
            exact.removeSubrange(stored)
            exact.append(contentsOf: repeatElement(-1, count: stored.count))
            if kindCount > 0 {
                kinds.removeSubrange(stored)
                kinds.append(contentsOf: repeatElement(0, count: stored.count))
            }
            touchedEnd = max(range.lowerBound, touchedEnd - range.count)
            rebuild()
        }

        /// Rebuilds every node from the per-row state in O(capacity) (the classic linear build:
        /// each node adds itself into its parent).
        private mutating func rebuild() {
            for node in sums.indices { sums[node] = 0 }
            for slot in counts.indices { counts[slot] = 0 }
            guard capacity > 0 else { return }
            for node in 1...capacity {
                let row = node - 1
                if exact[row] >= 0 {
                    sums[node] += exact[row]
                    counts[node * stride] += 1
                } else if kindCount > 0, kinds[row] > 0 {
                    counts[node * stride + Int(kinds[row])] += 1
                }
                let parent = node + (node & -node)
                guard parent <= capacity else { continue }
                sums[parent] += sums[node]
                for category in 0..<stride { counts[parent * stride + category] += counts[node * stride + category] }
            }
        }
    }
}
