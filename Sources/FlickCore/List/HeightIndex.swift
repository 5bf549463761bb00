/// Row heights and row positions for a list of any length: where each row sits, which row is
/// at a given y, how tall the whole list is — in O(log n), with no O(n) work at launch.
///
/// Rows start at an *estimate* and become *exact* when their layout is measured. Positions
/// are kept in a Fenwick (binary indexed) tree that stores only what is known: the sum of
/// exact heights and, per node, how many rows are exact or tagged with a kind. A row that was
/// never touched costs nothing, so a 1,000,000-row index opens as fast as a 1,000-row one:
///
///     offset(row) = exactSumBefore(row)
///                 + Σ_k  taggedEstimatedBefore_k(row) × estimate(kind k)
///                 + untouchedEstimatedBefore(row)     × currentEstimate
///
/// Estimates are running averages of the exact heights held (per kind, and overall), so when
/// they change nothing is rewritten: every offset follows in O(1).
///
/// **Per-kind estimates.** The index never asks the data source for a row's kind (that would
/// be an O(n) pass over a million rows, or a database read per row). Instead a row's kind is
/// *told* to it, with ``setKind(_:forRow:)`` or ``setExactHeight(_:forRow:kind:)``, when the
/// client learns it — typically when the row enters the data window, long before it is
/// measured. Tagged rows are estimated from the average of exact rows of their kind; rows
/// never tagged use the overall average. Set ``Configuration/kindCount`` to use kinds.
///
/// **Storage.** Rows are backed by storage only up to the highest row ever tagged or measured
/// (``coveredRows``, a power of two); rows past it are implicit. Covering a row far down
/// doubles the storage's length, but storage reads as zero until written and large buffers
/// are mapped lazily, so growth copies only the touched rows and memory follows the rows
/// measured or tagged (``residentStorageBytes``), never the row count: a jump to the last of
/// a million rows costs microseconds, not a 40 MB zero-fill.
///
/// Complexity, n rows, K kinds: `init`, ``appendRows(count:)`` O(1) with no allocation;
/// ``height(ofRow:)``, ``isExact(row:)`` O(1); ``setExactHeight(_:forRow:kind:)``,
/// ``invalidate(row:)``, ``setKind(_:forRow:)`` O(log n + K) amortized;
/// ``offset(ofRow:)``, ``row(atOffset:)``, ``totalHeight`` O(K log n);
/// ``removeRows(in:)`` of up to ``editBatch`` rows O(k log n) anywhere (rows removed in the
/// middle leave zero-height *holes*, closed in one O(furthest touched row) pass once they are
/// half the touched rows; ``height(ofRow:)`` and ``isExact(row:)`` are O(log n) while holes
/// exist); ``insertRows(at:count:)`` O(1) at the top (headroom) or past the furthest touched
/// row, else O(furthest touched row).
///
/// A plain value with no locks, safe to use from any thread (it is `Sendable`); the list engine
/// reads it on the main thread every frame and applies measured heights there.
///
///     var heights = HeightIndex(rowCount: 1_000_000)
///     heights.setExactHeight(182.5, forRow: 0)
///     let firstVisible = heights.row(atOffset: contentOffset)
public struct HeightIndex: Sendable {
    public let configuration: Configuration
    /// Number of rows.
    public internal(set) var rowCount: Int
    var storage: Storage
    /// The storage index of row 0. Rows inserted at the top take untouched storage rows just
    /// above it (`HeightIndex+Editing`), so "new posts on top" of a long list costs O(log n)
    /// instead of moving every row touched so far.
    var base = 0
    var statistics: Statistics

    /// An index of `rowCount` rows, all at the configured estimate. O(1): nothing is allocated
    /// until a row is measured or tagged.
    public init(rowCount: Int = 0, configuration: Configuration = .standard) {
        precondition(rowCount >= 0 && rowCount <= Self.maximumRowCount, "row count out of range: \(rowCount)")
        self.configuration = configuration
        self.rowCount = rowCount
        storage = Storage(kindCount: configuration.kindCount)
        statistics = Statistics(configuration: configuration)
    }

    /// Rows are counted in 32-bit tree nodes.
    public static let maximumRowCount = Int(Int32.max)

    // MARK: Rows

    /// The height of `row`: exact if measured, otherwise its estimate. O(1).
    public func height(ofRow row: Int) -> Double {
        checkRow(row)
        let at = stored(row)
        if let exact = storage.exactHeight(ofRow: at) { return exact }
        return estimate(forKind: storage.kind(ofRow: at))
    }

    /// Whether `row` has an exact (measured) height. O(1).
    public func isExact(row: Int) -> Bool {
        checkRow(row)
        return storage.exactHeight(ofRow: stored(row)) != nil
    }

    /// The kind `row` was tagged with, or `nil` if never tagged. O(1).
    public func kind(ofRow row: Int) -> Int? {
        checkRow(row)
        return storage.kind(ofRow: stored(row))
    }

    // MARK: Estimates

    /// The estimate for rows of unknown kind: the mean of all exact heights held, or the
    /// configured estimate before any row is measured (or always, with `.fixed`).
    public var currentEstimate: Double { statistics.overallEstimate }

    /// The estimate for rows tagged with `kind` (mean of exact heights of that kind, falling
    /// back to ``currentEstimate``); `nil` gives ``currentEstimate``.
    public func estimate(forKind kind: Int?) -> Double {
        guard let kind else { return statistics.overallEstimate }
        checkKind(kind)
        return statistics.kindEstimates[kind]
    }

