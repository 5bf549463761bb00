import Foundation
import GRDB

extension FeedStore {
    /// Where a feed client left off paging a remote timeline into this store (the offline
    /// cache): kept beside the posts, written in the same transaction as each page. Plain value.
    public struct PagingState: Sendable, Hashable {
        /// The timeline's first-page URL the store was filled from.
        public var source: String?
        /// The next older page to ask for; nil before the first page, or at the end.
        public var older: String?
        /// The URL asking for posts newer than the newest stored one.
        public var newer: String?
        /// Whether the oldest page was reached (a page came without `next`).
        public var reachedEnd = false

        public init(source: String? = nil, older: String? = nil, newer: String? = nil, reachedEnd: Bool = false) {
            self.source = source
            self.older = older
            self.newer = newer
            self.reachedEnd = reachedEnd
        }
    }

    /// What `appendPage` did.
    public struct AppendOutcome: Sendable {
        /// Posts with new ids, appended as the last rows in page order.
        public var appended: [Post] = []
        /// Known ids whose content changed (updated in place, rows unchanged).
        public var updated: [Post] = []
        /// Known ids with the same content, or repeated in the page: nothing written.
        public var unchanged = 0
    }

    /// The paging state; an empty one when none was saved. Any worker thread.
    public func pagingState() throws(Error) -> PagingState {
        try perform("reading the paging state") {
            try pool.read { db in try Self.pagingState(db) }
        }
    }

    /// Reads the state in an open transaction; a value of the wrong type reads as absent.
    static func pagingState(_ db: Database) throws -> PagingState {
        guard let row = try Row.fetchOne(db, sql: "SELECT source, older, newer, reached_end FROM paging_state")
        else { return PagingState() }
        return PagingState(
            source: (try? row.decode(String?.self, atIndex: 0)) ?? nil, older: (try? row.decode(String?.self, atIndex: 1)) ?? nil,
            newer: (try? row.decode(String?.self, atIndex: 2)) ?? nil,
            reachedEnd: ((try? row.decode(Int64.self, atIndex: 3)) ?? 0) != 0)
    }

    static func update(_ db: Database, _ change: (inout PagingState) -> Void) throws {
        var state = try pagingState(db)
        change(&state)
        try save(state, db)
    }

    /// Saves `state` alone (e.g. a new `newer` URL from an empty page).
    public func setPagingState(_ state: PagingState) throws(Error) {
        try performWrite("saving the paging state") {
            try pool.write { db in try Self.save(state, db) }
        }
    }

    /// Stores an older page (posts newest first) after the stored ones and changes the paging
    /// state with `update`, in one transaction (so two clients' changes to different fields
    /// never overwrite each other): new ids are appended in page order, known ids updated in
    /// place (a post repeated from an earlier page stays where it is). Worker thread.
    @discardableResult
    public func appendPage(
        _ posts: [Post], updating update: @Sendable (inout PagingState) -> Void
    ) throws(Error) -> AppendOutcome {
        try performWrite("storing a page of \(posts.count) posts") {
            try pool.write { db in
                var outcome = AppendOutcome()
                var seen: Set<String> = []
                for post in posts {
                    guard seen.insert(post.id).inserted else {
                        outcome.unchanged += 1
                        continue
                    }
                    switch try upsert(post, in: db) {
                    case .inserted: outcome.appended.append(post)
                    case .updated: outcome.updated.append(post)
                    case .unchanged: outcome.unchanged += 1
                    }
                }
                try Self.update(db, update)
                return outcome
            }
        }
    }

    /// Prepends newer posts (`prepend`'s rules) and changes the paging state with `update`,
    /// in one transaction. Worker thread.
    @discardableResult
    public func prependPage(
        _ posts: [Post], updating update: @Sendable (inout PagingState) -> Void
    ) throws(Error) -> PrependOutcome {
        try performWrite("storing \(posts.count) newer posts") {
            try pool.write { db in
                let outcome = try prepend(posts, in: db)
                try Self.update(db, update)
                return outcome
            }
        }
    }

    /// Stores the new versions among `posts` of posts already stored (an edit: a changed
    /// content version), in place; unknown ids are ignored. Returns the posts updated, in
    /// order. Worker thread, one transaction.
    public func updateKnownPosts(_ posts: [Post]) throws(Error) -> [Post] {
        try performWrite("updating \(posts.count) known posts") {
            try pool.write { db in
                var updated: [Post] = []
                for post in posts where try Int.fetchOne(db, sql: "SELECT 1 FROM posts WHERE id = ?", arguments: [post.id]) != nil {
                    if case .updated = try upsert(post, in: db) { updated.append(post) }
                }
                return updated
            }
        }
    }

    static func save(_ state: PagingState, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO paging_state (singleton, source, older, newer, reached_end)
                VALUES (1, ?, ?, ?, ?)
                """,
            arguments: [state.source, state.older, state.newer, state.reachedEnd ? 1 : 0])
    }
}
