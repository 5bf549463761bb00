import Dispatch
import FlickCore

/// A source whose items are all in memory and change by whole snapshots (a chat, an inbox, a
/// search result): give the engine the new items with `ListEngine.apply(snapshot:)` and it
/// works out what moved (IGListKit's `performUpdates`).
///
/// Threads: both members run on the main thread. `replaceItems` is called by the engine only,
/// when it applies a snapshot, so the engine's rows and the source's items change together.
public protocol SnapshotDataSource: ListDataSource {
    /// The items shown now, in order.
    var items: [Item] { get }
    /// Shows `items` from now on.
    func replaceItems(with items: [Item])
}

extension SnapshotDataSource {
    public var rowCount: Int { items.count }
    public func item(at row: Int) -> Item? { row >= 0 && row < items.count ? items[row] : nil }
}

/// Snapshot diffs computed off the main thread, waiting for the next frame. Only the newest
/// snapshot counts: an older one finishing late is dropped. Any thread.
final class SnapshotDiffs<Item: ListItem>: Sendable {
    struct Ready: Sendable {
        let sequence: Int
        let items: [Item]
        let changes: ListChanges
    }

    private let state = LockedBox((latest: 0, ready: Ready?.none))
    private let running = DispatchGroup()

    /// A number for a new snapshot; every earlier one is stale from now on.
    func begin() -> Int {
        state.withLock { state in
            state.latest += 1
            state.ready = nil
            return state.latest
        }
    }

    /// Diffs `items` against `base` on a utility queue.
    func diffInBackground(sequence: Int, base: [Item], items: [Item]) {
        running.enter()
        DispatchQueue.global(qos: .userInitiated).async { [state, running] in
            defer { running.leave() }
            let changes = Self.diff(base, items)
            state.withLock { state in
                guard state.latest == sequence else { return }
                state.ready = Ready(sequence: sequence, items: items, changes: changes)
            }
            FrameWake.shared.signal()
        }
    }

    /// The newest finished diff, once.
    func take() -> Ready? { state.withLock { state in defer { state.ready = nil }; return state.ready } }

    /// Blocks until diffs in flight are done (tests, lockstep pacing).
    func wait() { running.wait() }

    /// The fewest moves (a longest increasing subsequence, O(n log n)): every moved row costs
    /// a height-index edit and, animated, a visible slide.
    static func diff(_ old: [Item], _ new: [Item]) -> ListChanges {
        ListDiff.diff(
            old: old.map(\.id), oldVersions: old.map(\.version), new: new.map(\.id), newVersions: new.map(\.version),
            moves: .fewestMoves)
    }
}
