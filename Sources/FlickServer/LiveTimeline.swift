import FlickCore
import FlickTimeline
import Foundation

/// The served timeline: new posts made while serving (in memory, newest first) above the
/// store's posts (rows 0..<count, newest first). The store is only read, never written.
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
        let store: FeedStore
        let storeCount: Int
        /// Posts deleted while serving: left out of pages, unknown as cursors.
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
    /// store's post count. Equal versions serve byte-identical pages.
    struct Version: Sendable, Hashable {
        var changes: UInt64
        var storeCount: Int
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

    let store: FeedStore
    /// Told (with no argument) after every add, edit and delete; the live stream waits on it.
    let changes = ChangeSignal()
    private let generator: PostContentGenerator
    private let idPrefix: String
    private let state = LockedBox(State())

    init(store: FeedStore, seed: UInt64, idPrefix: String) {
        self.store = store
        self.generator = PostContentGenerator(seed: seed, images: ImagePoolGenerator.plannedPool)
        self.idPrefix = idPrefix
    }

    func snapshot() throws -> Snapshot {
        let storeCount = try store.count()
        // `version()` agrees with the newest snapshot at once.
        storeCountCache.withLock { $0 = (storeCount, .now) }
        let (live, index, deleted, edited, changes) = state.withLock { ($0.live, $0.liveIndex, $0.deleted, $0.edited, $0.changes) }
        return Snapshot(
            live: live, liveIndex: index, store: store, storeCount: storeCount, deleted: deleted, edited: edited,
            version: Version(changes: changes, storeCount: storeCount))
    }

    /// The current version without taking a snapshot: a lock and the store's count, the
    /// latter read at most once per `storeRecheck` (the store is only read while serving;
    /// the recheck notices another process importing into it).
    func version() throws -> Version {
        let now = ContinuousClock.now
        let cached = storeCountCache.value
        let storeCount: Int
        if let cached, now - cached.read < Self.storeRecheck {
            storeCount = cached.count
        } else {
            storeCount = try store.count()
            storeCountCache.withLock { $0 = (storeCount, now) }
        }
        return Version(changes: state.withLock { $0.changes }, storeCount: storeCount)
    }

    /// How long a read of the store's count is trusted by `version()`. 1 s: counting costs a
    /// query (tens of microseconds, more than a cached page's whole answer), and a post
    /// imported by another process shows within a second.
    static let storeRecheck: Duration = .seconds(1)
    private let storeCountCache = LockedBox<(count: Int, read: ContinuousClock.Instant)?>(nil)

    /// Makes `count` new posts with the generator and puts them on top; returns them, newest
    /// first. A post is the generator's post `n` (content deterministic from the seed) with
    /// id `"<prefix><n>"` and the current time; an id the store already holds is passed over.
    /// Runs on the calling thread (the drill's timer task, or a test).
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
            let added = post
            state.withLock { state in
                state.liveIndex[added.id] = state.live.count
                state.live.append(added)
                state.changes += 1
            }
            made.append(post)
        }
        if !made.isEmpty { changes.signal() }
        return made.reversed()
    }

    /// Deletes `ids` from the served timeline (the store is not written): they leave every
    /// page from the next request on, and a cursor naming one is unknown. Any thread.
    func delete(_ ids: some Sequence<String>) {
        state.withLock { state in
            state.deleted.formUnion(ids)
            state.changes += 1
        }
        changes.signal()
    }

    /// Edits `posts` while serving (the store is not written): from the next request on,
    /// pages serve these versions in place of the old ones. Any thread.
    func edit(_ posts: [Post]) {
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
