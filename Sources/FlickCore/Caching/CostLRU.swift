/// A least-recently-used map bounded by total cost (bytes, usually) and by count.
///
/// O(1) lookup, insert, touch and eviction: a dictionary into a doubly linked list kept in
/// arrays (no per-entry allocation). A value type with no locking: wrap it in a `LockedBox`
/// to share it between threads.
public struct CostLRU<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Node: Sendable {
        var key: Key
        var value: Value?
        var cost: Int
        var newer: Int
        var older: Int
    }

    /// Total cost above which the least recently used entries are evicted.
    public let costLimit: Int
    /// Entry count above which the least recently used entries are evicted.
    public let countLimit: Int
    public private(set) var totalCost = 0

    private var index: [Key: Int] = [:]
    private var nodes: [Node] = []
    private var free: [Int] = []
    private var newest = -1
    private var oldest = -1

    public init(costLimit: Int, countLimit: Int = .max) {
        precondition(costLimit >= 0 && countLimit >= 0, "cache limits must not be negative")
        self.costLimit = costLimit
        self.countLimit = countLimit
    }

    public var count: Int { index.count }

    /// The value for `key`, marking it most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        moveToFront(slot)
        return nodes[slot].value
    }

    /// The value for `key` without changing its recency.
    public func peek(_ key: Key) -> Value? {
        index[key].flatMap { nodes[$0].value }
    }

    /// Inserts or replaces; then evicts least recently used entries until within limits.
    /// An entry costlier than the whole limit is not kept: it only removes the old value under
    /// `key` (now stale), and every other entry stays.
    /// - Returns: the values that left the cache (for callers that recycle them): evicted
    ///   entries, or the stale value an oversize insert replaced.
    @discardableResult
    public mutating func insert(_ value: Value, for key: Key, cost: Int) -> [Value] {
        guard cost <= costLimit else {
            return removeValue(for: key).map { [$0] } ?? []
        }
        if let slot = index[key] {
            totalCost += cost - nodes[slot].cost
            nodes[slot].value = value
            nodes[slot].cost = cost
            moveToFront(slot)
        } else {
            let node = Node(key: key, value: value, cost: cost, newer: -1, older: -1)
            let slot: Int
            if let reused = free.popLast() {
                nodes[reused] = node
                slot = reused
            } else {
                nodes.append(node)
                slot = nodes.count - 1
            }
            index[key] = slot
            totalCost += cost
            linkAtFront(slot)
        }
        var evicted: [Value] = []
        while (totalCost > costLimit || index.count > countLimit), oldest != -1 {
            if let value = removeSlot(oldest) { evicted.append(value) }
        }
        return evicted
    }

    /// Removes `key`; returns its value.
    @discardableResult
    public mutating func removeValue(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        return removeSlot(slot)
    }

    /// Removes the least recently used entries until the total cost is at most `cost`.
    /// - Returns: the removed values.
    @discardableResult
    public mutating func trim(toCost cost: Int) -> [Value] {
        var removed: [Value] = []
        while totalCost > cost, oldest != -1 {
            if let value = removeSlot(oldest) { removed.append(value) }
        }
        return removed
    }

    public mutating func removeAll() {
        self = CostLRU(costLimit: costLimit, countLimit: countLimit)
    }

    /// Keys from most to least recently used (for tests and debugging; O(n)).
    public var keysByRecency: [Key] {
        var keys: [Key] = []
        var slot = newest
        while slot != -1 {
            keys.append(nodes[slot].key)
            slot = nodes[slot].older
        }
        return keys
    }

    private mutating func removeSlot(_ slot: Int) -> Value? {
        unlink(slot)
        let node = nodes[slot]
        index[node.key] = nil
        totalCost -= node.cost
        nodes[slot].value = nil
        free.append(slot)
        return node.value
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        linkAtFront(slot)
    }

    private mutating func linkAtFront(_ slot: Int) {
        nodes[slot].older = newest
        nodes[slot].newer = -1
        if newest != -1 { nodes[newest].newer = slot }
        newest = slot
        if oldest == -1 { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (nodes[slot].newer, nodes[slot].older)
        if newer != -1 { nodes[newer].older = older } else { newest = older }
        if older != -1 { nodes[older].newer = newer } else { oldest = newer }
        nodes[slot].newer = -1
        nodes[slot].older = -1
    }
}
