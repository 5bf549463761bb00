import Foundation
import GRDB

extension FeedStore {
    /// What `prepend` did, in the order the posts were given (newest first).
    public struct PrependOutcome: Sendable {
        /// Posts with new ids, now the newest rows (rows 0..<inserted.count), newest first.
        public var inserted: [Post] = []
        /// Known ids whose content changed; updated in place (their rows did not move).
        public var updated: [Post] = []
        /// Known ids with identical content, and ids repeated within the call: nothing written.
        public var unchanged = 0
        /// The stored positions of the inserted posts (`positions()` from here on starts there).
        public var insertedPositions: Range<Int> = 0..<0
    }

    /// Puts `posts` (newest first, as a feed page gives them) on top of the timeline: new ids
    /// become rows 0..<n in the given order — below the stored posts' positions, so no stored
    /// post is rewritten and a reader addressing positions sees nothing move — and known ids
    /// are updated in place (`upsert`'s rule). All or nothing, one transaction.
    ///
    /// Runs on the calling thread (a worker: the feed client's store queue).
    @discardableResult
    public func prepend(_ posts: [Post]) throws(Error) -> PrependOutcome {
        try performWrite("prepending \(posts.count) posts") {
            try pool.write { db in try prepend(posts, in: db) }
        }
    }

    /// `prepend` inside an open transaction.
    func prepend(_ posts: [Post], in db: Database) throws -> PrependOutcome {
                var outcome = PrependOutcome()
                var seen: Set<String> = []
                var fresh: [Post] = []
                for post in posts {
                    guard seen.insert(post.id).inserted else {
                        outcome.unchanged += 1
                        continue
                    }
                    if try Int.fetchOne(db, sql: "SELECT 1 FROM posts WHERE id = ?", arguments: [post.id]) != nil {
                        switch try upsert(post, in: db) {
                        case .updated: outcome.updated.append(post)
                        case .unchanged, .inserted: outcome.unchanged += 1
                        }
                    } else {
                        fresh.append(post)
                    }
                }
                guard !fresh.isEmpty else { return outcome }
                let count = try Self.checkedCount(db, path: path)
                guard count + fresh.count <= Self.maximumRowCount else {
                    throw Error.corrupt(path: path, reason: "the timeline would pass \(Self.maximumRowCount) rows")
                }
                let first = count == 0 ? 0 : try Self.firstPosition(db)
                let start = first - fresh.count
                let statement = try db.cachedStatement(sql: Self.insertSQL)
                let pending = try SearchIndex.pending(db)
                for (offset, post) in fresh.enumerated() {
                    try append(post, at: start + offset, with: statement)
                    try SearchIndex.add(post, at: start + offset, pending: pending, db)
                }
                outcome.inserted = fresh
                outcome.insertedPositions = start..<first
                return outcome
    }
}
