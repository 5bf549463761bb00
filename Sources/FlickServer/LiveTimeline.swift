import FlickCore
import FlickTimeline
import Foundation

/// The served timeline: new posts made while serving (in memory, newest first) above the
/// store's posts (rows 0..<count, newest first). A store the server only reads (the SQLite
/// file) keeps new posts, edits and deletions in memory; a `FeedWriting` store (PostgreSQL)
/// takes them, so every server over it serves them.
///
/// Indexes are over the whole timeline: 0 = the newest post. A `Snapshot` is taken once per
/// request, so one page is cut from one consistent timeline even while new posts arrive.
/// Any thread: new posts go in under a lock; snapshots are immutable values.
final class LiveTimeline: Sendable {
    /// The timeline as one request sees it.
    struct Snapshot: Sendable {
        /// New posts, oldest first (the newest is last).
        let live: [Post]
        let liveIndex: [String: Int]
        let store: any FeedReading
        let storeCount: Int
        /// Posts deleted while serving, or in the store: left out of pages, unknown as cursors.
        let deleted: Set<String>
        /// Posts edited while serving: served in place of the stored version.
        let edited: [String: Post]
        /// The timeline's version: changes whenever a post is added, edited or deleted, or
        /// the store's count changes.
        let version: Version

        var count: Int { live.count + storeCount }

        /// The timeline index of the post with `id`, or nil (also for a deleted post).
        func index(of id: String) throws -> Int? {
            if deleted.contains(id) { return nil }
            if let ordinal = liveIndex[id] { return live.count - 1 - ordinal }
            return try store.rowIndex(ofPostID: id).map { $0 + live.count }
        }

        /// Posts at timeline indexes `range` (clamped), newest first.
        func posts(in range: Range<Int>) throws -> [Post] {
            let range = range.clamped(to: 0..<count)
            guard !range.isEmpty else { return [] }
            var posts: [Post] = []
            posts.reserveCapacity(range.count)
            let liveEnd = min(range.upperBound, live.count)
            if range.lowerBound < liveEnd {
                for index in range.lowerBound..<liveEnd { posts.append(live[live.count - 1 - index]) }
            }
            let storeStart = max(range.lowerBound, live.count) - live.count
            let storeEnd = range.upperBound - live.count
            if storeStart < storeEnd { posts += try store.posts(in: storeStart..<storeEnd) }
            if !edited.isEmpty { posts = posts.map { edited[$0.id] ?? $0 } }
            return deleted.isEmpty ? posts : posts.filter { !deleted.contains($0.id) }
        }
    }

    /// Which timeline a page was cut from: the in-memory changes made while serving, and the
    /// store's revision (`FeedReading.revision()`). Equal versions serve byte-identical pages.
    struct Version: Sendable, Hashable {
        var changes: UInt64
        var storeRevision: Int64
    }

    private struct State: Sendable {
        /// Bumped by every add, edit and delete.
        var changes: UInt64 = 0
        var live: [Post] = []
        var liveIndex: [String: Int] = [:]
        var made = 0
        var deleted: Set<String> = []
        var edited: [String: Post] = [:]
    }

    let store: any FeedReading
    /// The store when the server writes through it (new posts, edits, deletions), else nil.
    private var writable: (any FeedWriting)? { store as? any FeedWriting }
    /// Told (with no argument) after every add, edit and delete; the live stream waits on it.
    let changes = ChangeSignal()
    private let generator: PostContentGenerator
    private let idPrefix: String
    private let state = LockedBox(State())

    init(store: any FeedReading, seed: UInt64, idPrefix: String) {
        self.store = store
        self.generator = PostContentGenerator(seed: seed, images: ImagePoolGenerator.plannedPool)
        self.idPrefix = idPrefix
        // Another process wrote the store (a NOTIFY): the next request rereads its revision,
        // and live streams wake.
        store.observeChanges { [revisionCache, changes] in
            revisionCache.withLock { $0 = nil }
            changes.signal()
        }
    }

