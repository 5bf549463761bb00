/// The order of a list's rows as a piece table: each row is either a position in a large backing
/// store (a SQLite table whose positions 0..<storedCount are never renumbered) or a value held
/// locally (a post inserted on top, an edited post). A 1,000,000-row store-backed timeline takes
/// "20 new posts on top", deletes, moves and edits without rewriting the store.
///
/// Rows are held as pieces — a run of consecutive stored positions or an array of local values —
/// with a cumulative start row per piece, so finding a row is a binary search. Pieces never are
/// empty, two adjacent stored pieces are never contiguous (they would be one), and adjacent local
/// pieces are one. Memory is O(p + locals) for p pieces, never O(count): a fresh 1M-row order is
/// one piece.
///
/// Complexity: `init`, ``count``, ``pieceCount`` O(1); ``entry(at:)`` and
/// ``row(ofStored:)`` O(log p); ``storedRuns(in:)`` O(log p + pieces in range); mutations
/// O(p log p + values of the local pieces they touch) — they re-merge and re-index the table.
///
/// A plain value with no locks: the data source edits it and reads it on the main thread (edits
/// are user- or feed-driven, a few per frame at most); copies can be handed to a page loader on
/// any thread to map rows to store positions.
///
///     var order = RowOrder<Post>(storedCount: 1_000_000)
///     order.insert(newPosts, at: 0)                 // 20 posts on top: 2 pieces
///     order.storedRuns(in: 20..<40)                 // [0..<20]: fetch those positions
public struct RowOrder<Local: Sendable>: Sendable {
    /// What a row shows.
    public enum Entry {
        /// The row at this position of the backing store.
        case stored(Int)
        /// A value held in memory.
        case local(Local)
    }

    /// A run of rows: consecutive store positions, or local values in row order.
    enum Piece {
        case stored(Range<Int>)
        case local([Local])

        var count: Int {
            switch self {
            case .stored(let positions): positions.count
            case .local(let values): values.count
            }
        }
    }

    /// Pieces in row order.
    private var pieces: [Piece]
    /// `starts[k]`: the first row of `pieces[k]`.
    private var starts: [Int]
    /// Indices of the stored pieces, sorted by their first position, for ``row(ofStored:)``.
    /// Stored runs never overlap: each position shows in at most one row.
    private var storedByPosition: [Int]
    /// Positions the backing store holds: 0..<storedCount.
    public private(set) var storedCount: Int
    /// Number of rows.
    public private(set) var count: Int

    /// Rows 0..<storedCount show stored positions 0..<storedCount. O(1).
    public init(storedCount: Int) {
        precondition(storedCount >= 0, "negative stored count \(storedCount)")
        self.storedCount = storedCount
        count = storedCount
        pieces = storedCount > 0 ? [.stored(0..<storedCount)] : []
        starts = storedCount > 0 ? [0] : []
        storedByPosition = storedCount > 0 ? [0] : []
    }

    /// Pieces in the table, for diagnostics: 1 for an untouched store, a few per edit.
    public var pieceCount: Int { pieces.count }

    /// What `row` (0..<count) shows. O(log p).
    public func entry(at row: Int) -> Entry {
        precondition(row >= 0 && row < count, "row \(row) out of 0..<\(count)")
        let index = piece(containing: row)
        let offset = row - starts[index]
        switch pieces[index] {
        case .stored(let positions): return .stored(positions.lowerBound + offset)
        case .local(let values): return .local(values[offset])
        }
    }

