import FlickCore

extension ListEngine where Source: SnapshotDataSource {
    /// Lists at most this many items (old and new together) are diffed on the main thread at
    /// once; larger ones off it. 4,000 ids diff in well under a millisecond, so the common
    /// small update shows at the very next frame; past that the diff would eat the frame.
    public static var inlineDiffLimit: Int { 4_000 }

    /// Shows `items`: diffed against the items shown now by identity and version (Heckel's
    /// algorithm, O(n)), then applied as one batch at a frame, with the reader's row kept
    /// still — rows that keep their identity keep their drawings, changed versions are drawn
    /// again. Large snapshots are diffed off the main thread and applied at the first frame
    /// after; if another snapshot comes first, the older one is dropped. Main thread.
    public func apply(snapshot items: [Source.Item]) {
        let sequence = snapshotDiffs.begin()
        let base = source.items
        if base.count + items.count <= Self.inlineDiffLimit {
            pendingSnapshot = nil  // superseded: its result would be dropped anyway
            let changes = SnapshotDiffs<Source.Item>.diff(base, items)
            source.replaceItems(with: items)
            if !changes.isEmpty { apply(changes) }
            return
        }
        snapshotDiffs.diffInBackground(sequence: sequence, base: base, items: items)
        let diffs = snapshotDiffs
        let source = source
        pendingSnapshot = { [weak self] in
            guard let ready = diffs.take() else { return false }
            source.replaceItems(with: ready.items)
            if !ready.changes.isEmpty { self?.apply(ready.changes) }
            return true
        }
    }
}