    func snapshot() throws -> Snapshot {
        // The revision first: a change after it makes the next `version()` differ, so a page
        // cut from newer posts is never cached under a newer revision than it shows.
        let revision = try store.revision()
        let storeCount = try store.count()
        let storeDeleted = try store.deletedPostIDs()
        // `version()` agrees with the newest snapshot at once.
        revisionCache.withLock { $0 = (revision, .now) }
        let (live, index, deleted, edited, changes) = state.withLock { ($0.live, $0.liveIndex, $0.deleted, $0.edited, $0.changes) }
        return Snapshot(
            live: live, liveIndex: index, store: store, storeCount: storeCount,
            deleted: storeDeleted.isEmpty ? deleted : deleted.union(storeDeleted), edited: edited,
            version: Version(changes: changes, storeRevision: revision))
    }

    /// The current version without taking a snapshot: a lock and the store's revision, the
    /// latter read at most once per `storeRecheck`, and at once after the store tells of a
    /// change (the recheck notices another process importing into a SQLite file).
    func version() throws -> Version {
        let now = ContinuousClock.now
        let cached = revisionCache.value
        let revision: Int64
        if let cached, now - cached.read < Self.storeRecheck {
            revision = cached.revision
        } else {
            revision = try store.revision()
            revisionCache.withLock { $0 = (revision, now) }
        }
        return Version(changes: state.withLock { $0.changes }, storeRevision: revision)
    }

    /// How long a read of the store's revision is trusted by `version()`. 1 s: reading it
    /// costs a query (tens of microseconds, more than a cached page's whole answer), and a
    /// post imported by another process shows within a second even when the store cannot
    /// tell (SQLite) or a notification was lost (a PostgreSQL listener reconnecting).
    static let storeRecheck: Duration = .seconds(1)
    private let revisionCache = LockedBox<(revision: Int64, read: ContinuousClock.Instant)?>(nil)

    /// After a write through the store: the next request rereads the revision, streams wake.
    private func storeChanged() {
        revisionCache.withLock { $0 = nil }
        changes.signal()
    }

    /// Makes `count` new posts with the generator and puts them on top (in the store when it
    /// is written through); returns them, newest first. A post is the generator's post `n`
    /// (content deterministic from the seed) with id `"<prefix><n>"` and the current time; an
    /// id the store already holds is passed over. Runs on the calling thread (the drill's
    /// timer task, or a test).
    @discardableResult
    func add(_ count: Int) throws -> [Post] {
        var made: [Post] = []
        for _ in 0..<max(0, count) {
            var post: Post
            repeat {
                let ordinal = state.withLock { state -> Int in
                    defer { state.made += 1 }
                    return state.made
                }
                post = Self.renamed(generator.post(ordinal), id: idPrefix + String(ordinal), at: Date())
            } while try store.rowIndex(ofPostID: post.id) != nil
            made.append(post)
            if writable != nil { continue }
            let added = post
            state.withLock { state in
                state.liveIndex[added.id] = state.live.count
                state.live.append(added)
                state.changes += 1
            }
        }
        if let writable, !made.isEmpty {
            try writable.prepend(made.reversed())
            storeChanged()
        } else if !made.isEmpty {
            changes.signal()
        }
        return made.reversed()
    }

    /// Deletes `ids` from the served timeline (in the store when it is written through, else
    /// in memory): they leave every page from the next request on, and a cursor naming one
    /// is unknown. Any thread.
    func delete(_ ids: some Sequence<String>) throws {
        if let writable {
            try writable.delete(Array(ids))
            return storeChanged()
        }
        state.withLock { state in
            state.deleted.formUnion(ids)
            state.changes += 1
        }
        changes.signal()
    }

    /// Edits `posts` while serving (in the store when it is written through, else in memory):
    /// from the next request on, pages serve these versions in place of the old ones. Any
    /// thread.
    func edit(_ posts: [Post]) throws {
        if let writable {
            try writable.replace(posts)
            return storeChanged()
        }
        state.withLock { state in
            for post in posts { state.edited[post.id] = post }
            state.changes += 1
        }
        changes.signal()
    }

    private static func renamed(_ post: Post, id: String, at date: Date) -> Post {
        Post(
            id: id, createdAt: date, source: post.source, user: post.user, text: post.text, pics: post.pics,
            reposts: post.reposts, comments: post.comments, likes: post.likes, retweeted: post.retweeted)
    }
}