    /// The store positions `rows` show, as maximal runs of consecutive positions in row order.
    /// Local rows between two stored rows do not break a run: rows showing 4, 5, a local value,
    /// then 6 need `[4..<7]`, one fetch. Map fetched positions back to rows with ``entry(at:)``
    /// or ``row(ofStored:)``.
    public func storedRuns(in rows: Range<Int>) -> [Range<Int>] {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= count, "rows \(rows) out of 0..<\(count)")
        guard !rows.isEmpty else { return [] }
        var runs: [Range<Int>] = []
        var index = piece(containing: rows.lowerBound)
        while index < pieces.count && starts[index] < rows.upperBound {
            if case .stored(let positions) = pieces[index] {
                let first = positions.lowerBound + max(0, rows.lowerBound - starts[index])
                let end = positions.lowerBound + min(positions.count, rows.upperBound - starts[index])
                if let last = runs.last, last.upperBound == first {
                    runs[runs.count - 1] = last.lowerBound..<end
                } else {
                    runs.append(first..<end)
                }
            }
            index += 1
        }
        return runs
    }

    /// The row showing store position `position`, or nil if that position's row was removed or
    /// replaced. O(log p).
    public func row(ofStored position: Int) -> Int? {
        let candidates = storedByPosition.count
        var low = 0
        var high = candidates
        while low < high {  // the first stored piece starting after `position`
            let mid = (low + high) / 2
            if storedRange(ofPiece: storedByPosition[mid]).lowerBound <= position { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let index = storedByPosition[low - 1]
        let positions = storedRange(ofPiece: index)
        return positions.contains(position) ? starts[index] + position - positions.lowerBound : nil
    }

    // MARK: Editing

    /// Inserts local `values` before `row` (0...count).
    public mutating func insert(_ values: [Local], at row: Int) {
        precondition(row >= 0 && row <= count, "insertion row \(row) out of 0...\(count)")
        guard !values.isEmpty else { return }
        let index = split(at: row)
        pieces.insert(.local(values), at: index)
        reindex()
    }

    /// Removes `rows`; later rows move up.
    public mutating func remove(_ rows: Range<Int>) {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= count, "rows \(rows) out of 0..<\(count)")
        guard !rows.isEmpty else { return }
        let first = split(at: rows.lowerBound)
        let end = split(at: rows.upperBound)
        pieces.removeSubrange(first..<end)
        reindex()
    }

    /// Takes row `from` out and puts it back so that its index in the new order is `to`; both
    /// in 0..<count. Other rows keep their order.
    public mutating func move(from: Int, to: Int) {
        precondition(from >= 0 && from < count && to >= 0 && to < count, "cannot move \(from) to \(to) of \(count)")
        guard from != to else { return }
        let index = split(at: from)
        _ = split(at: from + 1)
        let moving = pieces.remove(at: index)
        reindex()
        pieces.insert(moving, at: split(at: to))
        reindex()
    }

    /// An edit: `row` (0..<count) now shows the local `value`; its stored position, if it had
    /// one, is no longer shown.
    public mutating func replace(at row: Int, with value: Local) {
        precondition(row >= 0 && row < count, "row \(row) out of 0..<\(count)")
        let index = split(at: row)
        _ = split(at: row + 1)
        pieces[index] = .local([value])
        reindex()
    }

    /// The store grew at its end (older pages arrived): positions storedCount..<storedCount+count
    /// are appended as the last rows.
    public mutating func appendStored(count added: Int) {
        precondition(added >= 0, "negative stored append \(added)")
        guard added > 0 else { return }
        pieces.append(.stored(storedCount..<(storedCount + added)))
        storedCount += added
        reindex()
    }
}

extension RowOrder.Entry: Sendable {}
extension RowOrder.Entry: Equatable where Local: Equatable {}
extension RowOrder.Entry: Hashable where Local: Hashable {}
extension RowOrder.Piece: Sendable {}

extension RowOrder {
    /// The index of the piece holding `row` (0..<count): the last piece starting at or before it.
    private func piece(containing row: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {  // the first piece starting after `row`
            let mid = (low + high) / 2
            if starts[mid] <= row { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }

    private func storedRange(ofPiece index: Int) -> Range<Int> {
        guard case .stored(let positions) = pieces[index] else { preconditionFailure("piece \(index) is not stored") }
        return positions
    }

    /// Makes `row` (0...count) the start of a piece, splitting the piece holding it, and returns
    /// that piece's index (`pieces.count` for `count`). Keeps `starts` valid so splits can follow
    /// one another; leaves `storedByPosition` stale until ``reindex()``.
    private mutating func split(at row: Int) -> Int {
        guard row < count else { return pieces.count }
        let index = piece(containing: row)
        let offset = row - starts[index]
        guard offset > 0 else { return index }
        let head: Piece
        let tail: Piece
        switch pieces[index] {
        case .stored(let positions):
            let cut = positions.lowerBound + offset
            (head, tail) = (.stored(positions.lowerBound..<cut), .stored(cut..<positions.upperBound))
        case .local(let values):
            (head, tail) = (.local(Array(values[..<offset])), .local(Array(values[offset...])))
        }
        pieces.replaceSubrange(index...index, with: [head, tail])
        starts.insert(row, at: index + 1)
        return index + 1
    }

    /// Restores the table's invariants after an edit — no empty pieces, contiguous stored runs
    /// and neighbouring local arrays merged — and rebuilds `starts`, `count` and
    /// `storedByPosition`. O(p log p), plus copying local arrays that merge.
    private mutating func reindex() {
        var merged: [Piece] = []
        merged.reserveCapacity(pieces.count)
        for piece in pieces where piece.count > 0 {
            switch (merged.last, piece) {
            case (.stored(let before)?, .stored(let after)) where before.upperBound == after.lowerBound:
                merged[merged.count - 1] = .stored(before.lowerBound..<after.upperBound)
            case (.local(let before)?, .local(let after)):
                merged[merged.count - 1] = .local(before + after)
            default:
                merged.append(piece)
            }
        }
        pieces = merged
        starts.removeAll(keepingCapacity: true)
        var stored: [(first: Int, index: Int)] = []
        var row = 0
        for (index, piece) in pieces.enumerated() {
            starts.append(row)
            row += piece.count
            if case .stored(let positions) = piece { stored.append((positions.lowerBound, index)) }
        }
        count = row
        // Mostly in order already (stored runs keep their order unless moved): a near-linear sort.
        stored.sort { $0.first < $1.first }
        storedByPosition = stored.map(\.index)
    }
}
