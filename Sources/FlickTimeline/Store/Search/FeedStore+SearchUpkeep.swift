import Foundation
import GRDB

/// Keeping the find index current from the writers (see `SearchIndex`).
extension FeedStore {
    /// Before a stored post's content is replaced by `post`: takes the old document out of the
    /// index and puts the new one in, unless the row is still pending (the backfill reads the
    /// new body) or its post was deleted. `stored` is the row read by `upsert` (position,
    /// version, body). A stored body that no longer decodes cannot be taken out (a contentless
    /// index needs the old text): its row keeps its old terms, which `search` drops when it
    /// checks each page against the bodies.
    func reindex(_ post: Post, replacing stored: Row, at position: Int, db: Database) throws {
        let pending = try SearchIndex.pending(db)
        guard !pending.contains(position) else { return }
        if try SearchIndex.contains(position, db) {
            let data = try? stored.decode(Data.self, atIndex: 2)
            guard let old = try? decode(data, row: position) else { return }
            try SearchIndex.remove(old, at: position, db)
        }
        guard try Int.fetchOne(db, sql: "SELECT 1 FROM deleted_posts WHERE id = ?", arguments: [post.id]) == nil else {
            return
        }
        try SearchIndex.add(post, at: position, pending: pending, db)
    }

    /// Takes the post with `id` out of the index (it was deleted by its server; its row stays).
    func unindex(id: String, db: Database) throws {
        guard let row = try Row.fetchOne(db, sql: "SELECT position, body FROM posts WHERE id = ?", arguments: [id])
        else { return }
        let position = try row.decode(Int.self, atIndex: 0)
        guard try SearchIndex.contains(position, db) else { return }
        let data = try? row.decode(Data.self, atIndex: 1)
        guard let post = try? decode(data, row: position) else { return }
        try SearchIndex.remove(post, at: position, db)
    }
}