    // MARK: Positions

    /// The top y of `row`, points; `offset(ofRow: rowCount)` is ``totalHeight``. O(K log n).
    public func offset(ofRow row: Int) -> Double {
        precondition(row >= 0 && row <= rowCount, "row \(row) out of 0...\(rowCount)")
        return prefixHeight(row)
    }

    /// The height of all rows, points. O(K log n).
    public var totalHeight: Double { prefixHeight(rowCount) }

    /// The row whose span [top, top + height) contains `y`, clamped to `0..<rowCount`: y below 0
    /// gives row 0, y at or past the end gives the last row. A y exactly on a boundary belongs
    /// to the row that starts there; zero-height rows contain no y and are never returned
    /// unless they are last. Returns 0 for an empty index (check ``rowCount``). O(K log n), a
    /// single Fenwick descent.
    /// - Precondition: `y` is not NaN.
    public func row(atOffset y: Double) -> Int {
        precondition(!y.isNaN, "row(atOffset:) needs a number, got NaN")
        guard rowCount > 0 else { return 0 }
        var rows = rowsEntirelyAtOrAbove(y)
        if base > 0 || storage.holeCount > 0 {
            // Offsets past `base` are differences of two sums, and a row after holes is summed
            // over other nodes than the descent passed: settle the last bit against
            // `prefixHeight`, so `row(atOffset: offset(ofRow: r)) == r` still holds exactly.
            while rows < rowCount, prefixHeight(rows + 1) <= y { rows += 1 }
            while rows > 0, prefixHeight(rows) > y { rows -= 1 }
        }
        return min(rows, rowCount - 1)
    }

    /// Rows whose spans meet the closed interval `range`: a row starting exactly at
    /// `range.upperBound` is included. Empty (at 0 or at `rowCount`) when the interval lies
    /// wholly above or below the content. O(K log n).
    public func rows(in range: ClosedRange<Double>) -> Range<Int> {
        guard rowCount > 0, range.upperBound >= 0 else { return 0..<0 }
        guard range.lowerBound < totalHeight else { return rowCount..<rowCount }
        return row(atOffset: range.lowerBound)..<(row(atOffset: range.upperBound) + 1)
    }

    /// Rows backed by storage: a power of two just above the highest row ever measured or
    /// tagged, 0 for an index nothing has touched. For memory diagnostics.
    public var coveredRows: Int { storage.capacity }

    /// Storage rows left by removed rows and not closed yet (zero height; no row maps to them).
    /// For diagnostics: removals in the middle leave holes instead of moving every touched row.
    public var holeRows: Int { storage.holeCount }

    /// Bytes of row state resident in memory: follows the rows measured or tagged, not
    /// ``coveredRows`` (storage reads as zero until written and is mapped lazily).
    public var residentStorageBytes: Int { storage.residentBytes }

    // MARK: Internals shared by the extensions

    /// Sum of the heights of rows `0..<count` (`count` may pass `rowCount`: implicit rows are
    /// estimated). Summed in the same node order as `rowsEntirelyAtOrAbove`, so the two agree
    /// to the last bit.
    func prefixHeight(_ count: Int) -> Double {
        storagePrefix(stored(count)) - (base > 0 ? storagePrefix(base) : 0)
    }

    /// The storage row of `row` (0...rowCount): `base + row`, past the holes before it when
    /// removed rows left some (none lies above `base`). O(1) without holes, else O(log n).
    @inline(__always)
    func stored(_ row: Int) -> Int { storage.nonHole(base + row) }

    /// The rows among storage rows `0..<count` that are the index's, `count` ≥ `base`.
    private func rows(beforeStored count: Int) -> Int { count - storage.holes(before: count) - base }

    /// Sum of the heights of storage rows `0..<count` (past the covered ones, implicit rows are
    /// estimated).
    private func storagePrefix(_ count: Int) -> Double {
        let covered = min(count, storage.capacity)
        var sum = storage.prefix(covered, statistics)
        if count > covered { sum += Double(count - covered) * statistics.overallEstimate }
        return sum
    }

    /// The largest p ≤ rowCount with prefixHeight(p) ≤ y (0 when y < 0).
    private func rowsEntirelyAtOrAbove(_ y: Double) -> Int {
        let above = base > 0 ? storagePrefix(base) : 0
        let (covered, coveredHeight) = storage.descend(to: y + above, statistics)
        let end = stored(rowCount)
        guard covered == storage.capacity, end > covered else { return max(0, rows(beforeStored: min(covered, end))) }
        // Past the covered rows every row is an untouched estimate: closed form, then settle
        // float rounding against the exact formula prefixHeight uses.
        let estimate = statistics.overallEstimate
        let remaining = end - covered
        let target = y + above
        guard estimate > 0 else { return rowCount }
        let guess = ((target - coveredHeight) / estimate).rounded(.down)
        var extra = guess >= Double(remaining) ? remaining : Int(max(0, guess))
        while extra > 0, coveredHeight + Double(extra) * estimate > target { extra -= 1 }
        while extra < remaining, coveredHeight + Double(extra + 1) * estimate <= target { extra += 1 }
        return max(0, rows(beforeStored: covered + extra))
    }

    func checkRow(_ row: Int) {
        precondition(row >= 0 && row < rowCount, "row \(row) out of 0..<\(rowCount)")
    }

    func checkKind(_ kind: Int) {
        precondition(kind >= 0 && kind < configuration.kindCount, "kind \(kind) out of 0..<\(configuration.kindCount)")
    }
}
